// The energy task that runs in the compute pool (registered by its URL in index.ts).
import {
  onDatabase,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { energyResult, type TEnergyJob } from './energy-run.ts';

/** An energy-yield calculation (energy-run.ts). */
export type TEnergyComputeTask = TDatabaseJobTask<'energy', TEnergyJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    energy: TEnergyComputeTask;
  }
}

const energyTasks: TComputeHandlers<TEnergyComputeTask> = { energy: onDatabase(energyResult) };

export default energyTasks;
