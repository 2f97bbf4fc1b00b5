// The energy task that runs in the compute pool (registered by its URL in index.ts).
import type { TComputeHandlers } from '../../platform/compute/compute-tasks.ts';
import { energyResult, type TEnergyJob } from './energy-run.ts';

export type TEnergyComputeTask =
  /** An energy-yield calculation (energy-run.ts). */
  { kind: 'energy'; databaseUrl: string; job: TEnergyJob };

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    energy: TEnergyComputeTask;
  }
}

const energyTasks: TComputeHandlers<TEnergyComputeTask> = {
  energy: (task, thread) => energyResult(thread.databaseOf(task.databaseUrl).db, task.job),
};

export default energyTasks;
