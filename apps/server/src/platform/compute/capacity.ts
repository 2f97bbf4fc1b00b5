import type { TAdmissionLimits } from './admission.ts';
import { defaultComputeThreads } from './compute-pool.ts';

/** Exports a thread of the export pool writes at once (each waits on its client between pieces). */
export const EXPORTS_PER_THREAD = 8;

/**
 * Connections of a worker thread's own pool to the database. A statistics thread runs one task at a
 * time; an export thread reads the series of at most this many of its exports at once (the others wait
 * their turn in the thread, without a deadline), so no task waits for a connection of its own thread
 * until it times out — as four exports of a long site once did, and took the process down (issue 26).
 */
export const THREAD_CONNECTIONS = 2;

/** pg-boss's own pool (platform/jobs/jobs.ts). */
export const JOBS_CONNECTIONS = 8;

/** Compute-lane calls running at once per statistics thread: one computing, one reading its request. */
const COMPUTE_CALLS_PER_THREAD = 2;

/** What one process runs at once and the database connections it may open, worked out in one place. */
export interface TCapacity {
  /** Statistics threads (COMPUTE_THREADS; 0 = on the event loop); as many export threads again. */
  threads: number;
  admission: TAdmissionLimits;
  connections: {
    /** The event loop's pool (DATABASE_POOL_SIZE; the realtime LISTEN connection is one of them). */
    process: number;
    jobs: number;
    /** THREAD_CONNECTIONS per statistics thread. */
    computeThreads: number;
    /** THREAD_CONNECTIONS per export thread. */
    exportThreads: number;
    /** What PostgreSQL's max_connections must leave room for, per process. */
    total: number;
  };
}

/**
 * The arithmetic of one process (documented in .env.example): with T = COMPUTE_THREADS, at most 2·T
 * compute calls and 8·T exports run at once, every user at most HEAVY_PER_USER of them, HEAVY_QUEUE
 * more wait per lane; connections = DATABASE_POOL_SIZE + 8 (jobs) + 2·T (statistics threads) + 2·T
 * (export threads) — e.g. 20 + 8 + 2 + 2 = 32 on a 2-core machine (T = 1), 56 with T = 7.
 */
export function capacityOf(config: {
  COMPUTE_THREADS?: number | undefined;
  DATABASE_POOL_SIZE: number;
  HEAVY_PER_USER: number;
  HEAVY_QUEUE: number;
}): TCapacity {
  const threads = config.COMPUTE_THREADS ?? defaultComputeThreads();
  const workers = Math.max(1, threads);
  const computeThreads = threads > 0 ? threads * THREAD_CONNECTIONS : 0;
  const exportThreads = threads > 0 ? threads * THREAD_CONNECTIONS : 0;
  return {
    threads,
    admission: {
      perUser: config.HEAVY_PER_USER,
      queue: config.HEAVY_QUEUE,
      running: { compute: workers * COMPUTE_CALLS_PER_THREAD, export: workers * EXPORTS_PER_THREAD },
    },
    connections: {
      process: config.DATABASE_POOL_SIZE,
      jobs: JOBS_CONNECTIONS,
      computeThreads,
      exportThreads,
      total: config.DATABASE_POOL_SIZE + JOBS_CONNECTIONS + computeThreads + exportThreads,
    },
  };
}
