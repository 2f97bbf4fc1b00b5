// The site suitability task that runs in the compute pool (registered by its URL in index.ts).
import {
  onReplica,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { versionsReplayed } from '../timeseries/index.ts';
import { suitabilityResult, type TSuitabilityJob } from './suitability-run.ts';

/** The IEC 61400-1 class check of a version at hub height (suitability-run.ts). */
export type TSuitabilityComputeTask = TDatabaseJobTask<'suitability', TSuitabilityJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    suitability: TSuitabilityComputeTask;
  }
}

const suitabilityTasks: TComputeHandlers<TSuitabilityComputeTask> = {
  // On the read replica when it has replayed the version and its long-term one (platform/db/replica-reads.ts).
  suitability: onReplica(
    (job) => versionsReplayed([job.version.id, ...(job.longTerm ? [job.longTerm.id] : [])]),
    suitabilityResult,
  ),
};

export default suitabilityTasks;
