// The energy task that runs in the compute pool (registered by its URL in index.ts).
import {
  onReplica,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { versionsReplayed } from '../timeseries/index.ts';
import { energyResult, type TEnergyJob } from './energy-run.ts';

/** An energy-yield calculation (energy-run.ts). */
export type TEnergyComputeTask = TDatabaseJobTask<'energy', TEnergyJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    energy: TEnergyComputeTask;
  }
}

/** On the read replica when it has replayed the version (platform/db/replica-reads.ts). */
const energyTasks: TComputeHandlers<TEnergyComputeTask> = {
  energy: onReplica((job) => versionsReplayed([job.version.id]), energyResult),
};

export default energyTasks;
