/**
 * The SpeedSort line from reference and target speeds already sorted ascending (see
 * {@link fitSpeedSortLine}): drop the first i₀ entries of both (i₀ = first x ≥ cutoff, 0 when none),
 * line through the means of the lower ⌊m/2⌋ and the upper entries.
 *
 * @returns undefined with fewer than 2 entries kept or equal half means of x
 * @internal
 */
export function speedSortFromSorted(
  xs: Float64Array,
  ys: Float64Array,
  cutoffMps: number,
): { slope: number; offset: number; first: number; kept: number } | undefined {
  const n = xs.length;
  let first = 0;
  while (first < n && xs[first]! < cutoffMps) first++;
  if (first === n) first = 0;
  const m = n - first;
  if (m < 2) return undefined;
  const half = first + Math.floor(m / 2);
  let x1 = 0;
  let y1 = 0;
  let x2 = 0;
  let y2 = 0;
  for (let i = first; i < half; i++) {
    x1 += xs[i]!;
    y1 += ys[i]!;
  }
  for (let i = half; i < n; i++) {
    x2 += xs[i]!;
    y2 += ys[i]!;
  }
  x1 /= half - first;
  y1 /= half - first;
  x2 /= n - half;
  y2 /= n - half;
  if (x2 === x1) return undefined;
  const slope = (y2 - y1) / (x2 - x1);
  return { slope, offset: y1 - slope * x1, first, kept: m };
}
