import { sumByCalendarMonth } from './sum-by-calendar-month.ts';

/**
 * Mean of monthly means (MOMM, brightwind `momm`): values grouped by calendar month 1–12 over all years,
 * the mean of each group, then the plain mean of the (≤ 12) group means. No weighting by days.
 *
 * @param periodStartMs stamp of each value (common time base; the month is read with UTC getters)
 * @returns undefined without a value
 * @example meanOfMonthlyMeans([Date.UTC(2020, 0, 1), Date.UTC(2020, 0, 2), Date.UTC(2020, 1, 1)], [4, 6, 8]) // 6.5
 */
export function meanOfMonthlyMeans(
  periodStartMs: ArrayLike<number>,
  values: ArrayLike<number>,
): number | undefined {
  const { sums, counts } = sumByCalendarMonth(periodStartMs, values);
  let total = 0;
  let months = 0;
  for (let m = 0; m < 12; m++) {
    if (counts[m]! === 0) continue;
    total += sums[m]! / counts[m]!;
    months++;
  }
  return months > 0 ? total / months : undefined;
}
