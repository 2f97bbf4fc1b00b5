import type { TDataArrivedListener } from '../ingestion/index.ts';
import type { AlarmService } from './alarms.service.ts';

/**
 * The alarms hear that data arrived: in the file's transaction the site's status moves and its open
 * data-missing alarm closes where the new data begins; after the commit the QC rules run over the
 * file's period (a bad sensor is seen minutes after its file lands) and its data is judged for icing.
 */
export function alarmsOnDataArrived(alarms: AlarmService): TDataArrivedListener {
  return {
    inTransaction: (trx, { stationId, firstTimeMs }) =>
      alarms.onDataArrived(trx, stationId, firstTimeMs === null ? null : new Date(firstTimeMs)),
    afterCommit: async ({ stationId, firstTimeMs, lastTimeMs }) => {
      await alarms.announceClosed(stationId);
      if (firstTimeMs !== null && lastTimeMs !== null) {
        await alarms.evaluateAbnormal(stationId, firstTimeMs, lastTimeMs);
        await alarms.evaluateIcing(stationId, firstTimeMs, lastTimeMs);
      }
    },
  };
}
