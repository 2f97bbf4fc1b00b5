import type { NumericSeries } from '../model/types.ts';

/** Result of an ordinary least-squares line fit y = intercept + slope·x. */
export interface LinearFit {
  /** Number of concurrent pairs used. */
  readonly count: number;
  readonly meanX: number;
  readonly meanY: number;
  /** Centred sums of squares and cross-products (divide by count − 1 for sample (co)variances). */
  readonly sxx: number;
  readonly syy: number;
  readonly sxy: number;
  readonly slope: number;
  readonly intercept: number;
  /** Pearson correlation coefficient; NaN when y has no variance. */
  readonly r: number;
  /** Coefficient of determination 1 − SSres/SStot (= r² for OLS). */
  readonly rSquared: number;
}

/**
 * Ordinary least-squares line through concurrent pairs (WIND-ANALYSIS §5, §7):
 * b = Sxy/Sxx, a = ȳ − b·x̄, r = Sxy/√(Sxx·Syy). Pairs where either value is NaN are skipped;
 * centred sums use a two-pass algorithm for precision.
 *
 * @returns the fit, or undefined with fewer than 2 pairs or no spread in x
 * @example fitLinearLeastSquares([5.0, 6.2, 7.1, 8.4, 9.0], [5.6, 6.9, 7.7, 9.3, 9.8]) // slope 1.0624, intercept 0.2744, r 0.9989
 */
export function fitLinearLeastSquares(x: NumericSeries, y: NumericSeries): LinearFit | undefined {
  if (x.length !== y.length) throw new Error('fitLinearLeastSquares requires x and y of equal length');
  const n = x.length;
  let count = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    count++;
    sumX += xi;
    sumY += yi;
  }
  if (count < 2) return undefined;
  const meanX = sumX / count;
  const meanY = sumY / count;
  let sxx = 0;
  let syy = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    const dx = xi - meanX;
    const dy = yi - meanY;
    sxx += dx * dx;
    syy += dy * dy;
    sxy += dx * dy;
  }
  return linearFitFrom(count, meanX, meanY, sxx, syy, sxy);
}

/** The fit from the pairs' count, means and centred sums; undefined with no spread in x. */
export function linearFitFrom(
  count: number,
  meanX: number,
  meanY: number,
  sxx: number,
  syy: number,
  sxy: number,
): LinearFit | undefined {
  if (!(sxx > 0)) return undefined;
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const r = syy > 0 ? sxy / Math.sqrt(sxx * syy) : Number.NaN;
  return { count, meanX, meanY, sxx, syy, sxy, slope, intercept, r, rSquared: r * r };
}
