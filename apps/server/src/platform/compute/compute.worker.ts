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
import { ReplicaReads, type TReplayCheck } from '../db/replica-reads.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { createLogger } from '../logger.ts';
import { THREAD_CONNECTIONS } from './capacity.ts';
import type {
  TComputeTaskBase,
  TComputeThread,
  TComputeWorkerData,
  TReadUrls,
  TThreadDatabase,
} from './compute-tasks.ts';
import { createSlots } from './slots.ts';

/** The tasks every thread knows itself, whatever modules it was given. */
export type TComputeTask =
  /**
   * Started with the server: the thread loads its code (to run this), and opens its connections to
   * `databaseUrl` and to the replica (one that does not answer is left to the reads to find).
   */
  | { kind: 'warm'; databaseUrl?: string; replicaUrl?: string }
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
const databases = new Map<string, TThreadDatabase>();

/**
 * A replica that does not answer must cost a read little before it goes to the primary: its connection
 * attempts give up after 2 s (the primary's after 5 s, createDatabase).
 */
const REPLICA_CONNECT_TIMEOUT_MS = 2_000;

function databaseOf(url: string, connectTimeoutMs?: number): TThreadDatabase {
  let entry = databases.get(url);
  if (!entry) {
    const { db } = createDatabase(url, THREAD_CONNECTIONS, () => undefined, connectTimeoutMs);
    entry = { db, readTurn: createSlots(THREAD_CONNECTIONS) };
    databases.set(url, entry);
  }
  return entry;
}

const options = workerData as TComputeWorkerData | undefined;

/** The thread's log: the replica leaving and coming back (one line each, per thread). */
const log = createLogger({ LOG_LEVEL: (options?.logLevel ?? 'info') as 'info' }).child({ module: 'compute' });

/** Where this thread's reads go, primary or replica, and the replica's state (platform/db/replica-reads.ts). */
const replicaReads = new ReplicaReads(log, { retryMs: options?.replicaRetryMs });

function databasesOf(urls: TReadUrls) {
  const primary = databaseOf(urls.databaseUrl);
  const replica = urls.replicaUrl ? databaseOf(urls.replicaUrl, REPLICA_CONNECT_TIMEOUT_MS) : undefined;
  return { primary, replica };
}

const thread: TComputeThread = {
  databaseOf,
  readerOf: async <S>(urls: TReadUrls, check: TReplayCheck<S> | undefined) => {
    const { primary, replica } = databasesOf(urls);
    const target = await replicaReads.choose({ primary: primary.db, replica: replica?.db }, check);
    return target === 'replica' && replica ? replica : primary;
  },
  readWith: <S, R>(
    urls: TReadUrls,
    check: TReplayCheck<S> | undefined,
    read: (db: Database) => Promise<R>,
  ) => {
    const { primary, replica } = databasesOf(urls);
    return replicaReads.read({ primary: primary.db, replica: replica?.db }, check, (db) => read(db));
  },
};

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
      const { databaseUrl, replicaUrl } = task as Extract<TComputeTask, { kind: 'warm' }>;
      if (databaseUrl) await sql`SELECT 1`.execute(databaseOf(databaseUrl).db);
      if (replicaUrl) {
        await sql`SELECT 1`
          .execute(databaseOf(replicaUrl, REPLICA_CONNECT_TIMEOUT_MS).db)
          .catch((error: unknown) => replicaReads.failed(error));
      }
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
