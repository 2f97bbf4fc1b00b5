import {
  AppError,
  type TAnalysisBasis,
  type TMcpCompareMethodKey,
  type TMcpLongTermSeriesKind,
} from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import { num } from './longterm-present.ts';
import {
  compareSeries,
  longTermSeriesOf,
  offsetMsOf,
  readJobSeries,
  type TLongTermJob,
} from './longterm-run.ts';

/** A generate request as it crosses to a worker thread: the comparison job and the row to write. */
export interface TLongTermGenerateJob extends TLongTermJob {
  method: TMcpCompareMethodKey;
  isBySector: boolean;
  longTermPeriodIndex: number;
}

/** The long-term series to write (dense from startMs) and the figures its lineage names. */
export interface TLongTermGenerated {
  startMs: number;
  intervalMinutes: number;
  speedMps: Float64Array;
  directionDeg: Float64Array | undefined;
  /** What the comparison behind the series stood on (the target's records used and left out). */
  basis: TAnalysisBasis;
  /** The series written: prediction only or measured plus predicted. */
  longTermSeries: TMcpLongTermSeriesKind;
  figures: {
    concurrentPeriods: number;
    r: number | null;
    slope: number | null;
    offset: number | null;
    cvBias: number | null;
    cvRmse: number | null;
    cvBlocks: number;
    uMcp: number | null;
    uLt: number | null;
    uTotal: number | null;
    meanMps: number | null;
    averageYearMps: number | null;
  };
}

/**
 * The chosen row's long-term series (WIND-ANALYSIS §13): compared exactly as `compare` does (so its CV
 * figures go into the lineage), then the row's fit applied to the reference over the chosen long-term
 * period. Hourly and daily fits are written at their period; a monthly fit is applied to the hourly
 * reference means (a month is no fixed interval the store could hold) and, for the synthesised series,
 * spliced with the hourly target means.
 */
export async function generateSeries(db: Database, job: TLongTermGenerateJob): Promise<TLongTermGenerated> {
  const { reference, target } = await readJobSeries(db, job);
  const { result, rows } = compareSeries(reference, target, job);
  const sectors = job.isBySector ? job.request.sectors : 0;
  const row = rows.find((r) => r.method === job.method && r.sectors === sectors);
  const presented = result.rows.find((r) => r.method === job.method && r.sectors === sectors);
  if (!row || !presented) {
    throw new AppError('VALIDATION_FAILED', {}, [{ field: 'method', message: 'v.oneOf' }]);
  }
  const period = job.request.period === '1D' ? '1D' : '1H';
  const series = longTermSeriesOf(row, reference, target, job, job.longTermPeriodIndex, period);
  const stepMs = period === '1D' ? 86_400_000 : 3_600_000;
  const startMs = series.periodStartMs[0] ?? 0;
  const last = series.periodStartMs[series.periodStartMs.length - 1] ?? startMs;
  const n = series.periodStartMs.length === 0 ? 0 : Math.round((last - startMs) / stepMs) + 1;
  const speedMps = new Float64Array(n).fill(Number.NaN);
  const directionDeg = series.directionDeg ? new Float64Array(n).fill(Number.NaN) : undefined;
  for (let i = 0; i < series.periodStartMs.length; i++) {
    const k = Math.round((series.periodStartMs[i]! - startMs) / stepMs);
    speedMps[k] = series.speedMps[i]!;
    if (directionDeg) directionDeg[k] = series.directionDeg![i]!;
  }
  const lt = presented.longTerm[job.longTermPeriodIndex];
  return {
    // back from the reader's clock to UTC
    startMs: startMs - offsetMsOf(job),
    intervalMinutes: stepMs / 60_000,
    speedMps,
    directionDeg,
    basis: result.basis,
    longTermSeries: job.request.longTermSeries,
    figures: {
      concurrentPeriods: result.concurrentPeriods,
      r: result.r,
      slope: presented.slope,
      offset: presented.offset,
      cvBias: presented.cvBias,
      cvRmse: presented.cvRmse,
      cvBlocks: presented.cvBlocks.length,
      uMcp: presented.uMcp,
      uLt: presented.uLt,
      uTotal: presented.uTotal,
      meanMps: num(lt?.meanMps),
      averageYearMps: num(lt?.averageYearMps),
    },
  };
}
