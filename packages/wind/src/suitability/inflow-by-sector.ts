import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { NumericSeries } from '../model/types.ts';

/** Mean inflow angle of one group of records. */
export interface InflowCell {
  readonly count: number;
  /** Mean of atan(w/U) over the records, degrees (positive = upward flow); NaN without records. */
  readonly meanDeg: number;
}

/** Inflow angle overall and by direction sector (WIND-ANALYSIS §14). */
export interface InflowBySector {
  readonly minSpeedMps: number;
  readonly sectors: number;
  readonly overall: InflowCell;
  /** One cell per sector (sector 0 centred on north); undefined without directions. */
  readonly bySector: readonly InflowCell[] | undefined;
}

/**
 * Flow inclination (inflow) angle per record, atan(w/U) in degrees, averaged overall and per direction
 * sector, from a vertical-speed channel w (sonic/propeller, positive upward) and the horizontal 10-min
 * mean speed U; only records with U ≥ `minSpeedMps` (default 5 m/s [P]: at lower speeds w/U is noise and
 * loads do not matter) and both values present. Sectors as §0 (sector 0 centred on 0°).
 * IEC 61400-1 designs for a mean inflow within ±8° (§14).
 *
 * @param verticalMps w per record, m/s
 * @param horizontalMps U per record, m/s
 * @param directionDeg direction per record (optional: overall only without it)
 * @example inflowBySector([0.5], [10], [90], { sectors: 4 }).overall.meanDeg // 2.862
 */
export function inflowBySector(
  verticalMps: NumericSeries,
  horizontalMps: NumericSeries,
  directionDeg?: NumericSeries,
  options: { sectors?: number; minSpeedMps?: number } = {},
): InflowBySector {
  const n = verticalMps.length;
  if (horizontalMps.length !== n || (directionDeg && directionDeg.length !== n)) {
    throw new Error('inflowBySector requires series of equal length');
  }
  const sectors = options.sectors ?? 12;
  const minSpeedMps = options.minSpeedMps ?? 5;
  const sums = new Float64Array(sectors);
  const counts = new Float64Array(sectors);
  let total = 0;
  let count = 0;
  const toDeg = 180 / Math.PI;
  for (let i = 0; i < n; i++) {
    const u = horizontalMps[i]!;
    const w = verticalMps[i]!;
    if (!(u >= minSpeedMps) || Number.isNaN(w)) continue;
    const angle = Math.atan(w / u) * toDeg;
    total += angle;
    count++;
    if (directionDeg) {
      const s = directionSectorIndex(directionDeg[i]!, sectors);
      if (s >= 0) {
        sums[s]! += angle;
        counts[s]!++;
      }
    }
  }
  const cell = (sum: number, c: number): InflowCell => ({ count: c, meanDeg: c > 0 ? sum / c : Number.NaN });
  return {
    minSpeedMps,
    sectors,
    overall: cell(total, count),
    bySector: directionDeg
      ? Array.from({ length: sectors }, (_, s) => cell(sums[s]!, counts[s]!))
      : undefined,
  };
}
