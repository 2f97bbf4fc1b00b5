import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import type { ColdClimateService } from '../cold-climate/index.ts';
import { SuitabilityService } from './suitability.service.ts';

/** Wires the suitability module: its service over the store, station access and the compute pool. */
export function createSuitabilityService(
  db: Database,
  deps: {
    stationAccess: StationAccess;
    compute?: TComputeAccess | undefined;
    coldClimate?: ColdClimateService | undefined;
  },
): SuitabilityService {
  return new SuitabilityService(db, deps.stationAccess, deps.compute, deps.coldClimate);
}
