import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { fitGumbelMaxLikelihood } from './fit-gumbel-max-likelihood.ts';

/** Gumbel fitting method (WIND-ANALYSIS §8.9). */
export type GumbelMethod = 'moments' | 'moments-finite' | 'gringorten' | 'maximum-likelihood';

/** A fitted Gumbel distribution x = u + y/α and its return-period value. */
export interface GumbelFit {
  readonly method: GumbelMethod;
  /** Location u, m/s. */
  readonly locationMps: number;
  /** Scale 1/α, m/s. */
  readonly scaleMps: number;
  readonly returnPeriodYears: number;
  /** u + y_T/α with y_T = −ln(−ln(1 − 1/T)); T = 50 → y50 = 3.9019. */
  readonly returnValueMps: number;
  readonly count: number;
}

/**
 * Gumbel fit of annual maximum 10-min mean speeds and the T-year return value (WIND-ANALYSIS §8.9):
 * - `moments` (n → ∞): 1/α = s/1.28255, u = x̄ − 0.57722/α;
 * - `moments-finite`: C1, C2 for the sample size n — the mean and population sd of the reduced
 *   variates −ln(−ln(i/(n+1))), i = 1…n. These are exactly the values tabulated in GB 50009 / Gumbel
 *   (n = 10: 0.4952, 0.9496; the table prints 0.9497 after rounding), computed instead of looked up;
 * - `gringorten`: sort ascending, F_i = (i − 0.44)/(N + 0.12), least squares of x on y = −ln(−ln F);
 * - `maximum-likelihood`: the estimator of scipy `gumbel_r.fit` (see {@link fitGumbelMaxLikelihood}).
 * s is the sample standard deviation (n − 1). Needs ≥ 10 years in practice; fits from ≥ 3 values.
 *
 * @param annualMaximaMps one maximum 10-min mean per year, NaN skipped
 * @returns the fit, or undefined with fewer than 3 values or no spread
 * @example fitGumbel([22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9]).returnValueMps // ≈ 30.13
 */
export function fitGumbel(
  annualMaximaMps: ArrayLike<number>,
  options: { method?: GumbelMethod; returnPeriodYears?: number } = {},
): GumbelFit | undefined {
  const method = options.method ?? 'moments';
  const period = options.returnPeriodYears ?? 50;
  if (!(period > 1)) throw new Error('fitGumbel requires returnPeriodYears to be greater than 1');
  const values: number[] = [];
  for (let i = 0; i < annualMaximaMps.length; i++) {
    const v = annualMaximaMps[i]!;
    if (!Number.isNaN(v)) values.push(v);
  }
  const n = values.length;
  if (n < 3) return undefined;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / (n - 1));
  if (!(sd > 0)) return undefined;
  const yT = -Math.log(-Math.log(1 - 1 / period));
  let locationMps: number;
  let scaleMps: number;
  if (method === 'moments' || method === 'moments-finite') {
    let c1 = 1.28255;
    let c2 = 0.57722;
    if (method === 'moments-finite') {
      const ys = Array.from({ length: n }, (_, i) => -Math.log(-Math.log((i + 1) / (n + 1))));
      c2 = ys.reduce((a, b) => a + b, 0) / n;
      c1 = Math.sqrt(ys.reduce((a, b) => a + (b - c2) ** 2, 0) / n);
    }
    scaleMps = sd / c1;
    locationMps = mean - c2 * scaleMps;
  } else if (method === 'gringorten') {
    const sorted = [...values].sort((a, b) => a - b);
    const ys = sorted.map((_, i) => -Math.log(-Math.log((i + 1 - 0.44) / (n + 0.12))));
    const fit = fitLinearLeastSquares(ys, sorted)!;
    scaleMps = fit.slope;
    locationMps = fit.intercept;
  } else if (method === 'maximum-likelihood') {
    const fit = fitGumbelMaxLikelihood(values);
    if (!fit) return undefined;
    scaleMps = fit.scaleMps;
    locationMps = fit.locationMps;
  } else {
    throw new Error(
      'fitGumbel requires method to be moments, moments-finite, gringorten or maximum-likelihood',
    );
  }
  return {
    method,
    locationMps,
    scaleMps,
    returnPeriodYears: period,
    returnValueMps: locationMps + yT * scaleMps,
    count: n,
  };
}
