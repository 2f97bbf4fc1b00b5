import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { LongTermService } from './longterm.service.ts';

/** Wires the longterm module: its service over the store, station access, the station log and the pool. */
export function createLongTermService(
  db: Database,
  deps: { stationAccess: StationAccess; stationLog: StationLogService; compute?: TComputeAccess | undefined },
): LongTermService {
  return new LongTermService(db, deps.stationAccess, deps.stationLog, deps.compute);
}
