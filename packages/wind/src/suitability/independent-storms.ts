import { quantileInPlace } from '../math/quantile-unsorted.ts';
import type { NumericSeries } from '../model/types.ts';
import { findIndependentStorms, type Storm } from './find-independent-storms.ts';
import { gumbelOrderStatistic } from './gumbel-order-statistic.ts';
import { returnPeriodReducedVariate } from './return-period-reduced-variate.ts';

/** One storm maximum on the probability plot of the method of independent storms. */
export interface StormPlotPoint {
  /** Rank from the top, 1 = the highest storm. */
  readonly rank: number;
  readonly speedMps: number;
  /** Dynamic pressure variable q = V², m²/s² (½ρ left out: it cancels in V50). */
  readonly pressure: number;
  /** Harris' plotting position: mean storm reduced variate of this rank (exact order statistic). */
  readonly stormReducedVariate: number;
  /** The same on the annual scale: stormReducedVariate − ln r. */
  readonly annualReducedVariate: number;
  /** Standard deviation of the rank's reduced variate (its weight in the fit is 1/variance). */
  readonly sd: number;
  /** True when the storm entered the fit. */
  readonly isFitted: boolean;
}

/** Result of the method of independent storms (WIND-ANALYSIS §14). */
export interface IndependentStorms {
  readonly thresholdMps: number;
  /** How the threshold was set: given, or the 90th percentile of the valid speeds. */
  readonly thresholdSource: 'input' | 'p90';
  readonly minSeparationHours: number;
  readonly lowPassHours: number;
  /** Lowest annual reduced variate of a fitted storm. */
  readonly minAnnualReducedVariate: number;
  /** Valid records and the years they span: count · interval / 365.25 days. */
  readonly recordCount: number;
  readonly recordYears: number;
  readonly storms: readonly Storm[];
  /** r = storms / recordYears. */
  readonly stormsPerYear: number;
  /** Return period in storms r·T for T = returnPeriodYears, and its storm reduced variate. */
  readonly returnPeriodStorms: number;
  readonly reducedVariate: number;
  /** The top storms, ranked, with their plotting positions (shown down to one unit below the limit). */
  readonly plot: readonly StormPlotPoint[];
  readonly fittedCount: number;
  /**
   * The fitted storm distribution of q: y = (q − modePressure)/dispersionPressure, and the return value
   * √q at the return period (undefined with fewer than `minFitted` storms or no spread).
   */
  readonly fit:
    | {
        readonly modePressure: number;
        readonly dispersionPressure: number;
        readonly returnPressure: number;
        readonly returnValueMps: number;
      }
    | undefined;
}

/**
 * The method of independent storms with Harris' improvements (WIND-ANALYSIS §14):
 * - Cook, N.J. (1982) "Towards better estimation of extreme winds", J. Wind Eng. Ind. Aerodyn. 9,
 *   295–323 (the MIS): use every independent storm maximum, not only one a year; fit the Fisher–Tippett
 *   type 1 (Gumbel) to the dynamic pressure q ∝ V², whose upper tail converges to it faster than V's;
 *   the annual-maximum distribution is the storm distribution to the power r, P_annual = P_storm^r, r the
 *   mean number of independent storms a year, so a T-year value is the (r·T)-storm value.
 * - Harris, R.I. (1999) "Improvements to the method of independent storms", J. Wind Eng. Ind. Aerodyn.
 *   80, 1–30 (with Harris 1996, JWEIA 59, 1–22): plot each ranked storm maximum at the exact mean of the
 *   reduced variate of its order statistic (not an approximate plotting formula), fit by least squares
 *   weighted by the inverse variance of that order statistic, with the reduced variate as the dependent
 *   variable, and fit only the top storms, where the asymptotic Gumbel tail holds.
 * Steps here: storms by {@link findIndependentStorms} (threshold default the 90th percentile of the valid
 * speeds, minimum lull 48 h, no low-pass); N storms in T years, r = N/T; q = V² ranked from the top;
 * rank m plotted at ȳ_m = E[m-th largest of N standard Gumbel] ({@link gumbelOrderStatistic}), weight
 * 1/Var; fitted ranks: those with ȳ_m − ln r ≥ `minAnnualReducedVariate` (default −0.7, the lower limit
 * Harris (2009, XIMIS) gives for r ≥ 50 [P]), and at least the top `minFitted` (default 10 [P]: a mast's
 * 1–5 years give only 4–8 storms above −0.7, too few for a stable slope); fit y = (q − U)/D;
 * q_T = U + D·y_T with y_T = −ln(−ln(1 − 1/(r·T))) (T = 50 years → r·50 storms), V_T = √q_T.
 *
 * @param speedMps hub-height 10-min means, NaN = missing
 * @param intervalMinutes grid interval (record length T = valid records · interval)
 * @example independentStorms(speeds, 10).fit?.returnValueMps // V50 from the storms
 */
export function independentStorms(
  speedMps: NumericSeries,
  intervalMinutes: number,
  options: {
    thresholdMps?: number;
    minSeparationHours?: number;
    lowPassHours?: number;
    minAnnualReducedVariate?: number;
    minFitted?: number;
    returnPeriodYears?: number;
  } = {},
): IndependentStorms {
  const n = speedMps.length;
  let recordCount = 0;
  for (let i = 0; i < n; i++) if (!Number.isNaN(speedMps[i]!)) recordCount++;
  let thresholdMps = options.thresholdMps;
  const thresholdSource = thresholdMps === undefined ? 'p90' : 'input';
  if (thresholdMps === undefined) {
    const valid = new Float64Array(recordCount);
    let k = 0;
    for (let i = 0; i < n; i++) if (!Number.isNaN(speedMps[i]!)) valid[k++] = speedMps[i]!;
    thresholdMps = quantileInPlace(valid, 0.9) ?? Number.NaN;
  }
  const minSeparationHours = options.minSeparationHours ?? 48;
  const lowPassHours = options.lowPassHours ?? 0;
  const minAnnualReducedVariate = options.minAnnualReducedVariate ?? -0.7;
  const minFitted = options.minFitted ?? 10;
  const returnPeriodYears = options.returnPeriodYears ?? 50;
  const storms = Number.isFinite(thresholdMps)
    ? findIndependentStorms(speedMps, intervalMinutes, { thresholdMps, minSeparationHours, lowPassHours })
    : [];
  const recordYears = (recordCount * intervalMinutes) / (365.25 * 1440);
  const count = storms.length;
  const stormsPerYear = recordYears > 0 ? count / recordYears : 0;
  const returnPeriodStorms = stormsPerYear * returnPeriodYears;
  const base = {
    thresholdMps,
    thresholdSource,
    minSeparationHours,
    lowPassHours,
    minAnnualReducedVariate,
    recordCount,
    recordYears,
    storms,
    stormsPerYear,
    returnPeriodStorms,
    reducedVariate: returnPeriodStorms > 1 ? returnPeriodReducedVariate(returnPeriodStorms) : Number.NaN,
  } as const;
  const ranked = storms.map((s) => s.peakMps).sort((a, b) => b - a);
  const logRate = Math.log(stormsPerYear);
  const plot: StormPlotPoint[] = [];
  for (let m = 1; m <= count; m++) {
    const { mean, variance } = gumbelOrderStatistic(m, count);
    const annual = mean - logRate;
    const speed = ranked[m - 1]!;
    const isFitted = annual >= minAnnualReducedVariate || m <= minFitted;
    plot.push({
      rank: m,
      speedMps: speed,
      pressure: speed * speed,
      stormReducedVariate: mean,
      annualReducedVariate: annual,
      sd: Math.sqrt(variance),
      isFitted,
    });
    // Shown below the fitted ranks, for context on the plot, down to one unit under the limit.
    if (annual < minAnnualReducedVariate - 1 && m > minFitted) break;
  }
  const fitted = plot.filter((p) => p.isFitted);
  const fit =
    count >= minFitted && returnPeriodStorms > 1 ? weightedFit(fitted, base.reducedVariate) : undefined;
  return { ...base, plot, fittedCount: fitted.length, fit };
}

/** Weighted least squares of the reduced variate on q (weights 1/variance): y = (q − U)/D. */
function weightedFit(points: readonly StormPlotPoint[], reducedVariate: number): IndependentStorms['fit'] {
  let sw = 0;
  let sq = 0;
  let sy = 0;
  for (const p of points) {
    const w = 1 / (p.sd * p.sd);
    sw += w;
    sq += w * p.pressure;
    sy += w * p.stormReducedVariate;
  }
  const mq = sq / sw;
  const my = sy / sw;
  let sqq = 0;
  let sqy = 0;
  for (const p of points) {
    const w = 1 / (p.sd * p.sd);
    sqq += w * (p.pressure - mq) ** 2;
    sqy += w * (p.pressure - mq) * (p.stormReducedVariate - my);
  }
  const slope = sqy / sqq;
  if (!(slope > 0)) return undefined;
  const dispersionPressure = 1 / slope;
  const modePressure = mq - my * dispersionPressure;
  const returnPressure = modePressure + reducedVariate * dispersionPressure;
  return { modePressure, dispersionPressure, returnPressure, returnValueMps: Math.sqrt(returnPressure) };
}
