// The wind-data tasks that run in the compute pool (registered by their URL in index.ts): the
// statistics (reading and inflating the chunks, the analysis, its JSON and its xlsx workbook), the
// downsampling of long chart ranges, the QC rules of a processing task and the exports of a version
// (written here, streamed to the API over a message port).
import type { MessagePort } from 'node:worker_threads';
import type { Language, TStatisticsResult, TSuitabilityResult } from '@masthub/shared';
import {
  onDatabase,
  onReplica,
  type TComputeHandlers,
  type TDatabaseJobTask,
  type TReadUrls,
} from '../../platform/compute/compute-tasks.ts';
import type { TQcRuleForRun } from '../qc-rules/index.ts';
import { type TLoadedSeries, versionsReplayed } from '../timeseries/index.ts';
import { chartBuckets, type TChartJob } from './data/chart-run.ts';
import { streamExport, type TExportJob } from './data/export-run.ts';
import { evaluateQcGroup } from './processing/qc-evaluate.ts';
import { runReconstruction, type TReconstructJob } from './processing/reconstruct-run.ts';
import { analysisJson, type TAnalysisJob } from './statistics/analysis-run.ts';
import { buildStatisticsWorkbook } from './statistics/build-workbook.ts';

export type TWindDataComputeTask =
  /** Reads the series with the thread's own connection to `databaseUrl`; answers the result's JSON. */
  | TDatabaseJobTask<'analysis', TAnalysisJob>
  /** A long chart read: the buckets of every channel (data/chart-run.ts). */
  | TDatabaseJobTask<'chart', TChartJob>
  /** A QC run's evaluation over channels of one interval (processing/qc-evaluate.ts). */
  | { kind: 'qc'; loaded: TLoadedSeries; rules: TQcRuleForRun[]; utcOffsetMinutes: number }
  /** A gap reconstruction's engine runs, every target with its sources (processing/reconstruct-run.ts). */
  | { kind: 'reconstruct'; job: TReconstructJob }
  /** An export in formats 1–5, its text sent over `port` (data/export-run.ts); answers nothing. */
  | (TReadUrls & { kind: 'export'; job: TExportJob; port: MessagePort })
  /** `json`: a result as `analysis` answers it. */
  | { kind: 'workbook'; json: string; language: Language; suitability?: TSuitabilityResult | undefined };

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    windData: TWindDataComputeTask;
  }
}

/**
 * The statistics and the exports read the read replica when it has replayed their version
 * (platform/db/replica-reads.ts); an export chooses once, before its first byte, and stays. A chart's job
 * names channels, not a version: it reads the primary, as the data table beside it does.
 */
const windDataTasks: TComputeHandlers<TWindDataComputeTask> = {
  analysis: onReplica((job) => versionsReplayed([job.version.id]), analysisJson),
  chart: onDatabase(chartBuckets),
  qc: (task) => evaluateQcGroup(task.loaded, task.rules, task.utcOffsetMinutes),
  reconstruct: (task) => runReconstruction(task.job),
  export: async (task, thread) => {
    const { db, readTurn } = await thread.readerOf(task, versionsReplayed([task.job.versionId]));
    await streamExport(db, task.job, task.port, readTurn);
    return undefined;
  },
  workbook: async (task) => {
    const result = JSON.parse(task.json) as TStatisticsResult;
    const content = await buildStatisticsWorkbook(result, task.language, task.suitability);
    return new Uint8Array(content.buffer, content.byteOffset, content.byteLength);
  },
};

export default windDataTasks;
