import type { NumericSeries } from '../model/types.ts';

/**
 * Ratio-of-means line through the origin (WIND-ANALYSIS §12): b = ȳ/x̄, a = 0, over concurrent pairs
 * (NaN skipped).
 *
 * @example fitRatioOfMeans([3.2, 4.5, 5.1, 6.8, 7.7, 9.0], [4.6, 5.2, 6.9, 7.6, 9.9, 10.1]).slope // ≈ 1.22039
 */
export function fitRatioOfMeans(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; intercept: number; count: number } | undefined {
  let sx = 0;
  let sy = 0;
  let count = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    sx += xi;
    sy += yi;
    count++;
  }
  if (count < 1 || !(sx > 0)) return undefined;
  return { slope: sy / sx, intercept: 0, count };
}
