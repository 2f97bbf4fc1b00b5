// Test oracle only (never imported by product code): frequencyTable and turbulenceIntensityBySector as
// they were before issue 43 §1 made them faster (a flat count array; no per-record sector array, the P90
// selected in place). report/fused-statistics.test.ts compares the product functions with these.
import { directionSectorIndex } from '../../direction/direction-sector-index.ts';
import { quantileInPlace } from '../../math/quantile-unsorted.ts';
import type { NumericSeries } from '../../model/types.ts';
import type { FrequencyTable } from '../../statistics/frequency-table.ts';
import type { SectorTurbulence } from '../../statistics/turbulence-intensity-by-sector.ts';

/** (The previous implementation of frequencyTable.) */
export function referenceFrequencyTable(
  speedsMps: NumericSeries,
  directionsDeg: NumericSeries,
  options: {
    sectors?: number;
    binWidthMps?: number;
    binStart?: 'zero' | 'half';
    maxSpeedMps?: number;
    /** `directionSectorIndices(directionsDeg, sectors)` when the caller has them (−1 = no direction). */
    sectorIndex?: Int16Array;
  } = {},
): FrequencyTable {
  const sectors = options.sectors ?? 12;
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('referenceFrequencyTable requires sectors to be a positive integer');
  }
  const width = options.binWidthMps ?? 1;
  if (!(width > 0)) throw new Error('referenceFrequencyTable requires binWidthMps to be positive');
  const n = speedsMps.length;
  if (directionsDeg.length !== n)
    throw new Error('referenceFrequencyTable requires speeds and directions of equal length');
  const sectorIndex = options.sectorIndex;
  if (sectorIndex && sectorIndex.length !== n)
    throw new Error('referenceFrequencyTable requires sectorIndex of the directions’ length');
  const shift = options.binStart === 'half' ? 0.5 : 0;
  const binOf = (v: number): number => (v < shift * width ? 0 : Math.floor(v / width + shift));
  const rows: Float64Array[] = [];
  const sectorCounts = new Float64Array(sectors);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    const d = directionsDeg[i]!;
    if (Number.isNaN(v) || Number.isNaN(d) || v < 0) continue;
    const b = binOf(v);
    while (rows.length <= b) rows.push(new Float64Array(sectors));
    const s = sectorIndex ? sectorIndex[i]! : directionSectorIndex(d, sectors);
    rows[b]![s]!++;
    sectorCounts[s]!++;
    total++;
  }
  if (options.maxSpeedMps !== undefined) {
    const lastBin = binOf(options.maxSpeedMps);
    while (rows.length <= lastBin) rows.push(new Float64Array(sectors));
  }
  const upperEdgesMps: number[] = [];
  const lowerEdgesMps: number[] = [];
  for (let b = 0; b < rows.length; b++) {
    lowerEdgesMps.push(b === 0 ? 0 : (b - shift) * width);
    upperEdgesMps.push((b + 1 - shift) * width);
  }
  return { sectors, upperEdgesMps, lowerEdgesMps, counts: rows, sectorCounts, totalCount: total };
}

/** (The previous implementation of turbulenceIntensityBySector.) */
export function referenceTurbulenceIntensityBySector(
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
    throw new Error('referenceTurbulenceIntensityBySector requires sectors to be a positive integer');
  }
  const n = speedsMps.length;
  if (speedSdMps.length !== n || directionsDeg.length !== n) {
    throw new Error('referenceTurbulenceIntensityBySector requires series of equal length');
  }
  const minSpeed = options.minSpeedMps ?? 3;
  const given = options.sectorIndex;
  if (given && given.length !== n)
    throw new Error('referenceTurbulenceIntensityBySector requires sectorIndex of length n');
  const sectorOf = new Int32Array(n).fill(-1);
  const counts = new Int32Array(sectors);
  for (let i = 0; i < n; i++) {
    const u = speedsMps[i]!;
    const s = speedSdMps[i]!;
    const d = directionsDeg[i]!;
    if (!(u >= minSpeed) || Number.isNaN(s) || Number.isNaN(d)) continue;
    const k = given ? given[i]! : directionSectorIndex(d, sectors);
    sectorOf[i] = k;
    counts[k]!++;
  }
  // Group the TI values by sector in one typed array (for the percentile).
  const offsets = new Int32Array(sectors + 1);
  for (let k = 0; k < sectors; k++) offsets[k + 1] = offsets[k]! + counts[k]!;
  const ti = new Float64Array(offsets[sectors]!);
  const fill = offsets.slice(0, sectors);
  for (let i = 0; i < n; i++) {
    const k = sectorOf[i]!;
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
      p90Ti: quantileInPlace(values.slice(), 0.9)!,
    };
  });
}
