import type { Database } from '../db/database.ts';
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

/** What a handler gets from its thread: the thread's own small pool of connections to a database. */
export interface TComputeThread {
  databaseOf(url: string): { db: Database; readTurn: ReturnType<typeof createSlots> };
}

/** The handlers of a module's tasks, one per kind; what a handler returns is the task's answer. */
export type TComputeHandlers<TTask extends TComputeTaskBase> = {
  [K in TTask['kind']]: (task: Extract<TTask, { kind: K }>, thread: TComputeThread) => unknown;
};

/** A task that runs a job against a database the thread connects to: the shape most modules' tasks have. */
export interface TDatabaseJobTask<K extends string, TJob> {
  kind: K;
  databaseUrl: string;
  job: TJob;
}

/** The handler of a `TDatabaseJobTask`: `run` on the thread's connection to the task's database. */
export function onDatabase<TJob, R>(
  run: (db: Database, job: TJob) => R,
): (task: { databaseUrl: string; job: TJob }, thread: TComputeThread) => R {
  return (task, thread) => run(thread.databaseOf(task.databaseUrl).db, task.job);
}

/** What the pool gives each thread (piscina's workerData): the URLs of the modules' task files. */
export interface TComputeWorkerData {
  taskModules: readonly string[];
}
