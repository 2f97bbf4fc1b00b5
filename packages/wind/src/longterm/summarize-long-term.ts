import { AVERAGE_YEAR_HOURS, AVERAGE_YEAR_MONTH_HOURS } from '../energy/average-year-energy.ts';
import { sumByCalendarMonth } from './sum-by-calendar-month.ts';

/** Long-term means of a synthesised series over one period. */
export interface LongTermSummary {
  /** First and last period with a stamp in the range (NaN when none). */
  readonly firstPeriodMs: number;
  readonly lastPeriodMs: number;
  /** Periods with a value. */
  readonly count: number;
  /** Plain mean of all periods with a value, m/s. */
  readonly meanMps: number | undefined;
  /** Month-weighted average year (WIND-ANALYSIS §11): Σ month mean × its hours of an 8766 h year / 8766; undefined when a calendar month has no value. */
  readonly averageYearMeanMps: number | undefined;
  /** brightwind's MOMM: plain mean of the calendar-month means. */
  readonly mommMps: number | undefined;
  /** Calendar months 1–12 without a value. */
  readonly missingMonths: readonly number[];
}

/**
 * Long-term means of a synthesised speed series over [fromMs, toMs): the plain mean, the month-weighted
 * average year of WIND-ANALYSIS §11 (seasonal gaps do not bias it) and brightwind's MOMM.
 *
 * @example summarizeLongTerm(series.periodStartMs, series.speedMps).averageYearMeanMps
 */
export function summarizeLongTerm(
  periodStartMs: ArrayLike<number>,
  speedMps: ArrayLike<number>,
  range: { fromMs?: number; toMs?: number } = {},
): LongTermSummary {
  const fromMs = range.fromMs ?? Number.NEGATIVE_INFINITY;
  const toMs = range.toMs ?? Number.POSITIVE_INFINITY;
  let lo = 0;
  while (lo < periodStartMs.length && periodStartMs[lo]! < fromMs) lo++;
  let hi = periodStartMs.length;
  while (hi > lo && periodStartMs[hi - 1]! >= toMs) hi--;
  const { sums, counts } = sumByCalendarMonth(periodStartMs, speedMps, lo, hi);
  let total = 0;
  let count = 0;
  let momm = 0;
  let weighted = 0;
  const missingMonths: number[] = [];
  for (let m = 0; m < 12; m++) {
    total += sums[m]!;
    count += counts[m]!;
    if (counts[m]! === 0) {
      missingMonths.push(m + 1);
      continue;
    }
    const mean = sums[m]! / counts[m]!;
    momm += mean;
    weighted += mean * AVERAGE_YEAR_MONTH_HOURS[m]!;
  }
  const months = 12 - missingMonths.length;
  return {
    firstPeriodMs: hi > lo ? periodStartMs[lo]! : Number.NaN,
    lastPeriodMs: hi > lo ? periodStartMs[hi - 1]! : Number.NaN,
    count,
    meanMps: count > 0 ? total / count : undefined,
    averageYearMeanMps: missingMonths.length === 0 ? weighted / AVERAGE_YEAR_HOURS : undefined,
    mommMps: months > 0 ? momm / months : undefined,
    missingMonths,
  };
}
