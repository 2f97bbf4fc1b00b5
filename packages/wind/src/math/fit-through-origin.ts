import type { NumericSeries } from '../model/types.ts';

/**
 * Least-squares line through the origin, b = Σxy/Σx² (WIND-ANALYSIS §8.8). `rSquared` is
 * 1 − SSres/SStot with the centred SStot, as brightwind reports for `forced_intercept_origin`.
 *
 * @returns slope, rSquared and count; undefined without pairs or with Σx² = 0
 * @example fitThroughOrigin([1, 2, 3], [2, 4, 6]).slope // 2
 */
export function fitThroughOrigin(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; rSquared: number; count: number } | undefined {
  if (x.length !== y.length) throw new Error('fitThroughOrigin requires x and y of equal length');
  let sxy = 0;
  let sxx = 0;
  let sy = 0;
  let count = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    sxy += xi * yi;
    sxx += xi * xi;
    sy += yi;
    count++;
  }
  if (count === 0 || !(sxx > 0)) return undefined;
  const slope = sxy / sxx;
  const meanY = sy / count;
  let ssRes = 0;
  let ssTot = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    ssRes += (yi - slope * xi) ** 2;
    ssTot += (yi - meanY) ** 2;
  }
  return { slope, rSquared: ssTot > 0 ? 1 - ssRes / ssTot : Number.NaN, count };
}
