import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { TReferenceDataServices } from '../reference-data/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { CandidateService } from './candidates.service.ts';
import { LongTermService } from './longterm.service.ts';
import { LongTermConvergenceService } from './longterm-convergence.service.ts';
import { ScalingService } from './scaling.service.ts';

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

/** The long-term methods beside the workbench: the mesoscale scaling by sector and the candidate ranking. */
export interface TLongTermMethodServices {
  scaling: ScalingService;
  candidates: CandidateService;
}

/** Wires the scaling (over the mesoscale datasets and the station log) and the candidate ranking (the pool). */
export function createLongTermMethodServices(
  db: Database,
  deps: {
    stationAccess: StationAccess;
    stationLog: StationLogService;
    referenceData: Pick<TReferenceDataServices, 'mesoscale' | 'candidates'>;
    compute?: TComputeAccess | undefined;
  },
): TLongTermMethodServices {
  const { stationAccess, referenceData } = deps;
  return {
    scaling: new ScalingService(db, stationAccess, referenceData.mesoscale, deps.stationLog),
    candidates: new CandidateService(db, stationAccess, referenceData.candidates, deps.compute),
  };
}
