import type { NumericSeries } from '../model/types.ts';
import { fitLinearLeastSquares } from './fit-linear-least-squares.ts';

/**
 * Orthogonal (total) least-squares line (WIND-ANALYSIS §7):
 * b = [Syy − Sxx + √((Syy − Sxx)² + 4Sxy²)]/(2Sxy), a = ȳ − b·x̄. This closed form is what scipy ODR
 * converges to for equal weights (brightwind `OrthogonalLeastSquares`). `rSquared` is 1 − SSres/SStot
 * of this line, as brightwind reports it.
 *
 * @returns slope, intercept, r (Pearson), rSquared and count; undefined with < 2 pairs, no spread or Sxy = 0
 * @example fitOrthogonalLeastSquares([3.2, 4.5, 5.1, 6.8, 7.7, 9.0], [4.6, 5.2, 6.9, 7.6, 9.9, 10.1]) // slope 1.0662, intercept 0.9327
 */
export function fitOrthogonalLeastSquares(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; intercept: number; r: number; rSquared: number; count: number } | undefined {
  const ols = fitLinearLeastSquares(x, y);
  if (!ols || ols.sxy === 0) return undefined;
  const { sxx, syy, sxy, meanX, meanY } = ols;
  const slope = (syy - sxx + Math.sqrt((syy - sxx) ** 2 + 4 * sxy * sxy)) / (2 * sxy);
  const intercept = meanY - slope * meanX;
  // SSres = Σ(y − a − b x)² = Syy − 2b·Sxy + b²·Sxx because the line passes through (x̄, ȳ).
  const ssRes = syy - 2 * slope * sxy + slope * slope * sxx;
  return { slope, intercept, r: ols.r, rSquared: 1 - ssRes / syy, count: ols.count };
}
