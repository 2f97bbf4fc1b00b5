import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import type { NumericSeries } from '../model/types.ts';

/** One sector of a wind and energy rose. */
export interface RoseSector {
  readonly index: number;
  readonly centreDeg: number;
  readonly count: number;
  /** n_s / Σn × 100 % over non-calm records. */
  readonly frequencyPct: number;
  /** Mean speed of the sector, m/s (NaN if empty). */
  readonly meanSpeedMps: number;
  /** Share of Σ ½ρv³ × 100 % (energy rose). */
  readonly energyPct: number;
  /** Mean power density of the sector's records, W/m² (NaN if empty). */
  readonly powerDensityWm2: number;
}

/** Wind rose and energy rose (WIND-ANALYSIS §8.7). */
export interface WindRose {
  readonly sectors: readonly RoseSector[];
  /** Records with speed and direction present (calm included). */
  readonly totalCount: number;
  readonly calmCount: number;
  /** calm / total × 100 %. */
  readonly calmPct: number;
}

/**
 * Wind rose and energy rose (WIND-ANALYSIS §8.7): over records where both speed and direction are
 * present, calm records (v < `calmThresholdMps`, default 0.5 m/s [P]) are counted separately; the
 * others give per-sector frequency f_s = n_s/Σn, mean speed and energy share E_s = Σ_s ½ρv³/Σ ½ρv³.
 * With `calmThresholdMps: 0` frequencies equal brightwind `dist_by_dir_sector('%frequency')`.
 * Sectors are centred on 0° (see {@link directionSectorIndex}); GB reports use 16, WAsP/MCP 12.
 *
 * Only the energy rose needs ρ: count, frequency and speed use every record with speed and direction,
 * whatever density series is given, so the rose does not change with the channels asked for. A record
 * whose density is missing takes the period-mean ρ (the mean of the series' present values; 1.225
 * when it has none), as WIND-ANALYSIS §8.3 allows.
 *
 * @param speedsMps speeds; NaN skipped
 * @param directionsDeg directions (from, ° true); NaN skipped
 * @param options.airDensityKgM3 constant ρ (default 1.225) or a series parallel to the speeds (NaN =
 *   missing: the period mean is used there)
 * @returns the rose, or undefined when no record has both values
 * @example windRose(speeds, directions, { sectors: 16 }).sectors[0].frequencyPct // share from N
 */
export function windRose(
  speedsMps: NumericSeries,
  directionsDeg: NumericSeries,
  options: { sectors?: number; calmThresholdMps?: number; airDensityKgM3?: number | NumericSeries } = {},
): WindRose | undefined {
  const sectors = options.sectors ?? 16;
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('windRose requires sectors to be a positive integer');
  }
  const n = speedsMps.length;
  if (directionsDeg.length !== n) throw new Error('windRose requires speeds and directions of equal length');
  const calm = options.calmThresholdMps ?? 0.5;
  const density = options.airDensityKgM3 ?? 1.225;
  const densitySeries = typeof density === 'number' ? undefined : density;
  if (densitySeries && densitySeries.length !== n)
    throw new Error('windRose requires the density series to match the speeds');
  const fallbackDensity = densitySeries ? periodMeanDensity(densitySeries) : (density as number);
  const counts = new Float64Array(sectors);
  const speedSums = new Float64Array(sectors);
  const energy = new Float64Array(sectors);
  let total = 0;
  let calmCount = 0;
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    const d = directionsDeg[i]!;
    if (Number.isNaN(v) || Number.isNaN(d)) continue;
    total++;
    if (v < calm) {
      calmCount++;
      continue;
    }
    const s = directionSectorIndex(d, sectors);
    counts[s]!++;
    speedSums[s]! += v;
    const rho = densitySeries ? densitySeries[i]! : fallbackDensity;
    energy[s]! += 0.5 * (Number.isNaN(rho) ? fallbackDensity : rho) * v * v * v;
  }
  return roseFromSums(counts, speedSums, energy, total, calmCount);
}

/**
 * The rose of {@link windRose} from its per-sector sums (records, speeds, ½ρv³) and the counts of
 * records and calm ones: for a pass that sums them while it does more (`sweepSpeed`).
 */
export function roseFromSums(
  counts: Float64Array,
  speedSums: Float64Array,
  energy: Float64Array,
  total: number,
  calmCount: number,
): WindRose | undefined {
  if (total === 0) return undefined;
  const sectors = counts.length;
  const nonCalm = total - calmCount;
  let energyTotal = 0;
  for (let s = 0; s < sectors; s++) energyTotal += energy[s]!;
  const width = 360 / sectors;
  const out: RoseSector[] = [];
  for (let s = 0; s < sectors; s++) {
    const c = counts[s]!;
    out.push({
      index: s,
      centreDeg: s * width,
      count: c,
      frequencyPct: nonCalm > 0 ? (c / nonCalm) * 100 : 0,
      meanSpeedMps: c > 0 ? speedSums[s]! / c : Number.NaN,
      energyPct: energyTotal > 0 ? (energy[s]! / energyTotal) * 100 : 0,
      powerDensityWm2: c > 0 ? energy[s]! / c : Number.NaN,
    });
  }
  return { sectors: out, totalCount: total, calmCount, calmPct: (calmCount / total) * 100 };
}

/** Mean of the present values of a density series; 1.225 kg/m³ when none is present. */
export function periodMeanDensity(series: NumericSeries): number {
  let sum = 0;
  let count = 0;
  for (let i = 0; i < series.length; i++) {
    const rho = series[i]!;
    if (Number.isNaN(rho)) continue;
    sum += rho;
    count++;
  }
  return count > 0 ? sum / count : 1.225;
}
