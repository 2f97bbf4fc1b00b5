import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { NumericSeries } from '../model/types.ts';

/** Joint speed-bin × direction-sector counts (brightwind `freq_table`, WAsP .tab source). */
export interface FrequencyTable {
  readonly sectors: number;
  /** Upper edge of every speed bin, m/s; the first bin starts at `lowerEdgesMps[0]`. */
  readonly upperEdgesMps: readonly number[];
  readonly lowerEdgesMps: readonly number[];
  /** counts[bin][sector] */
  readonly counts: ReadonlyArray<Float64Array>;
  /** Records per sector. */
  readonly sectorCounts: Float64Array;
  /** Records with both values present. */
  readonly totalCount: number;
}

/**
 * Joint frequency table of speed bins × direction sectors over records where both values are present
 * (WIND-ANALYSIS §8.7, EXPORTS §3.2). Speed bins are left-closed [lower, upper) of `binWidthMps`:
 * - `binStart: 'zero'` (default, EXPORTS §3.2): 0–1, 1–2, …;
 * - `binStart: 'half'`: 0–0.5, 0.5–1.5, … (WindFarmer's half first bin; identical to brightwind's
 *   `np.arange(-0.5, 41, 1)` bins for non-negative speeds).
 * Bins are added until every speed is strictly below the last upper edge, and at least up to
 * `maxSpeedMps` when given (brightwind's table runs to 40.5). Negative speeds are skipped.
 *
 * @example frequencyTable([0.2, 3.7], [10, 100], { sectors: 4 }).counts[0][0] // 1
 */
export function frequencyTable(
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
    throw new Error('frequencyTable requires sectors to be a positive integer');
  }
  const width = options.binWidthMps ?? 1;
  if (!(width > 0)) throw new Error('frequencyTable requires binWidthMps to be positive');
  const n = speedsMps.length;
  if (directionsDeg.length !== n)
    throw new Error('frequencyTable requires speeds and directions of equal length');
  const sectorIndex = options.sectorIndex;
  if (sectorIndex && sectorIndex.length !== n)
    throw new Error('frequencyTable requires sectorIndex of the directions’ length');
  const shift = options.binStart === 'half' ? 0.5 : 0;
  const binOf = (v: number): number => (v < shift * width ? 0 : Math.floor(v / width + shift));
  // Counted in one flat array (bin × sectors, grown as bins appear), the rows cut from it at the end.
  let flat = new Float64Array(64 * sectors);
  let bins = 0;
  const sectorCounts = new Float64Array(sectors);
  const lowest = shift * width;
  let total = 0;
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    const d = directionsDeg[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (v !== v || d !== d || v < 0) continue;
    const b = v < lowest ? 0 : Math.floor(v / width + shift);
    if (b >= bins) {
      bins = b + 1;
      if (bins * sectors > flat.length) {
        const grown = new Float64Array(Math.max(bins * sectors, flat.length * 2));
        grown.set(flat);
        flat = grown;
      }
    }
    const s = sectorIndex ? sectorIndex[i]! : directionSectorIndex(d, sectors);
    flat[b * sectors + s]!++;
    sectorCounts[s]!++;
    total++;
  }
  const rows: Float64Array[] = [];
  for (let b = 0; b < bins; b++) rows.push(flat.slice(b * sectors, (b + 1) * sectors));
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
