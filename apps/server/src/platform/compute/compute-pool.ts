import os from 'node:os';
import { Piscina } from 'piscina';
import type { TComputeWorkerData } from './compute-tasks.ts';

/** The worker module of every pool: it runs the tasks of the task files it is given (compute-tasks.ts). */
const COMPUTE_WORKER_URL = new URL('./compute.worker.ts', import.meta.url).href;

/**
 * How long an idle thread is kept. Starting one costs ≈ 1.2 s before its first task (loading the modules,
 * connecting to the database; measured on the 2-core CI machine against 20 ms for the same small analysis
 * on a running thread; ≈ 7.7 s on a loaded machine), so the threads start with the server (warm) and a
 * user coming back after a coffee must not pay it again; threads still leave an installation nobody uses.
 */
const IDLE_TIMEOUT_MS = 15 * 60_000;

/** Worker threads by default: one core is left to the event loop (HTTP, websocket, database). */
export function defaultComputeThreads(): number {
  return Math.max(1, Math.min(8, os.availableParallelism() - 1));
}

/**
 * The Node options a worker thread needs to load TypeScript: the process's own when it was started
 * with tsx (npm start), else `--import tsx` (a test runner that transforms on its own).
 */
function workerExecArgv(): string[] {
  const own = process.execArgv.filter((a) => !a.startsWith('--inspect'));
  return own.some((a) => a.includes('tsx')) ? own : [...own, '--import', 'tsx'];
}

export interface TRunOptions {
  /** Aborting (the client went away) drops a queued task and stops a running one's thread. */
  signal?: AbortSignal;
  /** Buffers moved to the worker instead of copied (typed-array inputs). */
  transferList?: Transferable[];
}

/**
 * A pool of worker threads (piscina) for CPU-heavy work, so one user's five-year statistics never
 * hold up another user's request on the event loop. Threads start with the server (warm) or on first
 * use and leave after a quarter of an hour idle; a thread that crashes fails its task and is replaced,
 * the process carries on.
 */
export class ComputePool {
  private readonly pool: Piscina;

  constructor(options: {
    /** The URLs of the modules' task files (`<module>/compute-tasks.ts`) the threads import. */
    taskModules: readonly string[];
    threads: number;
    /**
     * Tasks a thread takes at once (default 1). Above 1 for tasks that mostly wait (an export waiting for
     * a slow download to take its next piece): they share the thread between their CPU bursts.
     */
    tasksPerThread?: number;
    /** The level of the threads' own log lines (LOG_LEVEL). */
    logLevel?: string | undefined;
    /** How long a thread leaves a replica that failed (default REPLICA_RETRY_MS). */
    replicaRetryMs?: number | undefined;
  }) {
    this.pool = new Piscina({
      filename: COMPUTE_WORKER_URL,
      workerData: {
        taskModules: options.taskModules,
        logLevel: options.logLevel,
        replicaRetryMs: options.replicaRetryMs,
      } satisfies TComputeWorkerData,
      minThreads: 0,
      maxThreads: Math.max(1, options.threads),
      concurrentTasksPerWorker: Math.max(1, options.tasksPerThread ?? 1),
      idleTimeout: IDLE_TIMEOUT_MS,
      execArgv: workerExecArgv(),
      // A task waits while every thread is busy; a queue this long means the machine is overloaded.
      maxQueue: 256,
    });
  }

  /** Tasks finished since the start (the tests tell a cached answer from a computed one by it). */
  get completed(): number {
    return this.pool.completed;
  }

  get threads(): number {
    return this.pool.options.maxThreads;
  }

  /** Threads running now (started, not yet left after their idle quarter of an hour). */
  get startedThreads(): number {
    return this.pool.threads.length;
  }

  run<TIn, TOut>(task: TIn, options: TRunOptions = {}): Promise<TOut> {
    return this.pool.run(task, {
      ...(options.signal ? { signal: options.signal } : {}),
      ...(options.transferList ? { transferList: options.transferList as never } : {}),
    }) as Promise<TOut>;
  }

  /**
   * Starts `count` threads (all by default) by giving each a small task at once: each loads its modules
   * and runs `task` (opening its database connection), so the first real request does not wait for that.
   */
  async warm<TIn>(task: TIn, count: number = this.threads): Promise<void> {
    await Promise.all(Array.from({ length: Math.max(1, count) }, () => this.pool.run(task)));
  }

  async close(): Promise<void> {
    await this.pool.destroy();
  }
}
