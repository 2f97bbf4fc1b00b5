import type { TRunOptions } from './compute-pool.ts';
import { runComputeTask, type TComputeAccess } from './compute-task.ts';
import type { TComputeTask } from './compute-tasks.ts';

/** A task as a service names it: runTask adds the pool's database URLs, which the thread reads from. */
export type TTaskToRun = TComputeTask extends infer T
  ? T extends { databaseUrl: string }
    ? Omit<T, 'databaseUrl' | 'replicaUrl'>
    : T
  : never;

/** The URLs a task reads from, as the thread wants them: the primary's, and the replica's when there is one. */
export function readUrlsOf(compute: TComputeAccess): { databaseUrl: string; replicaUrl?: string } {
  return {
    databaseUrl: compute.databaseUrl,
    ...(compute.replicaUrl ? { replicaUrl: compute.replicaUrl } : {}),
  };
}

/**
 * Runs a compute task in a thread of the pool when the caller has one, else inline on the event loop
 * (COMPUTE_THREADS=0, tests and scripts built without a pool). `inline` is the same work the task's
 * handler does in the thread (its module's compute-tasks.ts), called with the caller's own database, so
 * either path answers the same `T`. The task goes with the pool's database URLs, the primary's and the
 * replica's (a task that reads nothing ignores them; one that only reads may read the replica). In a thread, a worker's AppError comes back as one and any other failure of the thread as
 * the request's error (runComputeTask); inline, errors are thrown as they are.
 *
 * @example
 * return runTask(this.compute, { kind: 'suitability', job }, () => suitabilityResult(this.db, job));
 */
export async function runTask<T>(
  compute: TComputeAccess | undefined,
  task: TTaskToRun,
  inline: () => T | Promise<T>,
  options: TRunOptions = {},
): Promise<T> {
  if (!compute) return inline();
  const sent = { ...task, ...readUrlsOf(compute) } as TComputeTask;
  return runComputeTask<T>(compute.pool, sent, options);
}
