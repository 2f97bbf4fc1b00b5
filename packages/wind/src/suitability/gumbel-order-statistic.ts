/** Mean and variance of one order statistic of a standard Gumbel sample. */
export interface OrderStatisticMoments {
  readonly mean: number;
  readonly variance: number;
}

const STEP = 0.01;

/**
 * Mean and variance of the m-th LARGEST of N independent standard Gumbel variates (F(y) = exp(−e^(−y))):
 * the exact plotting position and its scatter used by Harris' weighted fit (Harris 1996, "Gumbel
 * re-visited", JWEIA 59; Harris 1999, "Improvements to the method of independent storms", JWEIA 80).
 * The density N!/((m−1)!(N−m)!)·F^(N−m)·(1−F)^(m−1)·f is integrated numerically (Simpson, step 0.01,
 * over c − 10 … c + 30 with c = ln N − ψ(m), normalised by its own integral so no factorial is formed), which stays
 * exact where the closed alternating sums lose every digit (N in the hundreds).
 * Checks: m = 1 gives ln N + γ and π²/6 exactly; for large N and small m the mean tends to
 * ln N − ψ(m) = ln N + γ − Σ_{j<m} 1/j and the variance to ψ′(m) (the exponential tail).
 *
 * @param rank m, 1 = the largest
 * @param sampleSize N ≥ m
 * @example gumbelOrderStatistic(1, 100).mean // ln 100 + 0.57722 = 5.1824
 */
export function gumbelOrderStatistic(rank: number, sampleSize: number): OrderStatisticMoments {
  if (!Number.isInteger(rank) || !Number.isInteger(sampleSize) || rank < 1 || rank > sampleSize) {
    throw new Error('gumbelOrderStatistic requires integers 1 ≤ rank ≤ sampleSize');
  }
  let harmonic = 0;
  for (let j = 1; j < rank; j++) harmonic += 1 / j;
  const centre = Math.log(sampleSize) + 0.5772156649015329 - harmonic;
  const low = centre - 10;
  const steps = Math.round(40 / STEP);
  const below = sampleSize - rank;
  const above = rank - 1;
  const logDensity = (y: number): number => {
    const t = Math.exp(-y);
    const logTail = above > 0 ? above * Math.log(-Math.expm1(-t)) : 0;
    return -below * t + logTail - y - t;
  };
  // Relative to the density at c, which lies within about one unit of the mode: no under- or overflow.
  const peak = logDensity(centre);
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  for (let k = 0; k <= steps; k++) {
    const y = low + k * STEP;
    const weight = (k === 0 || k === steps ? 1 : k % 2 === 1 ? 4 : 2) * Math.exp(logDensity(y) - peak);
    s0 += weight;
    s1 += weight * y;
    s2 += weight * y * y;
  }
  const mean = s1 / s0;
  return { mean, variance: s2 / s0 - mean * mean };
}
