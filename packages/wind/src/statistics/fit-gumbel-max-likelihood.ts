import { findRoot } from '../math/find-root.ts';

/**
 * Maximum-likelihood Gumbel parameters of a sample (the estimator of scipy `stats.gumbel_r.fit`): the
 * scale β solves β = x̄ − Σ xᵢ·e^(−xᵢ/β) / Σ e^(−xᵢ/β), then the location μ = −β·ln(mean e^(−xᵢ/β)).
 * The exponentials are taken of xᵢ − x̄ (the same equations, no overflow); β is found by bisection
 * between 10⁻⁶·s and 100·s, s the sample standard deviation.
 * Reference: https://en.wikipedia.org/wiki/Gumbel_distribution (parameter estimation).
 *
 * @internal used by {@link fitGumbel} with `method: 'maximum-likelihood'`
 * @param values the maxima, no NaN, at least two different values
 * @returns location μ and scale β, or undefined when the equation has no root in the bracket
 * @example fitGumbelMaxLikelihood([22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9]) // μ ≈ 22.239, β ≈ 2.173
 */
export function fitGumbelMaxLikelihood(
  values: readonly number[],
): { locationMps: number; scaleMps: number } | undefined {
  const n = values.length;
  const mean = values.reduce((a, b) => a + b, 0) / n;
  const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
  if (!(sd > 0)) return undefined;
  const weightedMean = (scale: number): { value: number; logMeanWeight: number } => {
    // Shift by the smallest centred value so the largest exponent is 0 (no overflow for small β).
    let minCentred = Number.POSITIVE_INFINITY;
    for (const x of values) minCentred = Math.min(minCentred, x - mean);
    let sumWeight = 0;
    let sumWeighted = 0;
    for (const x of values) {
      const w = Math.exp(-(x - mean - minCentred) / scale);
      sumWeight += w;
      sumWeighted += w * x;
    }
    return { value: sumWeighted / sumWeight, logMeanWeight: Math.log(sumWeight / n) - minCentred / scale };
  };
  const scale = findRoot((b) => b - mean + weightedMean(b).value, 1e-6 * sd, 100 * sd);
  if (scale === undefined) return undefined;
  return { locationMps: mean - scale * weightedMean(scale).logMeanWeight, scaleMps: scale };
}
