import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { TDataArrivedListener } from '../ingestion/index.ts';
import type { LongTermConvergenceService } from './longterm-convergence.service.ts';

/**
 * The long-term convergence hears that data arrived: after the commit, a recompute of the site's
 * convergence is queued when the data reaches a calendar month its stored series has not seen — a job,
 * never a computation inside the ingest.
 */
export function longTermOnDataArrived(
  convergence: Pick<LongTermConvergenceService, 'onDataArrived'>,
  jobs: Pick<TJobs, 'send'>,
): TDataArrivedListener {
  return { afterCommit: (event) => convergence.onDataArrived(jobs, event) };
}
