// The long-term correction tasks that run in the compute pool (registered by their URL in index.ts).
import type { TComputeHandlers } from '../../platform/compute/compute-tasks.ts';
import { rankCandidates, type TCandidateJob } from './longterm-candidates.ts';
import { convergenceSeries, type TConvergenceJob } from './longterm-convergence-run.ts';
import { generateSeries, type TLongTermGenerateJob } from './longterm-generate.ts';
import { compareResult, type TLongTermJob } from './longterm-run.ts';

export type TLongTermComputeTask =
  /** Every MCP method compared (longterm-run.ts). */
  | { kind: 'longterm_compare'; databaseUrl: string; job: TLongTermJob }
  /** The chosen row's long-term series to write as a version (longterm-generate.ts). */
  | { kind: 'longterm_generate'; databaseUrl: string; job: TLongTermGenerateJob }
  /** The candidate references of a target ranked (longterm-candidates.ts). */
  | { kind: 'longterm_candidates'; databaseUrl: string; job: TCandidateJob }
  /** L_m and u_MCP(m) of a site default, m = 3 … M (longterm-convergence-run.ts). */
  | { kind: 'longterm_convergence'; databaseUrl: string; job: TConvergenceJob };

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    longterm: TLongTermComputeTask;
  }
}

const longTermTasks: TComputeHandlers<TLongTermComputeTask> = {
  longterm_compare: (task, thread) => compareResult(thread.databaseOf(task.databaseUrl).db, task.job),
  longterm_generate: (task, thread) => generateSeries(thread.databaseOf(task.databaseUrl).db, task.job),
  longterm_candidates: (task, thread) => rankCandidates(thread.databaseOf(task.databaseUrl).db, task.job),
  longterm_convergence: (task, thread) => convergenceSeries(thread.databaseOf(task.databaseUrl).db, task.job),
};

export default longTermTasks;
