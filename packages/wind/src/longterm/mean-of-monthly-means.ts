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

/**
 * Sums and counts of the non-NaN values per calendar month (index 0 = January).
 *
 * @internal
 */
export function sumByCalendarMonth(
  periodStartMs: ArrayLike<number>,
  values: ArrayLike<number>,
  from = 0,
  to: number = values.length,
): { sums: Float64Array; counts: Float64Array } {
  const sums = new Float64Array(12);
  const counts = new Float64Array(12);
  let monthEnd = Number.NEGATIVE_INFINITY;
  let monthStart = Number.POSITIVE_INFINITY;
  let month = 0;
  for (let i = from; i < to; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const t = periodStartMs[i]!;
    if (t >= monthEnd || t < monthStart) {
      const d = new Date(t);
      month = d.getUTCMonth();
      monthStart = Date.UTC(d.getUTCFullYear(), month, 1);
      monthEnd = Date.UTC(d.getUTCFullYear(), month + 1, 1);
    }
    sums[month]! += v;
    counts[month]! += 1;
  }
  return { sums, counts };
}
