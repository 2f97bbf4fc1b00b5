// The site suitability task that runs in the compute pool (registered by its URL in index.ts).
import {
  onDatabase,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { suitabilityResult, type TSuitabilityJob } from './suitability-run.ts';

/** The IEC 61400-1 class check of a version at hub height (suitability-run.ts). */
export type TSuitabilityComputeTask = TDatabaseJobTask<'suitability', TSuitabilityJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    suitability: TSuitabilityComputeTask;
  }
}

const suitabilityTasks: TComputeHandlers<TSuitabilityComputeTask> = {
  suitability: onDatabase(suitabilityResult),
};

export default suitabilityTasks;
