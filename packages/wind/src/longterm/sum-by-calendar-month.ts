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
