import { AppError } from '@masthub/shared';
import type { ComputePool, TRunOptions } from '../../platform/compute/compute-pool.ts';
import type { TComputeReply, TComputeTask } from './compute.worker.ts';

/** The worker module of the compute pool: every wind-data task that runs off the event loop. */
export const COMPUTE_WORKER_URL = new URL('./compute.worker.ts', import.meta.url).href;

/** The compute pool and the database its threads read from (they open their own connections). */
export interface TComputeAccess {
  pool: ComputePool;
  databaseUrl: string;
  /**
   * Threads for streamed exports, several at once a thread: an export waiting for a slow download must
   * not hold the thread the statistics wait for.
   */
  streams: ComputePool;
}

/** Runs a task of the wind-data worker in the pool, turning a worker's AppError back into one. */
export async function runComputeTask<T>(
  pool: ComputePool,
  task: TComputeTask,
  options: TRunOptions = {},
): Promise<T> {
  const reply = await pool.run<TComputeTask, TComputeReply>(task, options);
  if (!reply.ok) throw new AppError(reply.code, reply.details, reply.fields);
  return reply.value as T;
}
