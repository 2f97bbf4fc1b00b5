import { AppError } from '@masthub/shared';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { TComputeReply } from './compute.worker.ts';
import type { ComputePool, TRunOptions } from './compute-pool.ts';
import type { TComputeTask } from './compute-tasks.ts';

/** The compute pool and the database its threads read from (they open their own connections). */
export interface TComputeAccess {
  pool: ComputePool;
  databaseUrl: string;
  /**
   * DATABASE_REPLICA_URL: the threads read there what the replica has replayed (platform/db/replica-reads.ts);
   * writes and the reads of the API's own pool stay on `databaseUrl`.
   */
  replicaUrl?: string | undefined;
  /**
   * Threads for streamed exports, several at once a thread: an export waiting for a slow download must
   * not hold the thread the statistics wait for.
   */
  streams: ComputePool;
}

/** Piscina's refusal when its own queue is full (the admission in front of it should keep it short). */
const QUEUE_FULL_MESSAGE = 'Task queue is at limit';

/**
 * What a request answers when a worker thread failed under its task without an AppError: the database
 * unreachable from the thread (its connection timed out, as under load) is DATABASE_UNAVAILABLE (503), a
 * full queue SERVER_BUSY (503), anything else (the thread died, a bug) COMPUTE_FAILED (500) with the
 * thread's error as its cause for the log. Never a raw error nobody catches (issue 26).
 */
export function computeFailure(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const failure = isDatabaseUnavailable(error)
    ? new AppError('DATABASE_UNAVAILABLE')
    : error instanceof Error && error.message.includes(QUEUE_FULL_MESSAGE)
      ? new AppError('SERVER_BUSY', { retryAfterSeconds: 10 })
      : new AppError('COMPUTE_FAILED');
  failure.cause = error;
  return failure;
}

/**
 * Runs a task in the pool (a kind some module registered, see compute-tasks.ts), turning a worker's AppError back into one and any
 * other failure of the thread into the request's localised error (see computeFailure).
 */
export async function runComputeTask<T>(
  pool: ComputePool,
  task: TComputeTask,
  options: TRunOptions = {},
): Promise<T> {
  let reply: TComputeReply;
  try {
    reply = await pool.run<TComputeTask, TComputeReply>(task, options);
  } catch (error) {
    // Cancelled because the client went away: nobody reads the answer, keep the abort as it is.
    if (options.signal?.aborted) throw error;
    throw computeFailure(error);
  }
  if (!reply.ok) throw new AppError(reply.code, reply.details, reply.fields);
  return reply.value as T;
}
