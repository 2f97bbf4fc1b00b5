import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import { LidarVerifyService } from './lidar-verify.service.ts';

/** Wires the lidar module: the lidar-versus-mast service over the store, station access and the pool. */
export function createLidarVerifyService(
  db: Database,
  deps: { stationAccess: StationAccess; compute?: TComputeAccess | undefined },
): LidarVerifyService {
  return new LidarVerifyService(db, deps.stationAccess, deps.compute);
}
