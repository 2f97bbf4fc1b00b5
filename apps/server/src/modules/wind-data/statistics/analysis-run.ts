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
} from '../../timeseries/index.ts';
import { buildAnalysis, type TAnalysisInput, type TAnalysisOptions } from './build-analysis.ts';

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
}

/** A result's JSON and the few fields its callers read without parsing it (file names). */
export interface TAnalysisText {
  json: string;
  head: Pick<TStatisticsResult, 'versionName' | 'startTime' | 'endTime'>;
}

/**
 * Reads the job's series from the monthly chunks, analyses them and writes the answer as the JSON of
 * the response (validated against the response schema once). All of it — ≈ 140 MB of chunks inflated
 * for the five-year M5 mast, the analysis, the 3 MB of JSON — runs where this is called: in a worker
 * thread of the compute pool, with the thread's own database connection, so the API's event loop only
 * forwards the finished text.
 */
export async function analysisJson(db: Database, job: TAnalysisJob): Promise<TAnalysisText> {
  const loaded = await loadSeries(openTimeSeriesStore(db), job.channels, job.fromMs, job.toMs).catch(
    (error: unknown) => {
      if (error instanceof IntervalMismatchError)
        throw statisticsFieldError('channelIds', 'intervalMismatch', job.language);
      throw error;
    },
  );
  const site = await db
    .selectFrom('station')
    .select('station_type')
    .where('id', '=', job.version.stationId)
    .executeTakeFirst();
  const result = buildAnalysis({
    version: job.version,
    stationType: site?.station_type,
    loaded: deriveSdFromTi(loaded),
    utcOffsetMinutes: job.utcOffsetMinutes,
    language: job.language,
    options: job.options,
  });
  return {
    json: JSON.stringify(ZStatisticsResult.parse(result)),
    head: { versionName: result.versionName, startTime: result.startTime, endTime: result.endTime },
  };
}
