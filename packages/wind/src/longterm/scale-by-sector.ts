import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { fitOrthogonalLeastSquares } from '../math/fit-orthogonal-least-squares.ts';
import { fitVarianceRatio } from '../math/fit-variance-ratio.ts';
import type { NumericSeries } from '../model/types.ts';
import { fitRatioOfMeans } from './fit-ratio-of-means.ts';
import { fitSpeedSortLine } from './fit-speed-sort-line.ts';
import type { McpMethod } from './types.ts';

/** A scaling line of one sector (or all sectors). */
export interface ScalingFit {
  readonly count: number;
  readonly slope: number;
  readonly intercept: number;
  /** Speed sort only: below this x the line runs from the origin. */
  readonly cutoffMps?: number | undefined;
  /** Pearson r of the pairs (NaN without variance). */
  readonly r: number;
  /** mean(y − x), m/s. */
  readonly biasMps: number;
  /** ȳ/x̄. */
  readonly ratioOfMeans: number;
  readonly meanX: number;
  readonly meanY: number;
}

export interface SectorScaling {
  readonly sectors: number;
  readonly method: McpMethod;
  readonly overall: ScalingFit | undefined;
  /** Per sector of the reference direction: its own fit, or the overall one when it has < minCount pairs. */
  readonly bySector: ReadonlyArray<{
    readonly sector: number;
    readonly count: number;
    readonly isMerged: boolean;
    readonly fit: ScalingFit | undefined;
    /** Circular mean of (dir_target − dir_reference) over the sector's pairs, degrees (0 without target directions). */
    readonly directionOffsetDeg: number;
  }>;
}

/**
 * The SpeedSort line of the scaling (WIND-ANALYSIS §7, §12): the long-term correction's one SpeedSort
 * ({@link fitSpeedSortLine}) on the pairs without gaps, its cutoff min(0.5·x̄, 4) from their mean reference
 * speed (the workbench takes the MOMM of the aligned periods instead).
 */
function fitScalingSpeedSort(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; intercept: number; cutoffMps: number } | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    xs.push(xi);
    ys.push(yi);
  }
  if (xs.length < 2) return undefined;
  const cutoffMps = Math.min((0.5 * xs.reduce((a, b) => a + b, 0)) / xs.length, 4);
  const line = fitSpeedSortLine(xs, ys, cutoffMps);
  return line && { slope: line.slope, intercept: line.offset, cutoffMps };
}

function fitWith(method: McpMethod, x: NumericSeries, y: NumericSeries): ScalingFit | undefined {
  const ols = fitLinearLeastSquares(x, y);
  if (!ols) return undefined;
  let line: { slope: number; intercept: number; cutoffMps?: number } | undefined;
  if (method === 'ols') line = ols;
  else if (method === 'tls') line = fitOrthogonalLeastSquares(x, y);
  else if (method === 'variance_ratio') line = fitVarianceRatio(x, y);
  else if (method === 'speed_sort') line = fitScalingSpeedSort(x, y);
  else line = fitRatioOfMeans(x, y);
  if (!line) return undefined;
  return {
    count: ols.count,
    slope: line.slope,
    intercept: line.intercept,
    cutoffMps: line.cutoffMps,
    r: ols.r,
    biasMps: ols.meanY - ols.meanX,
    ratioOfMeans: ols.meanX > 0 ? ols.meanY / ols.meanX : Number.NaN,
    meanX: ols.meanX,
    meanY: ols.meanY,
  };
}

/** y of a scaling fit at x, clamped at ≥ 0 (WIND-ANALYSIS §12). */
export function scalePredict(fit: ScalingFit, x: number): number {
  if (Number.isNaN(x)) return Number.NaN;
  // A speed-sort fit runs from the origin below its cutoff (WIND-ANALYSIS §7).
  const c = fit.cutoffMps;
  let y = fit.intercept + fit.slope * x;
  if (c !== undefined && x < c) y = c > 0 ? ((fit.intercept + fit.slope * c) / c) * x : 0;
  return Math.max(0, y);
}

/**
 * Fits the target (mast) on the reference (mesoscale) per sector of the reference direction
 * (WIND-ANALYSIS §12): a sector with fewer than `minCount` concurrent pairs (default 30) uses the
 * all-sector fit and is reported as merged. Also the circular mean direction offset per sector.
 *
 * @param x reference speeds, @param y target speeds (concurrent, NaN missing)
 * @param xDirectionDeg reference directions; @param yDirectionDeg target directions (optional)
 */
export function scaleBySector(input: {
  x: NumericSeries;
  y: NumericSeries;
  xDirectionDeg: NumericSeries;
  yDirectionDeg?: NumericSeries | undefined;
  sectors?: number;
  method?: McpMethod;
  minCount?: number;
}): SectorScaling {
  const sectors = input.sectors ?? 12;
  const method = input.method ?? 'ols';
  const minCount = input.minCount ?? 30;
  const overall = fitWith(method, input.x, input.y);
  const index = directionSectorIndices(input.xDirectionDeg, sectors);
  const bySector = Array.from({ length: sectors }, (_, s) => {
    const xs: number[] = [];
    const ys: number[] = [];
    let sin = 0;
    let cos = 0;
    for (let i = 0; i < index.length; i++) {
      if (index[i] !== s) continue;
      const xi = input.x[i]!;
      const yi = input.y[i]!;
      if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
      xs.push(xi);
      ys.push(yi);
      const dy = input.yDirectionDeg?.[i];
      if (dy !== undefined && !Number.isNaN(dy)) {
        const d = ((dy - input.xDirectionDeg[i]!) * Math.PI) / 180;
        sin += Math.sin(d);
        cos += Math.cos(d);
      }
    }
    const own = xs.length >= minCount ? fitWith(method, xs, ys) : undefined;
    const offset = sin === 0 && cos === 0 ? 0 : (Math.atan2(sin, cos) * 180) / Math.PI;
    return {
      sector: s,
      count: xs.length,
      isMerged: own === undefined,
      fit: own ?? overall,
      directionOffsetDeg: offset,
    };
  });
  return { sectors, method, overall, bySector };
}

/**
 * The long-term target series from the reference (WIND-ANALYSIS §12): every reference record of sector
 * s gets y = a_s + b_s·x clamped at ≥ 0, and the direction reference + the sector's offset.
 */
export function applySectorScaling(
  scaling: SectorScaling,
  x: NumericSeries,
  xDirectionDeg: NumericSeries,
): { speedMps: Float64Array; directionDeg: Float64Array } {
  const index = directionSectorIndices(xDirectionDeg, scaling.sectors);
  const speedMps = new Float64Array(x.length);
  const directionDeg = new Float64Array(x.length);
  for (let i = 0; i < x.length; i++) {
    const s = index[i]!;
    const cell = s >= 0 ? scaling.bySector[s] : undefined;
    const fit = cell?.fit ?? scaling.overall;
    speedMps[i] = fit ? scalePredict(fit, x[i]!) : Number.NaN;
    const d = xDirectionDeg[i]!;
    directionDeg[i] = Number.isNaN(d)
      ? Number.NaN
      : (((d + (cell?.directionOffsetDeg ?? 0)) % 360) + 360) % 360;
  }
  return { speedMps, directionDeg };
}
