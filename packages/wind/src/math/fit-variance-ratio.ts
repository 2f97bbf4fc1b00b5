import type { NumericSeries } from '../model/types.ts';
import { fitLinearLeastSquares } from './fit-linear-least-squares.ts';

/**
 * Variance-ratio line (WIND-ANALYSIS §7, Rogers et al. 2005): b = sign(r)·√(Syy/Sxx), a = ȳ − b·x̄.
 * Preserves the variance of the target. brightwind has no such method.
 *
 * @returns slope, intercept, r and count; undefined with < 2 pairs or no spread
 * @example fitVarianceRatio([3.2, 4.5, 5.1, 6.8, 7.7, 9.0], [4.6, 5.2, 6.9, 7.6, 9.9, 10.1]) // slope 1.0640, intercept 0.9461
 */
export function fitVarianceRatio(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; intercept: number; r: number; count: number } | undefined {
  const ols = fitLinearLeastSquares(x, y);
  if (!ols || !(ols.syy > 0)) return undefined;
  const slope = Math.sign(ols.r) * Math.sqrt(ols.syy / ols.sxx);
  return { slope, intercept: ols.meanY - slope * ols.meanX, r: ols.r, count: ols.count };
}
