// The site suitability task that runs in the compute pool (registered by its URL in index.ts).
import type { TComputeHandlers } from '../../platform/compute/compute-tasks.ts';
import { suitabilityResult, type TSuitabilityJob } from './suitability-run.ts';

export type TSuitabilityComputeTask =
  /** The IEC 61400-1 class check of a version at hub height (suitability-run.ts). */
  { kind: 'suitability'; databaseUrl: string; job: TSuitabilityJob };

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    suitability: TSuitabilityComputeTask;
  }
}

const suitabilityTasks: TComputeHandlers<TSuitabilityComputeTask> = {
  suitability: (task, thread) => suitabilityResult(thread.databaseOf(task.databaseUrl).db, task.job),
};

export default suitabilityTasks;
