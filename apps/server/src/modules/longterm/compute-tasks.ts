// The long-term correction tasks that run in the compute pool (registered by their URL in index.ts).
import {
  onReplica,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import type { TSeriesSource } from '../reference-data/index.ts';
import { versionsReplayed } from '../timeseries/index.ts';
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

/**
 * The read replica's check of a job's sources (platform/db/replica-reads.ts): sites' versions by their
 * data revisions; a mesoscale dataset or a stored reference series has no revision to judge the replica
 * by, so a job reading one reads the primary (undefined).
 */
function sourcesReplayed(sources: readonly (TSeriesSource | undefined)[]) {
  const versions: number[] = [];
  for (const source of sources) {
    if (!source) continue;
    if (source.kind !== 'site') return undefined;
    versions.push(source.speed.versionId);
    if (source.direction) versions.push(source.direction.versionId);
  }
  return versionsReplayed(versions);
}

const bySources = (job: { target: TSeriesSource; reference: TSeriesSource }) =>
  sourcesReplayed([job.target, job.reference]);

const longTermTasks: TComputeHandlers<TLongTermComputeTask> = {
  longterm_compare: onReplica(bySources, compareResult),
  longterm_generate: onReplica(bySources, generateSeries),
  longterm_candidates: onReplica(
    (job) => sourcesReplayed([job.target, ...job.candidates.map((c) => c.source)]),
    rankCandidates,
  ),
  longterm_convergence: onReplica(bySources, convergenceSeries),
};

export default longTermTasks;
