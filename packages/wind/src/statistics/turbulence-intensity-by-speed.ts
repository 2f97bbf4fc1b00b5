import { quantileInPlace } from '../math/quantile-unsorted.ts';
import type { NumericSeries } from '../model/types.ts';

/** Turbulence statistics of one speed bin (or of all records). */
export interface TurbulenceBin {
  /** Bin centre, m/s (NaN for the all-records summary). */
  readonly centreMps: number;
  readonly count: number;
  /** Mean TI of the bin. */
  readonly meanTi: number;
  /** Sample standard deviation (n − 1) of TI; NaN for a single record. */
  readonly sdTi: number;
  /** Representative TI = mean + 1.28·sd (WIND-ANALYSIS §8.4, 90 % quantile under normality). */
  readonly representativeTi: number;
  /** IEC 61400-1 σ-based representative TI = (σ̄ + 1.28·sd(σ))/V_bin. */
  readonly iecRepresentativeTi: number;
  /** Empirical 90th percentile of TI (brightwind `Rep_TI`, linear interpolation). */
  readonly p90Ti: number;
  /** brightwind `Char_TI` = mean + sd/V_bin (kept for comparison). */
  readonly characteristicTi: number;
}

/** Turbulence intensity table (WIND-ANALYSIS §8.4). */
export interface TurbulenceIntensityTable {
  readonly bins: readonly TurbulenceBin[];
  /** All records with U ≥ minSpeed (centreMps NaN; iec and characteristic TI NaN). */
  readonly overall: TurbulenceBin;
}

/**
 * Turbulence intensity TI = σ/U per record with U ≥ `minSpeedMps` (default 3 m/s, brightwind
 * `min_speed`), in speed bins of `binWidthMps` centred on multiples of the width (bin k = [k−½, k+½)).
 * Per bin: count, mean TI, sd TI, representative TI (mean + 1.28 sd, the platform default), the IEC
 * σ-based value, the empirical P90 (what brightwind calls `Rep_TI`) and brightwind's `Char_TI`.
 * Bins without records are omitted.
 *
 * @param speedsMps 10-min mean speeds U
 * @param speedSdMps 10-min standard deviations σ of the same sensor
 * @returns the table, or undefined when no record has U ≥ minSpeed and a valid σ
 * @example turbulenceIntensityBySpeed([14.6, 14.9, 15.0, 15.2, 15.4], [1.45, 1.8, 1.6, 2.1, 1.55]).bins[0].representativeTi // ≈ 0.1341
 */
export function turbulenceIntensityBySpeed(
  speedsMps: NumericSeries,
  speedSdMps: NumericSeries,
  options: { minSpeedMps?: number; binWidthMps?: number } = {},
): TurbulenceIntensityTable | undefined {
  const n = speedsMps.length;
  if (speedSdMps.length !== n)
    throw new Error('turbulenceIntensityBySpeed requires speeds and sds of equal length');
  const minSpeed = options.minSpeedMps ?? 3;
  const width = options.binWidthMps ?? 1;
  if (!(width > 0)) throw new Error('turbulenceIntensityBySpeed requires binWidthMps to be positive');
  // Pass 1: count per bin, so TI values can be grouped by bin in one typed array (for the P90).
  let binCount = 0;
  const binOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const u = speedsMps[i]!;
    const s = speedSdMps[i]!;
    if (!(u >= minSpeed) || Number.isNaN(s) || !(u > 0)) {
      binOf[i] = -1;
      continue;
    }
    const k = Math.floor(u / width + 0.5);
    binOf[i] = k;
    if (k + 1 > binCount) binCount = k + 1;
  }
  const counts = new Int32Array(binCount);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const k = binOf[i]!;
    if (k >= 0) {
      counts[k]!++;
      total++;
    }
  }
  if (total === 0) return undefined;
  const offsets = new Int32Array(binCount + 1);
  for (let k = 0; k < binCount; k++) offsets[k + 1] = offsets[k]! + counts[k]!;
  const ti = new Float64Array(total);
  const sigma = new Float64Array(total);
  const fill = offsets.slice(0, binCount);
  for (let i = 0; i < n; i++) {
    const k = binOf[i]!;
    if (k < 0) continue;
    const j = fill[k]!++;
    sigma[j] = speedSdMps[i]!;
    ti[j] = speedSdMps[i]! / speedsMps[i]!;
  }
  return turbulenceFromGroups(ti, sigma, offsets, width);
}

/**
 * The table of {@link turbulenceIntensityBySpeed} from the records' TI and σ grouped by speed bin (bin
 * k's records, in time order, at `offsets[k]`…`offsets[k + 1]`): for a pass that groups them while it
 * does more (`sweepSpeed`). `ti` is reordered within each bin (the P90s are selected in place).
 */
export function turbulenceFromGroups(
  ti: Float64Array,
  sigma: Float64Array,
  offsets: Int32Array,
  width: number,
): TurbulenceIntensityTable {
  // The all-records mean and sd first, in time order; then every bin is summarised and its P90 selected in
  // place (reordering its own records only), and the all-records P90 last (an order statistic: any order).
  const overallMoments = meanAndSd(ti);
  const bins: TurbulenceBin[] = [];
  for (let k = 0; k + 1 < offsets.length; k++) {
    const start = offsets[k]!;
    const end = offsets[k + 1]!;
    if (end === start) continue;
    const binTi = ti.subarray(start, end);
    bins.push(summarize(binTi, meanAndSd(binTi), sigma.subarray(start, end), k * width));
  }
  const overall = summarize(ti, overallMoments, undefined, Number.NaN);
  return { bins, overall };
}

/** A bin from its TI (reordered here: its P90 is selected in place), their mean and sd, and its σ. */
function summarize(
  ti: Float64Array,
  [meanTi, sdTi]: [number, number],
  sigma: Float64Array | undefined,
  centreMps: number,
): TurbulenceBin {
  const count = ti.length;
  let iecRepresentativeTi = Number.NaN;
  if (sigma) {
    const [meanSigma, sdSigma] = meanAndSd(sigma);
    iecRepresentativeTi = (meanSigma + 1.28 * sdSigma) / centreMps;
  }
  return {
    centreMps,
    count,
    meanTi,
    sdTi,
    representativeTi: meanTi + 1.28 * sdTi,
    iecRepresentativeTi,
    p90Ti: quantileInPlace(ti, 0.9)!,
    characteristicTi: meanTi + sdTi / centreMps,
  };
}

function meanAndSd(values: Float64Array): [number, number] {
  const n = values.length;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += values[i]!;
  const mean = sum / n;
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (values[i]! - mean) ** 2;
  return [mean, n > 1 ? Math.sqrt(squares / (n - 1)) : Number.NaN];
}
