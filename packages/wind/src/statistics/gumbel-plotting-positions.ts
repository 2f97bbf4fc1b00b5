/** One point of a Gumbel probability plot. */
export interface GumbelPlotPoint {
  /** Reduced variate y = −ln(−ln F). */
  readonly reducedVariate: number;
  /** The maximum, m/s. */
  readonly speedMps: number;
}

/**
 * Gringorten plotting positions of annual maxima for a Gumbel probability plot (WIND-ANALYSIS §8.9):
 * sort ascending, F_i = (i − 0.44)/(N + 0.12) for i = 1…N, reduced variate y_i = −ln(−ln F_i).
 * On such a plot a Gumbel distribution x = u + y/α is a straight line (the line {@link fitGumbel}
 * fits with `method: 'gringorten'`).
 * Reference: Gringorten (1963), https://en.wikipedia.org/wiki/Gumbel_distribution
 *
 * @param annualMaximaMps one maximum per year, m/s; NaN skipped
 * @returns the points, ascending by speed (empty without values)
 * @example gumbelPlottingPositions([25, 20])[0] // { reducedVariate: -0.2861…, speedMps: 20 }
 */
export function gumbelPlottingPositions(annualMaximaMps: ArrayLike<number>): GumbelPlotPoint[] {
  const sorted: number[] = [];
  for (let i = 0; i < annualMaximaMps.length; i++) {
    const v = annualMaximaMps[i]!;
    if (!Number.isNaN(v)) sorted.push(v);
  }
  sorted.sort((a, b) => a - b);
  const n = sorted.length;
  return sorted.map((speedMps, i) => ({
    reducedVariate: -Math.log(-Math.log((i + 1 - 0.44) / (n + 0.12))),
    speedMps,
  }));
}
