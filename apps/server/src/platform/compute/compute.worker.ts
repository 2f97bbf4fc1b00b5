// Runs in a worker thread of the compute pool: the CPU-heavy reads off the API's event loop. The tasks
// themselves are the modules' (the statistics, chart downsampling, QC rules, exports of wind-data; energy
// yield of energy): this thread imports the task files the pool was given (compute-tasks.ts) and runs
// each task with the handler of its kind.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { AppError } from '@masthub/shared';
import { sql } from 'kysely';
import { workerData } from 'piscina';
import { createDatabase, type Database } from '../db/database.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { THREAD_CONNECTIONS } from './capacity.ts';
import type { TComputeTaskBase, TComputeThread, TComputeWorkerData } from './compute-tasks.ts';
import { createSlots } from './slots.ts';

/** The tasks every thread knows itself, whatever modules it was given. */
export type TComputeTask =
  /** Started with the server: the thread loads its code (to run this), and opens its connection to `databaseUrl`. */
  | { kind: 'warm'; databaseUrl?: string }
  /** For the fault tests: a thread that dies under its task. */
  | { kind: 'crash' };

/** An AppError crosses the thread boundary as data (a thrown class would arrive as a plain Error). */
export type TComputeReply =
  | { ok: true; value: unknown }
  | { ok: false; code: AppError['code']; details: Record<string, unknown>; fields: AppError['fields'] };

/**
 * One small pool per thread and database (THREAD_CONNECTIONS), and the turns of its reads: a statistics
 * thread runs one task at a time, an export thread up to eight, which read their series at most
 * THREAD_CONNECTIONS at once so none waits for a connection until the pool gives up on it (issue 26).
 * The connections close with the thread (idle a quarter of an hour, or ended when its task is cancelled).
 */
const databases = new Map<string, { db: Database; readTurn: ReturnType<typeof createSlots> }>();

function databaseOf(url: string): { db: Database; readTurn: ReturnType<typeof createSlots> } {
  let entry = databases.get(url);
  if (!entry) {
    entry = { db: createDatabase(url, THREAD_CONNECTIONS).db, readTurn: createSlots(THREAD_CONNECTIONS) };
    databases.set(url, entry);
  }
  return entry;
}

const thread: TComputeThread = { databaseOf };

type THandler = (task: TComputeTaskBase, thread: TComputeThread) => unknown;

/**
 * Loads a task file the way piscina loads this one: by `require` first (tsx's hook in the thread
 * transforms TypeScript for require, its ESM hook does not reach worker threads on Node 20), else by import.
 */
async function load(url: string): Promise<{ default: Record<string, THandler> }> {
  try {
    return createRequire(url)(fileURLToPath(url)) as { default: Record<string, THandler> };
  } catch {
    return (await import(url)) as { default: Record<string, THandler> };
  }
}

let handlers: Promise<Map<string, THandler>> | undefined;

/** The handlers of every task file this thread was given, by kind (imported once, on the first task). */
function handlersOf(): Promise<Map<string, THandler>> {
  handlers ??= (async () => {
    const byKind = new Map<string, THandler>();
    for (const url of (workerData as TComputeWorkerData | undefined)?.taskModules ?? []) {
      const tasks = (await load(url)).default;
      for (const [kind, handler] of Object.entries(tasks)) byKind.set(kind, handler);
    }
    return byKind;
  })();
  return handlers;
}

export default async function run(task: TComputeTaskBase): Promise<TComputeReply> {
  try {
    if (task.kind === 'crash') process.exit(70);
    const byKind = await handlersOf();
    if (task.kind === 'warm') {
      // The thread has loaded this module and the task files (and all they run) to get here; its
      // connection opens now.
      const { databaseUrl } = task as Extract<TComputeTask, { kind: 'warm' }>;
      if (databaseUrl) await sql`SELECT 1`.execute(databaseOf(databaseUrl).db);
      return { ok: true, value: undefined };
    }
    const handler = byKind.get(task.kind);
    if (!handler) throw new Error(`no compute task of kind "${task.kind}"`);
    return { ok: true, value: await handler(task, thread) };
  } catch (error) {
    if (error instanceof AppError) {
      return { ok: false, code: error.code, details: error.details, fields: error.fields };
    }
    // The thread's own connection failing (the database down, or not answering in time under load) is
    // the request's 503; the error's code would not survive the crossing, so it is judged here.
    if (isDatabaseUnavailable(error))
      return { ok: false, code: 'DATABASE_UNAVAILABLE', details: {}, fields: [] };
    throw error;
  }
}
