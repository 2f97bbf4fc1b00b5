import type { Database } from '../../platform/db/database.ts';
import { TimeSeriesRepository } from './timeseries.repository.ts';

/**
 * What other modules read and write time series through (versions, channels, chunks, summaries): the
 * store's public operations, without its repository class, which stays inside the module.
 */
export type TTimeSeriesStore = Pick<TimeSeriesRepository, keyof TimeSeriesRepository>;

/** The time-series store over `db` (a transaction where the caller is in one). */
export function openTimeSeriesStore(db: Database): TTimeSeriesStore {
  return new TimeSeriesRepository(db);
}
