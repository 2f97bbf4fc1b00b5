import type { Database } from '../db/database.ts';
import type { TReplayCheck } from '../db/replica-reads.ts';
import type { createSlots } from './slots.ts';

/**
 * The registry of compute tasks. A module that runs work in the pool lists its task kinds and their
 * handlers as the default export of a file of its own (`<module>/compute-tasks.ts`); the composition root
 * hands those files' URLs to the pools, and each thread imports them before its first task
 * (compute.worker.ts). No worker file imports a feature.
 */

/** A task for the pool: `kind` names the handler that runs it. */
export interface TComputeTaskBase {
  kind: string;
}

/**
 * Every module's tasks, one entry a module, filled in by declaration merging from its compute-tasks.ts
 * (`declare module …/platform/compute/compute-tasks.ts`): a task is checked against its kind's shape
 * where it is sent, and the platform names no module.
 */
// biome-ignore lint/suspicious/noEmptyInterface: merged into by every module that registers tasks
export interface TComputeTaskKinds {}

/** A task of any registered kind. */
export type TComputeTask = TComputeTaskKinds[keyof TComputeTaskKinds];

/** A thread's connections to one database and the turns of its reads (compute.worker.ts). */
export interface TThreadDatabase {
  db: Database;
  readTurn: ReturnType<typeof createSlots>;
}

/** Where a task reads: the primary, and the streaming replica when the installation has one. */
export interface TReadUrls {
  databaseUrl: string;
  /** DATABASE_REPLICA_URL: reads the replica has replayed go there (platform/db/replica-reads.ts). */
  replicaUrl?: string | undefined;
}

/** What a handler gets from its thread: the thread's own small pools of connections to its databases. */
export interface TComputeThread {
  databaseOf(url: string): TThreadDatabase;
  /**
   * The database a task reads from: the replica when `check` finds it caught up (and it answers), else the
   * primary; without a check, the primary. For a read that cannot run twice (a streamed export).
   */
  readerOf<S>(urls: TReadUrls, check: TReplayCheck<S> | undefined): Promise<TThreadDatabase>;
  /** `read` on the database readerOf chooses, run again on the primary when the replica fails under it. */
  readWith<S, R>(
    urls: TReadUrls,
    check: TReplayCheck<S> | undefined,
    read: (db: Database) => Promise<R>,
  ): Promise<R>;
}

/** The handlers of a module's tasks, one per kind; what a handler returns is the task's answer. */
export type TComputeHandlers<TTask extends TComputeTaskBase> = {
  [K in TTask['kind']]: (task: Extract<TTask, { kind: K }>, thread: TComputeThread) => unknown;
};

/** A task that runs a job against a database the thread connects to: the shape most modules' tasks have. */
export interface TDatabaseJobTask<K extends string, TJob> extends TReadUrls {
  kind: K;
  job: TJob;
}

/** The handler of a `TDatabaseJobTask`: `run` on the thread's connection to the task's database. */
export function onDatabase<TJob, R>(
  run: (db: Database, job: TJob) => R,
): (task: { databaseUrl: string; job: TJob }, thread: TComputeThread) => R {
  return (task, thread) => run(thread.databaseOf(task.databaseUrl).db, task.job);
}

/**
 * The handler of a `TDatabaseJobTask` that only reads: on the replica when `checkOf(job)` finds it has
 * replayed what the job reads, else (or with no check: the job reads something no check covers) on the
 * primary; run again on the primary when the replica fails under it.
 */
export function onReplica<TJob, R, S>(
  checkOf: (job: TJob) => TReplayCheck<S> | undefined,
  run: (db: Database, job: TJob) => Promise<R>,
): (task: TReadUrls & { job: TJob }, thread: TComputeThread) => Promise<R> {
  return (task, thread) => thread.readWith(task, checkOf(task.job), (db) => run(db, task.job));
}

/** What the pool gives each thread (piscina's workerData): the URLs of the modules' task files. */
export interface TComputeWorkerData {
  taskModules: readonly string[];
  /** The level of the thread's own log lines (the replica's state changes): the process's LOG_LEVEL. */
  logLevel?: string | undefined;
  /** How long a replica that failed is left (default REPLICA_RETRY_MS; the tests shorten it). */
  replicaRetryMs?: number | undefined;
}
