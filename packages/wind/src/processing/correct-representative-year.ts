import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import type { NumericSeries } from '../model/types.ts';

/**
 * Chinese representative-year correction (代表年, GB/T 18710-2002 clause 6; WIND-ANALYSIS §7):
 * for each of `sectors` reference-direction sectors fit mast-vs-station speeds (OLS slope b_s, ≥
 * `minPairs` concurrent points, default 30 — else the all-sector slope), take ΔV_ref,s = long-term
 * station mean − station mean over the concurrent year (per sector when given, else overall), and add
 * ΔV_mast,s = b_s·ΔV_ref,s to every mast value whose concurrent station direction is in sector s.
 * Records without a station direction get the all-sector correction.
 *
 * @param input.mastMps the measured (filled) year at the mast, hourly or 10-min
 * @param input.stationMps / stationDirectionDeg the reference station, concurrent
 * @param input.longTermStationMeanMps long-term station mean, overall or per sector
 * @example correctRepresentativeYear({ ... }).deltaBySector[s] // b_s × (4.8 − 4.5) = 0.36 for b_s = 1.2
 */
export function correctRepresentativeYear(input: {
  mastMps: NumericSeries;
  stationMps: NumericSeries;
  stationDirectionDeg: NumericSeries;
  longTermStationMeanMps: number | ArrayLike<number>;
  sectors?: number;
  minPairs?: number;
}): {
  values: Float64Array;
  slopeBySector: number[];
  deltaBySector: number[];
  overallSlope: number | undefined;
} {
  const sectors = input.sectors ?? 16;
  if (!Number.isInteger(sectors) || sectors < 1)
    throw new Error('correctRepresentativeYear requires sectors to be a positive integer');
  const n = input.mastMps.length;
  if (input.stationMps.length !== n || input.stationDirectionDeg.length !== n) {
    throw new Error('correctRepresentativeYear requires concurrent series of equal length');
  }
  const minPairs = input.minPairs ?? 30;
  const sectorOf = Int16Array.from({ length: n }, (_, i) =>
    directionSectorIndex(input.stationDirectionDeg[i]!, sectors),
  );
  const overall = fitLinearLeastSquares(input.stationMps, input.mastMps);
  const slopeBySector: number[] = [];
  const deltaBySector: number[] = [];
  let stationSum = 0;
  let stationCount = 0;
  for (let i = 0; i < n; i++) {
    const v = input.stationMps[i]!;
    if (!Number.isNaN(v)) {
      stationSum += v;
      stationCount++;
    }
  }
  const longTerm = input.longTermStationMeanMps;
  for (let s = 0; s < sectors; s++) {
    const x = new Float64Array(n).fill(Number.NaN);
    const y = new Float64Array(n).fill(Number.NaN);
    let sum = 0;
    let count = 0;
    for (let i = 0; i < n; i++) {
      if (sectorOf[i] !== s) continue;
      x[i] = input.stationMps[i]!;
      y[i] = input.mastMps[i]!;
      if (!Number.isNaN(x[i]!)) {
        sum += x[i]!;
        count++;
      }
    }
    const fit = fitLinearLeastSquares(x, y);
    const slope = fit && fit.count >= minPairs ? fit.slope : (overall?.slope ?? Number.NaN);
    const concurrentMean =
      typeof longTerm === 'number' ? stationSum / stationCount : count > 0 ? sum / count : Number.NaN;
    const target = typeof longTerm === 'number' ? longTerm : (longTerm[s] ?? Number.NaN);
    slopeBySector.push(slope);
    deltaBySector.push(slope * (target - concurrentMean));
  }
  const overallDelta =
    overall && typeof longTerm === 'number'
      ? overall.slope * (longTerm - stationSum / stationCount)
      : Number.NaN;
  const values = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = sectorOf[i]!;
    values[i] = input.mastMps[i]! + (s >= 0 ? deltaBySector[s]! : overallDelta);
  }
  return { values, slopeBySector, deltaBySector, overallSlope: overall?.slope };
}
