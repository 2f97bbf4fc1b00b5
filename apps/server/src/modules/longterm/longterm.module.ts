import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { LongTermService } from './longterm.service.ts';
import { LongTermConvergenceService } from './longterm-convergence.service.ts';

/** Wires the longterm module: its service over the store, station access, the station log and the pool. */
export function createLongTermService(
  db: Database,
  deps: { stationAccess: StationAccess; stationLog: StationLogService; compute?: TComputeAccess | undefined },
): LongTermService {
  return new LongTermService(db, deps.stationAccess, deps.stationLog, deps.compute);
}

/** Wires the convergence of site defaults over the workbench's resolution, the messages and the pool. */
export function createLongTermConvergenceService(
  db: Database,
  deps: {
    longTerm: LongTermService;
    stationAccess: StationAccess;
    stationLog: StationLogService;
    messages: Pick<MessageService, 'sendMany'>;
    log: Logger;
    compute?: TComputeAccess | undefined;
  },
): LongTermConvergenceService {
  return new LongTermConvergenceService(
    db,
    deps.stationAccess,
    deps.longTerm,
    deps.stationLog,
    deps.messages,
    deps.log,
    deps.compute,
  );
}
