import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { quantileInPlace } from '../math/quantile-unsorted.ts';
import type { NumericSeries } from '../model/types.ts';

/** Turbulence intensity of one direction sector. */
export interface SectorTurbulence {
  readonly index: number;
  readonly count: number;
  /** Mean TI; NaN for an empty sector. */
  readonly meanTi: number;
  /** Sample standard deviation (n − 1) of TI; NaN below two records. */
  readonly sdTi: number;
  /** Representative TI = mean + 1.28·sd (WIND-ANALYSIS §8.4, the platform default). */
  readonly representativeTi: number;
  /** Empirical 90th percentile of TI (linear interpolation, brightwind's `Rep_TI` definition). */
  readonly p90Ti: number;
}

/**
 * Turbulence intensity per direction sector (TI rose; brightwind `TI.by_sector` gives the mean and count):
 * TI = σ/U for records with U ≥ `minSpeedMps` (default 3 m/s) and a direction, sectors centred on 0°.
 * Per sector: count, mean, sd, representative (mean + 1.28 sd) and empirical P90 of TI.
 *
 * @param speedsMps mean speeds U
 * @param speedSdMps standard deviations σ
 * @param directionsDeg directions
 * @returns one entry per sector, NaN statistics for an empty sector
 * @example turbulenceIntensityBySector([10], [1], [0], { sectors: 12 })[0].meanTi // 0.1
 */
export function turbulenceIntensityBySector(
  speedsMps: NumericSeries,
  speedSdMps: NumericSeries,
  directionsDeg: NumericSeries,
  options: {
    sectors?: number;
    minSpeedMps?: number;
    /** `directionSectorIndices(directionsDeg, sectors)` when the caller has them (−1 = no direction). */
    sectorIndex?: Int16Array;
  } = {},
): SectorTurbulence[] {
  const sectors = options.sectors ?? 12;
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('turbulenceIntensityBySector requires sectors to be a positive integer');
  }
  const n = speedsMps.length;
  if (speedSdMps.length !== n || directionsDeg.length !== n) {
    throw new Error('turbulenceIntensityBySector requires series of equal length');
  }
  const minSpeed = options.minSpeedMps ?? 3;
  const given = options.sectorIndex;
  if (given && given.length !== n)
    throw new Error('turbulenceIntensityBySector requires sectorIndex of length n');
  // Pass 1 counts the records of every sector, pass 2 groups their TI (the same test, no per-record array).
  const sectorOf = (i: number): number => {
    const u = speedsMps[i]!;
    const s = speedSdMps[i]!;
    const d = directionsDeg[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (!(u >= minSpeed) || s !== s || d !== d) return -1;
    return given ? given[i]! : directionSectorIndex(d, sectors);
  };
  const counts = new Int32Array(sectors);
  for (let i = 0; i < n; i++) {
    const k = sectorOf(i);
    if (k >= 0) counts[k]!++;
  }
  // Group the TI values by sector in one typed array (for the percentile).
  const offsets = new Int32Array(sectors + 1);
  for (let k = 0; k < sectors; k++) offsets[k + 1] = offsets[k]! + counts[k]!;
  const ti = new Float64Array(offsets[sectors]!);
  const fill = offsets.slice(0, sectors);
  for (let i = 0; i < n; i++) {
    const k = sectorOf(i);
    if (k >= 0) ti[fill[k]!++] = speedSdMps[i]! / speedsMps[i]!;
  }
  return Array.from({ length: sectors }, (_, index) => {
    const values = ti.subarray(offsets[index]!, offsets[index + 1]!);
    const count = values.length;
    if (count === 0) {
      return {
        index,
        count,
        meanTi: Number.NaN,
        sdTi: Number.NaN,
        representativeTi: Number.NaN,
        p90Ti: Number.NaN,
      };
    }
    let sum = 0;
    for (let i = 0; i < count; i++) sum += values[i]!;
    const meanTi = sum / count;
    let squares = 0;
    for (let i = 0; i < count; i++) squares += (values[i]! - meanTi) ** 2;
    const sdTi = count > 1 ? Math.sqrt(squares / (count - 1)) : Number.NaN;
    return {
      index,
      count,
      meanTi,
      sdTi,
      representativeTi: meanTi + 1.28 * sdTi,
      // In place: the sector's mean and sd are taken, and no other sector reads its records.
      p90Ti: quantileInPlace(values, 0.9)!,
    };
  });
}
