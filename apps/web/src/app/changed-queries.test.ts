import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { accessTokenKeys } from '../features/access-tokens/index.ts';
import { ingestionKeys } from '../features/ingestion/index.ts';
import { receiptKeys } from '../features/receipts/index.ts';
import { stationKeys } from '../features/stations/index.ts';
import { queriesChangedBy } from './changed-queries.ts';

/** The keys of `cached` that the change marks stale, as react-query matches them. */
function staleAfter(change: Parameters<typeof queriesChangedBy>[0], cached: readonly (readonly unknown[])[]) {
  const client = new QueryClient();
  for (const key of cached) client.setQueryData(key, 1);
  for (const queryKey of queriesChangedBy(change)) void client.invalidateQueries({ queryKey });
  return cached.filter((key) => client.getQueryState(key)?.isInvalidated);
}

describe('queriesChangedBy(change)', () => {
  const cached = [
    receiptKeys.page(7, 1, false),
    receiptKeys.page(7, 2, true),
    receiptKeys.page(8, 1, false),
    receiptKeys.detail(31),
    receiptKeys.digest,
    ingestionKeys.rawFilePage({ stationId: 7, pageNo: 1, pageSize: 10 }),
    ingestionKeys.rawFilePage({ stationId: 8, pageNo: 1, pageSize: 10 }),
    ingestionKeys.versions(7),
    stationKeys.detail(7),
    stationKeys.page({ pageNo: 1, pageSize: 20 }),
    stationKeys.fields,
    ['hub', 'overview', 3],
    ['station-log', 'page', 'zh', {}],
    accessTokenKeys.own,
    accessTokenKeys.admin({ pageNo: 1, pageSize: 10, userId: 4 }),
  ] as const;

  it('marks a site’s receipt pages, the open receipts, its files’ badges and the hub stale on a receipts change', () => {
    expect(staleAfter({ event: 'changed', topic: 'receipts', stationId: 7 }, cached)).toEqual([
      receiptKeys.page(7, 1, false),
      receiptKeys.page(7, 2, true),
      receiptKeys.detail(31),
      ingestionKeys.rawFilePage({ stationId: 7, pageNo: 1, pageSize: 10 }),
      ['hub', 'overview', 3],
    ]);
  });

  it('marks a site’s files, versions, detail, the site list, the log and the hub stale on a station-data change', () => {
    expect(staleAfter({ event: 'changed', topic: 'station-data', stationId: 7 }, cached)).toEqual([
      ingestionKeys.rawFilePage({ stationId: 7, pageNo: 1, pageSize: 10 }),
      ingestionKeys.versions(7),
      stationKeys.detail(7),
      stationKeys.page({ pageNo: 1, pageSize: 20 }),
      ['hub', 'overview', 3],
      ['station-log', 'page', 'zh', {}],
    ]);
  });

  it('marks the own and the administrators’ token lists stale on an access-tokens change, nothing else', () => {
    expect(staleAfter({ event: 'changed', topic: 'access-tokens' }, cached)).toEqual([
      accessTokenKeys.own,
      accessTokenKeys.admin({ pageNo: 1, pageSize: 10, userId: 4 }),
    ]);
  });
});
