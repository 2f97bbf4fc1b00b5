import type { MonthlyMean } from './monthly-variation.ts';

/** Days of each calendar month in an average year (February 28.25, WIND-ANALYSIS §12). */
const AVERAGE_YEAR_DAYS = [31, 28.25, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The mean of monthly means two ways, over the year-months that pass one coverage threshold. */
export interface MommSideBySide {
  /** Threshold applied to each year-month's coverage (fraction, kept when ≥). */
  readonly minCoverage: number;
  /** Year-months with values that pass the threshold. */
  readonly yearMonthsUsed: number;
  /** Calendar months (1–12) that have at least one passing year-month. */
  readonly calendarMonthsUsed: number;
  /**
   * brightwind `momm(coverage_threshold=…)`: the passing year-months of a calendar month pooled by record
   * count, then the plain mean of those ≤ 12 calendar-month means. undefined when no month passes
   * (brightwind answers NaN).
   */
  readonly brightwind: number | undefined;
  /**
   * MastHub's (WIND-ANALYSIS §8.6 with the average year of §12): each passing year-month's own mean, a
   * calendar month = the plain mean of its years' means (every year counts once, however complete), then
   * the calendar months weighted by their days in an average year (February 28.25). undefined when no
   * month passes.
   */
  readonly masthub: number | undefined;
}

/**
 * MOMM by brightwind's definition and by MastHub's side by side, from the year-month means of
 * {@link monthlyVariation} (`byYearMonth`, which carries each month's count and coverage).
 *
 * @param months year-month means with count and coverage
 * @param minCoverage fraction 0–1; 0 keeps every month with values (brightwind's default)
 * @example mommSideBySide(monthlyVariation(speeds, calendar).byYearMonth, 0.8).brightwind
 */
export function mommSideBySide(months: readonly MonthlyMean[], minCoverage: number): MommSideBySide {
  if (!(minCoverage >= 0 && minCoverage <= 1)) {
    throw new Error('mommSideBySide requires minCoverage in [0, 1]');
  }
  const poolSum = new Float64Array(13);
  const poolCount = new Float64Array(13);
  const yearMeanSum = new Float64Array(13);
  const yearCount = new Float64Array(13);
  let yearMonthsUsed = 0;
  for (const m of months) {
    if (!(m.count > 0) || !(m.coverage >= minCoverage) || !Number.isFinite(m.mean)) continue;
    yearMonthsUsed++;
    poolSum[m.month]! += m.mean * m.count;
    poolCount[m.month]! += m.count;
    yearMeanSum[m.month]! += m.mean;
    yearCount[m.month]!++;
  }
  let plain = 0;
  let weighted = 0;
  let days = 0;
  let calendarMonthsUsed = 0;
  for (let month = 1; month <= 12; month++) {
    if (poolCount[month] === 0) continue;
    calendarMonthsUsed++;
    plain += poolSum[month]! / poolCount[month]!;
    const d = AVERAGE_YEAR_DAYS[month - 1]!;
    weighted += (yearMeanSum[month]! / yearCount[month]!) * d;
    days += d;
  }
  return {
    minCoverage,
    yearMonthsUsed,
    calendarMonthsUsed,
    brightwind: calendarMonthsUsed > 0 ? plain / calendarMonthsUsed : undefined,
    masthub: calendarMonthsUsed > 0 ? weighted / days : undefined,
  };
}
