import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import type { CalendarSums } from './calendar-sums.ts';

/** Mean of one local calendar month of one year. */
export interface MonthlyMean {
  readonly year: number;
  readonly month: number;
  readonly count: number;
  /** count / slots of the full calendar month (brightwind `coverage`). */
  readonly coverage: number;
  /** Mean of the values; NaN without values. */
  readonly mean: number;
}

/** Mean of one calendar month pooled over all years. */
export interface CalendarMonthMean {
  /** 1–12 */
  readonly month: number;
  readonly count: number;
  readonly mean: number;
}

/** Yearly (monthly) variation (WIND-ANALYSIS §8.6). */
export interface MonthlyVariation {
  readonly byYearMonth: readonly MonthlyMean[];
  /** Calendar months 1–12 with values from year-months that pass the coverage threshold, pooled by record count. */
  readonly byCalendarMonth: readonly CalendarMonthMean[];
  /** Mean of the calendar-month means (MOMM); undefined if no month passes. */
  readonly meanOfMonthlyMeans: number | undefined;
}

/**
 * Monthly means per year-month with coverage, calendar-month means pooled over years and the mean of
 * monthly means (MOMM) (WIND-ANALYSIS §8.6, brightwind `momm`): each calendar month pools the records
 * of that month in all years (by record count), then MOMM is the plain mean of the ≤ 12 monthly means.
 * Year-months with coverage below `minCoverage` (fraction, default 0 = keep all, brightwind default;
 * the platform's report uses 0.8) are left out of the pooled means. `seasonalAdjustment` weights the
 * calendar-month means by days in month (February by the mean length of the years present) and then
 * needs all 12 months, as brightwind does.
 *
 * @param values the channel on its grid, NaN = missing or masked
 * @param calendar calendar index of the same grid
 * @param options.sums the channel's `calendarSums` when the caller has them (no pass over `values` then)
 * @example monthlyVariation(speeds, calendar).meanOfMonthlyMeans // MOMM in the unit of the values
 */
export function monthlyVariation(
  values: NumericSeries,
  calendar: CalendarIndex,
  options: { minCoverage?: number; seasonalAdjustment?: boolean; sums?: CalendarSums } = {},
): MonthlyVariation {
  const n = values.length;
  if (calendar.monthIndex.length !== n)
    throw new Error('monthlyVariation requires the calendar to match values');
  const months = calendar.months;
  let sums: Float64Array;
  let counts: Float64Array;
  if (options.sums) {
    // The channel's one sweep already holds every month's sum and count.
    if (options.sums.monthSums.length !== months.length)
      throw new Error('monthlyVariation requires the sums of the same calendar');
    sums = options.sums.monthSums;
    counts = options.sums.monthCounts;
  } else {
    sums = new Float64Array(months.length);
    counts = new Float64Array(months.length);
    // Months are consecutive runs of slots: sums per run with local accumulators (hot path).
    let i = 0;
    for (let m = 0; m < months.length; m++) {
      let sum = 0;
      let count = 0;
      for (const end = i + months[m]!.slotCount; i < end; i++) {
        const v = values[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v !== v) continue;
        sum += v;
        count++;
      }
      sums[m] = sum;
      counts[m] = count;
    }
  }
  const minCoverage = options.minCoverage ?? 0;
  const poolSum = new Float64Array(13);
  const poolCount = new Float64Array(13);
  const febDays: number[] = [];
  const byYearMonth: MonthlyMean[] = months.map((m, k) => {
    const count = counts[k]!;
    const coverage = count / m.fullMonthSlotCount;
    if (count > 0 && coverage >= minCoverage) {
      poolSum[m.month]! += sums[k]!;
      poolCount[m.month]! += count;
      if (m.month === 2) febDays.push(isLeap(m.year) ? 29 : 28);
    }
    return { year: m.year, month: m.month, count, coverage, mean: count > 0 ? sums[k]! / count : Number.NaN };
  });
  const byCalendarMonth: CalendarMonthMean[] = [];
  for (let month = 1; month <= 12; month++) {
    if (poolCount[month]! > 0) {
      byCalendarMonth.push({ month, count: poolCount[month]!, mean: poolSum[month]! / poolCount[month]! });
    }
  }
  let meanOfMonthlyMeans: number | undefined;
  if (options.seasonalAdjustment) {
    if (byCalendarMonth.length === 12) {
      const days = [31, 0, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
      days[1] = febDays.reduce((a, b) => a + b, 0) / febDays.length;
      let weighted = 0;
      let totalDays = 0;
      for (const c of byCalendarMonth) {
        weighted += c.mean * days[c.month - 1]!;
        totalDays += days[c.month - 1]!;
      }
      meanOfMonthlyMeans = weighted / totalDays;
    }
  } else if (byCalendarMonth.length > 0) {
    meanOfMonthlyMeans = byCalendarMonth.reduce((a, c) => a + c.mean, 0) / byCalendarMonth.length;
  }
  return { byYearMonth, byCalendarMonth, meanOfMonthlyMeans };
}

function isLeap(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
