import type { TChangeFrame } from '@masthub/shared';
import type { QueryKey } from '@tanstack/react-query';
import { accessTokenKeys } from '../features/access-tokens/index.ts';
import { ingestionKeys } from '../features/ingestion/index.ts';
import { receiptKeys } from '../features/receipts/index.ts';
import { stationKeys } from '../features/stations/index.ts';

/**
 * The one table from what the server says changed to the queries that show it (issue 41 §2): each
 * `changed` frame of the real-time channel marks these stale, and the screens on view ask again — no
 * reload, whoever or whatever made the change (an upload in another tab, an e-mail source, a receipt's
 * job, a call with a token).
 */
export function queriesChangedBy(change: TChangeFrame): QueryKey[] {
  switch (change.topic) {
    case 'receipts':
      // The site's receipt list and open receipts, its files' badges, the hub's receipt card.
      return [
        receiptKeys.stationPages(change.stationId),
        receiptKeys.details,
        ingestionKeys.rawFiles(change.stationId),
        ['hub'],
      ];
    case 'station-data':
      // The site's files, versions, header and detail (status, last data time), the site list, the log.
      return [['stations', change.stationId], stationKeys.pages, ['station-log'], ['hub']];
    case 'access-tokens':
      // The personal centre's list and the administrators' lists.
      return [accessTokenKeys.all];
  }
}
