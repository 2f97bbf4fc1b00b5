// Runs in a worker thread of the compute pool (platform/compute): the CPU-heavy reads off the API's
// event loop — the statistics (reading and inflating the chunks, the analysis, its JSON and its xlsx
// workbook), the downsampling of long chart ranges, the QC rules of a processing task, energy yield and
// the exports of a version (written here, streamed to the API over a message port).
import type { MessagePort } from 'node:worker_threads';
import { AppError, type Language, type TStatisticsResult } from '@masthub/shared';
import { sql } from 'kysely';
import { THREAD_CONNECTIONS } from '../../platform/compute/capacity.ts';
import { createSlots } from '../../platform/compute/slots.ts';
import { createDatabase, type Database } from '../../platform/db/database.ts';
import { isDatabaseUnavailable } from '../../platform/db/unavailable.ts';
import { energyResult, type TEnergyJob } from '../energy/energy-run.ts';
import type { TQcRuleForRun } from '../qc-rules/evaluate-qc-rules.ts';
import { chartBuckets, type TChartJob } from './data/chart-run.ts';
import { streamExport, type TExportJob } from './data/export-run.ts';
import { evaluateQcGroup } from './processing/qc-evaluate.ts';
import { analysisJson, type TAnalysisJob } from './statistics/analysis-run.ts';
import { buildStatisticsWorkbook } from './statistics/build-workbook.ts';
import type { TLoadedSeries } from './version-series.ts';

export type TComputeTask =
  /** Reads the series with the thread's own connection to `databaseUrl`; answers the result's JSON. */
  | { kind: 'analysis'; databaseUrl: string; job: TAnalysisJob }
  /** A long chart read: the buckets of every channel (data/chart-run.ts). */
  | { kind: 'chart'; databaseUrl: string; job: TChartJob }
  /** A QC run's evaluation over channels of one interval (processing/qc-evaluate.ts). */
  | { kind: 'qc'; loaded: TLoadedSeries; rules: TQcRuleForRun[]; utcOffsetMinutes: number }
  /** An energy-yield calculation (energy/energy-run.ts). */
  | { kind: 'energy'; databaseUrl: string; job: TEnergyJob }
  /** An export in formats 1–5, its text sent over `port` (data/export-run.ts); answers nothing. */
  | { kind: 'export'; databaseUrl: string; job: TExportJob; port: MessagePort }
  /** `json`: a result as `analysis` answers it. */
  | { kind: 'workbook'; json: string; language: Language }
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

export default async function run(task: TComputeTask): Promise<TComputeReply> {
  try {
    switch (task.kind) {
      case 'analysis':
        return { ok: true, value: await analysisJson(databaseOf(task.databaseUrl).db, task.job) };
      case 'chart':
        return { ok: true, value: await chartBuckets(databaseOf(task.databaseUrl).db, task.job) };
      case 'qc':
        return { ok: true, value: evaluateQcGroup(task.loaded, task.rules, task.utcOffsetMinutes) };
      case 'energy':
        return { ok: true, value: await energyResult(databaseOf(task.databaseUrl).db, task.job) };
      case 'export': {
        const { db, readTurn } = databaseOf(task.databaseUrl);
        await streamExport(db, task.job, task.port, readTurn);
        return { ok: true, value: undefined };
      }
      case 'workbook': {
        const result = JSON.parse(task.json) as TStatisticsResult;
        const content = await buildStatisticsWorkbook(result, task.language);
        return { ok: true, value: new Uint8Array(content.buffer, content.byteOffset, content.byteLength) };
      }
      case 'warm':
        // The thread has loaded this module (and all it runs) to get here; its connection opens now.
        if (task.databaseUrl) await sql`SELECT 1`.execute(databaseOf(task.databaseUrl).db);
        return { ok: true, value: undefined };
      case 'crash':
        process.exit(70);
    }
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
