// The lidar-versus-mast task that runs in the compute pool (registered by its URL in index.ts).
import {
  onReplica,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { versionsOfChannels, versionsReplayed } from '../timeseries/index.ts';
import { lidarVerifyResult, type TLidarVerifyJob } from './lidar-verify-run.ts';

/** The lidar-versus-mast verification of matched heights (lidar-verify-run.ts). */
export type TLidarComputeTask = TDatabaseJobTask<'lidarVerify', TLidarVerifyJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    lidarVerify: TLidarComputeTask;
  }
}

/** On the read replica when it has replayed both versions (platform/db/replica-reads.ts). */
const lidarTasks: TComputeHandlers<TLidarComputeTask> = {
  lidarVerify: onReplica(
    (job) =>
      versionsReplayed(
        versionsOfChannels(
          job.pairs.flatMap((p) => [p.lidarSpeed, p.mastSpeed, p.lidarDirection, p.mastDirection]),
        ),
      ),
    lidarVerifyResult,
  ),
};

export default lidarTasks;
