// The lidar-versus-mast task that runs in the compute pool (registered by its URL in index.ts).
import type { TComputeHandlers } from '../../platform/compute/compute-tasks.ts';
import { lidarVerifyResult, type TLidarVerifyJob } from './lidar-verify-run.ts';

export type TLidarComputeTask =
  /** The lidar-versus-mast verification of matched heights (lidar-verify-run.ts). */
  { kind: 'lidarVerify'; databaseUrl: string; job: TLidarVerifyJob };

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    lidarVerify: TLidarComputeTask;
  }
}

const lidarTasks: TComputeHandlers<TLidarComputeTask> = {
  lidarVerify: (task, thread) => lidarVerifyResult(thread.databaseOf(task.databaseUrl).db, task.job),
};

export default lidarTasks;
