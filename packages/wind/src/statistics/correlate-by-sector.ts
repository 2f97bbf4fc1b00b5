import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { sectorLabels } from '../direction/sector-labels.ts';
import { fitGroupedLines } from '../math/fit-grouped-lines.ts';
import type { LinearFit } from '../math/fit-linear-least-squares.ts';
import type { NumericSeries } from '../model/types.ts';
import { correlationStrength } from './correlation-strength.ts';

/** One reference-direction sector of a correlation (SPEC §3 correlation sector row). */
export interface CorrelationSector {
  readonly index: number;
  /** "345-15" style edges. */
  readonly sectorRange: string;
  readonly count: number;
  /** OLS a_s, b_s, r_s; undefined with < 2 points or no spread (brightwind gives NaN). */
  readonly intercept: number | undefined;
  readonly slope: number | undefined;
  readonly r: number | undefined;
  readonly rSquared: number | undefined;
  /** Mean reference speed of the sector's concurrent points, m/s. */
  readonly referenceMeanMps: number | undefined;
  /** ŷ = a_s + b_s·x at the sector's reference mean (or the supplied long-term mean). */
  readonly correctedValue: number | undefined;
  /** Wording of r and R² (WIND-ANALYSIS §9, SPEC §5). */
  readonly strength: ReturnType<typeof correlationStrength>;
}

/** Correlation of a target speed against a reference speed by reference-direction sector (§8.8). */
export interface SectorCorrelation {
  readonly sectors: readonly CorrelationSector[];
  /** All-sector OLS fit. */
  readonly overall: LinearFit | undefined;
  /** Fit through the origin, b = Σxy/Σx². */
  readonly throughOrigin: { slope: number; rSquared: number; count: number } | undefined;
}

/**
 * Wind speed correlation between two masts or heights by reference-direction sector
 * (WIND-ANALYSIS §8.8; brightwind `OrdinaryLeastSquares` with `ref_dir`): per sector OLS a_s, b_s, r_s,
 * n_s and the corrected value ŷ = a_s + b_s·x̄_s, plus the all-sector fit and a through-origin fit.
 * Only records where reference, target and direction are all present are used.
 *
 * @param referenceMps reference speeds x
 * @param targetMps target speeds y
 * @param referenceDirectionDeg reference directions
 * @param options.referenceMeansMps optional per-sector reference means (e.g. long-term) for correctedValue
 * @example correlateBySector(ref, target, refDir, { sectors: 12 }).sectors[1].slope
 */
export function correlateBySector(
  referenceMps: NumericSeries,
  targetMps: NumericSeries,
  referenceDirectionDeg: NumericSeries,
  options: {
    sectors?: number;
    referenceMeansMps?: ArrayLike<number>;
    /**
     * The sector of every reference direction (directionSectorIndices with the same sector count), when
     * the caller already has them: one reference correlates with every other height.
     */
    referenceSectorIndex?: Int16Array;
  } = {},
): SectorCorrelation {
  const sectors = options.sectors ?? 12;
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('correlateBySector requires sectors to be a positive integer');
  }
  const n = referenceMps.length;
  if (targetMps.length !== n || referenceDirectionDeg.length !== n) {
    throw new Error('correlateBySector requires series of equal length');
  }
  const given = options.referenceSectorIndex;
  if (given && given.length !== n) throw new Error('correlateBySector requires series of equal length');
  const sectorOf = new Int16Array(n);
  const counts = new Int32Array(sectors);
  for (let i = 0; i < n; i++) {
    const xi = referenceMps[i]!;
    const yi = targetMps[i]!;
    const d = referenceDirectionDeg[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi) || Number.isNaN(d)) {
      sectorOf[i] = -1;
      continue;
    }
    const s = given ? given[i]! : directionSectorIndex(d, sectors);
    sectorOf[i] = s;
    counts[s]!++;
  }
  // Group the pairs by sector into contiguous blocks for one fit per sector.
  const offsets = new Int32Array(sectors + 1);
  for (let s = 0; s < sectors; s++) offsets[s + 1] = offsets[s]! + counts[s]!;
  const gx = new Float64Array(offsets[sectors]!);
  const gy = new Float64Array(offsets[sectors]!);
  const fill = offsets.slice(0, sectors);
  for (let i = 0; i < n; i++) {
    const s = sectorOf[i]!;
    if (s < 0) continue;
    const j = fill[s]!++;
    gx[j] = referenceMps[i]!;
    gy[j] = targetMps[i]!;
  }
  return correlationFromGroups(gx, gy, offsets, options.referenceMeansMps);
}

/**
 * The correlation of {@link correlateBySector} from the concurrent pairs grouped by reference sector
 * (sector s's pairs, in time order, at `offsets[s]`…`offsets[s + 1]`): for a pass that groups them while
 * it does more (`sweepSpeed`).
 */
export function correlationFromGroups(
  gx: Float64Array,
  gy: Float64Array,
  offsets: Int32Array,
  referenceMeansMps?: ArrayLike<number>,
): SectorCorrelation {
  const sectors = offsets.length - 1;
  const labels = sectorLabels(sectors, 'range');
  const lines = fitGroupedLines(gx, gy, offsets);
  const rows: CorrelationSector[] = [];
  for (let s = 0; s < sectors; s++) {
    const count = offsets[s + 1]! - offsets[s]!;
    const fit = lines.byGroup[s];
    const referenceMean = count > 0 ? lines.groupSumX[s]! / count : undefined;
    const at = referenceMeansMps?.[s] ?? referenceMean;
    rows.push({
      index: s,
      sectorRange: labels[s]!,
      count,
      intercept: fit?.intercept,
      slope: fit?.slope,
      r: fit?.r,
      rSquared: fit?.rSquared,
      referenceMeanMps: referenceMean,
      correctedValue: fit && at !== undefined ? fit.intercept + fit.slope * at : undefined,
      strength: fit ? correlationStrength(fit.r) : undefined,
    });
  }
  return { sectors: rows, overall: lines.overall, throughOrigin: lines.throughOrigin };
}
