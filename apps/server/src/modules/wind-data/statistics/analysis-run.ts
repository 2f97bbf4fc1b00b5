import {
  AppError,
  type Language,
  STATISTICS_FIELD_MESSAGES,
  type TStatisticsResult,
  ZStatisticsResult,
} from '@masthub/shared';
import type { Database } from '../../../platform/db/database.ts';
import {
  deriveSdFromTi,
  IntervalMismatchError,
  loadSeries,
  openTimeSeriesStore,
  type TChannelRow,
  type TColumn,
} from '../../timeseries/index.ts';
import { buildAnalysis, type TAnalysisInput, type TAnalysisOptions } from './build-analysis.ts';
import { stationTypeOf } from './statistics.repository.ts';

/** A field error of the statistics request, in the caller's language. */
export function statisticsFieldError(
  field: string,
  key: keyof typeof STATISTICS_FIELD_MESSAGES,
  language: Language,
): AppError {
  return new AppError('VALIDATION_FAILED', {}, [
    { field, message: STATISTICS_FIELD_MESSAGES[key][language] },
  ]);
}

/**
 * One analysis as it crosses to a worker thread: what to read (channels already chosen and checked,
 * the range already clipped) and how to shape it. Plain data, so it is cloned cheaply.
 */
export interface TAnalysisJob {
  version: TAnalysisInput['version'];
  channels: TChannelRow[];
  fromMs: number;
  toMs: number;
  utcOffsetMinutes: number;
  language: Language;
  options: TAnalysisOptions;
  /** Columns of this grid decoded by an earlier analysis (the column cache, shared memory): not read again. */
  known?: (TColumn & { id: number })[];
  /** Read the other columns into shared memory and hand them back for the column cache. */
  shareColumns?: boolean;
}

/** A result's JSON and the few fields its callers read without parsing it (file names). */
export interface TAnalysisText {
  json: string;
  head: Pick<TStatisticsResult, 'versionName' | 'startTime' | 'endTime'>;
  /** The columns this analysis read (with `shareColumns`), in shared memory, for the column cache. */
  read?: (TColumn & { id: number })[];
}

/**
 * Reads the job's series from the monthly chunks, analyses them and writes the answer as the JSON of
 * the response (validated against the response schema once). All of it — ≈ 140 MB of chunks inflated
 * for the five-year M5 mast, the analysis, the 3 MB of JSON — runs where this is called: in a worker
 * thread of the compute pool, with the thread's own database connection, so the API's event loop only
 * forwards the finished text.
 */
export async function analysisJson(db: Database, job: TAnalysisJob): Promise<TAnalysisText> {
  const known = new Map((job.known ?? []).map((c) => [c.id, { values: c.values, flags: c.flags }]));
  const loaded = await loadSeries(openTimeSeriesStore(db), job.channels, job.fromMs, job.toMs, {
    known,
    shared: job.shareColumns === true,
  }).catch((error: unknown) => {
    if (error instanceof IntervalMismatchError)
      throw statisticsFieldError('channelIds', 'intervalMismatch', job.language);
    throw error;
  });
  const stationType = await stationTypeOf(db, job.version.stationId);
  const result = buildAnalysis({
    version: job.version,
    stationType,
    loaded: deriveSdFromTi(loaded),
    utcOffsetMinutes: job.utcOffsetMinutes,
    language: job.language,
    options: job.options,
  });
  const read = job.shareColumns
    ? loaded.channels
        .filter((c) => !known.has(c.row.id))
        .map((c) => ({ id: c.row.id, values: c.values, flags: c.flags }))
    : undefined;
  return {
    json: JSON.stringify(ZStatisticsResult.parse(result)),
    head: { versionName: result.versionName, startTime: result.startTime, endTime: result.endTime },
    ...(read ? { read } : {}),
  };
}
