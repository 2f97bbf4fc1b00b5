import { AppError } from '@masthub/shared';
import type { ComputePool, TRunOptions } from '../../platform/compute/compute-pool.ts';
import type { TStatisticsReply, TStatisticsTask } from './statistics/statistics.worker.ts';

/** The compute pool and the database its threads read from (they open their own connections). */
export interface TComputeAccess {
  pool: ComputePool;
  databaseUrl: string;
}

/** Runs a task of the wind-data worker in the pool, turning a worker's AppError back into one. */
export async function runComputeTask<T>(
  pool: ComputePool,
  task: TStatisticsTask,
  options: TRunOptions = {},
): Promise<T> {
  const reply = await pool.run<TStatisticsTask, TStatisticsReply>(task, options);
  if (!reply.ok) throw new AppError(reply.code, reply.details, reply.fields);
  return reply.value as T;
}
