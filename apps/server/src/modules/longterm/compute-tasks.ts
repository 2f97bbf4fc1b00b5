// The long-term correction tasks that run in the compute pool (registered by their URL in index.ts).
import {
  onDatabase,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { rankCandidates, type TCandidateJob } from './longterm-candidates.ts';
import { convergenceSeries, type TConvergenceJob } from './longterm-convergence-run.ts';
import { generateSeries, type TLongTermGenerateJob } from './longterm-generate.ts';
import { compareResult, type TLongTermJob } from './longterm-run.ts';

export type TLongTermComputeTask =
  /** Every MCP method compared (longterm-run.ts). */
  | TDatabaseJobTask<'longterm_compare', TLongTermJob>
  /** The chosen row's long-term series to write as a version (longterm-generate.ts). */
  | TDatabaseJobTask<'longterm_generate', TLongTermGenerateJob>
  /** The candidate references of a target ranked (longterm-candidates.ts). */
  | TDatabaseJobTask<'longterm_candidates', TCandidateJob>
  /** L_m and u_MCP(m) of a site default, m = 3 … M (longterm-convergence-run.ts). */
  | TDatabaseJobTask<'longterm_convergence', TConvergenceJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    longterm: TLongTermComputeTask;
  }
}

const longTermTasks: TComputeHandlers<TLongTermComputeTask> = {
  longterm_compare: onDatabase(compareResult),
  longterm_generate: onDatabase(generateSeries),
  longterm_candidates: onDatabase(rankCandidates),
  longterm_convergence: onDatabase(convergenceSeries),
};

export default longTermTasks;
