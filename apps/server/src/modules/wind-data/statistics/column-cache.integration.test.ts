import { createHash } from 'node:crypto';
import { ZStatisticsRequest } from '@masthub/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildStation,
  buildUser,
  grantRoleStations,
  startTestServer,
  type TTestServer,
} from '../../../../test/test-server.ts';
import { seedOriginal } from '../../../../test/wind-fixtures.ts';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import { encodeValues } from '../../timeseries/chunk.ts';
import { ColumnCache, type TColumn } from '../../timeseries/index.ts';
import { StatisticsService } from './statistics.service.ts';

let server: TTestServer;
let user: TAuthUser;
let versionId: number;
let cache: ColumnCache;
let cached: StatisticsService;
let plain: StatisticsService;
const START = Date.UTC(2024, 0, 1);
const DAYS = 90;

/** Ten-minute slots of the UTC month starting at `monthStart`. */
function slotsOf(monthStart: Date): number {
  const next = Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1);
  return (next - monthStart.getTime()) / 600_000;
}

function digest(columns: TColumn[]): string {
  const hash = createHash('sha256');
  for (const c of columns) {
    hash.update(new Uint8Array(c.values.buffer, c.values.byteOffset, c.values.byteLength));
    hash.update(c.flags);
  }
  return hash.digest('hex');
}

beforeAll(async () => {
  server = await startTestServer({ COMPUTE_THREADS: '1' });
  const station = await buildStation(server.db);
  const n = DAYS * 144;
  const speed = Array.from({ length: n }, (_, i) => 6 + 3 * Math.sin(i / 41) + (i % 13) / 7);
  const seeded = await seedOriginal(server, station.id, START, [
    { dataKey: 'WS_80', element: 'ws', heightM: 80, values: speed },
    { dataKey: 'WS_60', element: 'ws', heightM: 60, values: speed.map((v) => v * 0.93) },
    { dataKey: 'WD_78', element: 'wd', heightM: 78, values: speed.map((_, i) => (i * 7.3) % 360) },
  ]);
  versionId = seeded.versionId;
  const account = await buildUser(server.db, { features: ['data.process'] });
  await grantRoleStations(server.db, account.roleId, [station.id]);
  user = (await server.services.identity.authenticate(
    await server.login(account.account, account.password),
  ))!;
  const computeAccess = {
    pool: server.services.compute,
    databaseUrl: server.databaseUrl,
    streams: server.services.computeStreams,
  };
  cache = new ColumnCache(64 * 1024 * 1024);
  cached = new StatisticsService(
    server.db,
    server.services.versions,
    server.services.stationAccess,
    computeAccess,
    undefined,
    cache,
  );
  plain = new StatisticsService(server.db, server.services.versions, server.services.stationAccess);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('the decoded-column cache (issue 33)', () => {
  it('keeps the columns a worker thread read, in shared memory, and a second analysis of the same data reads no chunk', async () => {
    const request = ZStatisticsRequest.parse({ versionId });
    const first = await cached.analyse(user, request, { language: 'zh', utcOffsetMinutes: 480 });
    expect(first).toEqual(await plain.analyse(user, request, { language: 'zh', utcOffsetMinutes: 480 }));
    expect(cache.size).toBe(3);
    expect(cache.bytes).toBe(3 * DAYS * 144 * 5);
    const expected = await plain.analyse(user, request, { language: 'zh', utcOffsetMinutes: 0 });
    // The stored values are overwritten with zeros behind the data revision's back (its triggers off):
    // an analysis that read a chunk now would see them.
    const saved = await sql<{ channel_id: string; month_start: Date; values: Buffer }>`
      SELECT channel_id, month_start, "values" FROM ts_chunk WHERE version_id = ${versionId}`.execute(
      server.db,
    );
    await sql`ALTER TABLE ts_chunk DISABLE TRIGGER USER`.execute(server.db);
    try {
      for (const row of saved.rows) {
        await sql`UPDATE ts_chunk SET "values" = ${encodeValues(new Float32Array(row.values.length > 0 ? slotsOf(row.month_start) : 0))}
          WHERE version_id = ${versionId} AND channel_id = ${row.channel_id} AND month_start = ${row.month_start}`.execute(
          server.db,
        );
      }
      // Another time zone: another answer, computed in the worker from the cached columns alone.
      const second = await cached.analyse(user, request, { language: 'zh', utcOffsetMinutes: 0 });
      expect(second).toEqual(expected);
      expect(cache.size).toBe(3);
      // The cache-less service does read the zeros (the check above could fail).
      // (a new service: the other one holds this answer in its result cache, keyed by the same revision).
      const fresh = new StatisticsService(server.db, server.services.versions, server.services.stationAccess);
      const reread = await fresh.analyse(user, request, { language: 'zh', utcOffsetMinutes: 0 });
      expect(reread).not.toEqual(expected);
    } finally {
      for (const row of saved.rows) {
        await sql`UPDATE ts_chunk SET "values" = ${row.values}
          WHERE version_id = ${versionId} AND channel_id = ${row.channel_id} AND month_start = ${row.month_start}`.execute(
          server.db,
        );
      }
      await sql`ALTER TABLE ts_chunk ENABLE TRIGGER USER`.execute(server.db);
    }
  });

  it('leaves the cached columns bit for bit as they were after analyses on them', async () => {
    const request = ZStatisticsRequest.parse({ versionId, sectors: 16, includeSuspicious: true });
    const held = [...cache.columns()];
    expect(held.length).toBeGreaterThan(0);
    const before = digest(held);
    await cached.analyse(user, request, { language: 'en', utcOffsetMinutes: 120 });
    await cached.analyse(
      user,
      ZStatisticsRequest.parse({ versionId, sectors: 12, weibullMethod: 'moment' }),
      { language: 'en', utcOffsetMinutes: 60 },
    );
    expect(digest(held)).toBe(before);
  });

  it('never serves columns of data that changed since: a new data revision is a new key', async () => {
    const request = ZStatisticsRequest.parse({ versionId });
    const ctx = { language: 'zh' as const, utcOffsetMinutes: 480 };
    const before = await cached.analyse(user, request, ctx);
    // The data change: every 80 m speed doubled in the store (through SQL, as a processing step writes).
    const { TimeSeriesRepository } = await import('../../timeseries/timeseries.repository.ts');
    const store = new TimeSeriesRepository(server.db);
    const channels = await store.listChannels(versionId);
    const ws80 = channels.find((c) => c.dataKey === 'WS_80')!;
    const series = await store.readChannel(ws80.id, START, START + DAYS * 86_400_000);
    const { writeSeries } = await import('../../timeseries/index.ts');
    await server.db.transaction().execute(async (trx) => {
      const s = new TimeSeriesRepository(trx);
      await s.lockVersion(versionId);
      await writeSeries(
        s,
        versionId,
        ws80,
        series!.startMs,
        series!.values.map((v) => v * 2),
        series!.flags,
      );
    });
    const after = await cached.analyse(user, request, { ...ctx, utcOffsetMinutes: 479 });
    expect(after).toEqual(await plain.analyse(user, request, { ...ctx, utcOffsetMinutes: 479 }));
    expect(JSON.stringify(after)).not.toEqual(JSON.stringify(before));
  });
});
