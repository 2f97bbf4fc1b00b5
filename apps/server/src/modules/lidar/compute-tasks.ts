// The lidar-versus-mast task that runs in the compute pool (registered by its URL in index.ts).
import {
  onDatabase,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { lidarVerifyResult, type TLidarVerifyJob } from './lidar-verify-run.ts';

/** The lidar-versus-mast verification of matched heights (lidar-verify-run.ts). */
export type TLidarComputeTask = TDatabaseJobTask<'lidarVerify', TLidarVerifyJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    lidarVerify: TLidarComputeTask;
  }
}

const lidarTasks: TComputeHandlers<TLidarComputeTask> = { lidarVerify: onDatabase(lidarVerifyResult) };

export default lidarTasks;
