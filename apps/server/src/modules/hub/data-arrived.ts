import type { TDataArrivedListener } from '../ingestion/index.ts';
import { refreshStationDays } from '../timeseries/index.ts';

/** The hub hears that data arrived: the per-day recovery of the days the file touched, with the data. */
export const hubOnDataArrived: TDataArrivedListener = {
  inTransaction: async (trx, { stationId, versionId, firstTimeMs, lastTimeMs }) => {
    if (firstTimeMs !== null && lastTimeMs !== null)
      await refreshStationDays(trx, stationId, versionId, firstTimeMs, lastTimeMs);
  },
};
