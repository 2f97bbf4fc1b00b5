import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { sectorLabels } from '../direction/sector-labels.ts';
import { alignForMcp } from '../longterm/align-for-mcp.ts';
import { fitMcp, type McpPairs } from '../longterm/fit-mcp.ts';
import { fitMcpLine } from '../longterm/fit-mcp-line.ts';
import { predictMcpLine } from '../longterm/predict-mcp.ts';
import type { McpLine, McpMethod, McpPeriod, McpSeries } from '../longterm/types.ts';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';

/** Averaging of a correlation: the records themselves ('10min') or hourly, daily, monthly means. */
export type CorrelationPeriod = '10min' | McpPeriod;

/** One reference-direction sector of {@link correlateByPeriod}. */
export interface PeriodCorrelationSector {
  readonly index: number;
  /** "345-15" style edges. */
  readonly sectorRange: string;
  readonly count: number;
  /** The method's line on the sector's pairs; undefined with fewer than 2 pairs or no spread. */
  readonly line: McpLine | undefined;
  /** Pearson r of the sector's pairs. */
  readonly r: number | undefined;
  /** Mean reference speed of the sector's pairs, m/s. */
  readonly referenceMeanMps: number | undefined;
  /** The line at the sector's reference mean. */
  readonly correctedValue: number | undefined;
}

/** A correlation of a target speed on a reference speed by one method on (averaged) concurrent pairs. */
export interface PeriodCorrelation {
  readonly period: CorrelationPeriod;
  readonly method: McpMethod;
  /** The concurrent pairs the overall line was fitted on: reference x, target y. */
  readonly pairs: McpPairs;
  /** The method's line over all pairs (undefined with fewer than 2 pairs or no spread in x). */
  readonly overall: McpLine | undefined;
  /** Pearson r of the pairs (the same for every method). */
  readonly r: number | undefined;
  /** Slope of OLS through the origin, Σxy/Σx². */
  readonly throughOriginSlope: number | undefined;
  /** Per reference-direction sector (empty without a reference direction). */
  readonly sectors: readonly PeriodCorrelationSector[];
}

/** Concurrent records of two series on one grid where every used column has a value. */
function recordPairs(reference: McpSeries, target: McpSeries, isDirectionUsed: boolean): McpPairs {
  if (reference.startMs !== target.startMs || reference.intervalMinutes !== target.intervalMinutes) {
    throw new Error('correlateByPeriod requires 10-min series on one grid');
  }
  const xs = reference.speedMps;
  const ys = target.speedMps;
  const ds = reference.directionDeg;
  const n = Math.min(xs.length, ys.length);
  const keep: number[] = [];
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(xs[i]!) || Number.isNaN(ys[i]!)) continue;
    if (isDirectionUsed && Number.isNaN(ds![i]!)) continue;
    keep.push(i);
  }
  const stepMs = reference.intervalMinutes * 60_000;
  return {
    periodStartMs: Float64Array.from(keep, (i) => reference.startMs + i * stepMs),
    x: Float64Array.from(keep, (i) => xs[i]!),
    y: Float64Array.from(keep, (i) => ys[i]!),
    xDirectionDeg: isDirectionUsed ? Float64Array.from(keep, (i) => ds![i]!) : undefined,
    yDirectionDeg: undefined,
  };
}

function sectorRows(pairs: McpPairs, method: McpMethod, sectors: number): PeriodCorrelationSector[] {
  const fit = fitMcp(pairs, { method, sectors, minSectorCount: 2, sectorFallback: 'none' });
  const { x, y } = pairs;
  const dir = pairs.xDirectionDeg!;
  const labels = sectorLabels(sectors, 'range');
  const xs: number[][] = Array.from({ length: sectors }, () => []);
  const ys: number[][] = Array.from({ length: sectors }, () => []);
  for (let i = 0; i < x.length; i++) {
    const s = directionSectorIndex(dir[i]!, sectors);
    if (s < 0) continue;
    xs[s]!.push(x[i]!);
    ys[s]!.push(y[i]!);
  }
  return fit.bySector.map((s) => {
    const sx = xs[s.sector]!;
    const mean = sx.length > 0 ? sx.reduce((a, b) => a + b, 0) / sx.length : undefined;
    return {
      index: s.sector,
      sectorRange: labels[s.sector]!,
      count: s.count,
      line: s.line,
      r: fitLinearLeastSquares(sx, ys[s.sector]!)?.r,
      referenceMeanMps: mean,
      correctedValue: s.line && mean !== undefined ? predictMcpLine(s.line, mean) : undefined,
    };
  });
}

/**
 * Correlation between two heights or masts with the long-term workbench's averaging and methods
 * (WIND-ANALYSIS §8.8 with §13; brightwind's alignment, reference/brightwind-mcp/METHODS.md §1–§5):
 * - '10min': the records where reference and target (and the reference direction, when given) are all
 *   present, as the statistics' 10-min correlation pairs them; the series must share one grid.
 * - '1H' | '1D' | '1M': {@link alignForMcp} with the coverage threshold: the overall line on the
 *   speed-only alignment (brightwind's overall fit), the sectors on the alignment that also needs the
 *   reference direction (brightwind's `ref_dir` fit).
 * Every line is {@link fitMcp}'s; a sector with a single pair has no line (brightwind's NaN).
 *
 * @param options.sectors reference-direction sectors of the by-sector rows (needs `reference.directionDeg`)
 * @example correlateByPeriod(ref, tgt, { period: '1H', coverageThreshold: 0.9, method: 'tls', sectors: 16 }).overall?.slope
 */
export function correlateByPeriod(
  reference: McpSeries,
  target: McpSeries,
  options: { period: CorrelationPeriod; coverageThreshold: number; method: McpMethod; sectors: number },
): PeriodCorrelation {
  const { period, method, sectors } = options;
  const hasDirection = reference.directionDeg !== undefined && sectors > 1;
  let pairs: McpPairs | undefined;
  let sectorPairs: McpPairs | undefined;
  if (period === '10min') {
    pairs = recordPairs(reference, target, hasDirection);
    sectorPairs = hasDirection ? pairs : undefined;
  } else {
    const align = (isReferenceDirectionUsed: boolean) =>
      alignForMcp(reference, target, {
        period,
        coverageThreshold: options.coverageThreshold,
        isReferenceDirectionUsed,
      });
    pairs = align(false);
    sectorPairs = hasDirection ? align(true) : undefined;
  }
  const empty = new Float64Array(0);
  pairs ??= { periodStartMs: empty, x: empty, y: empty, xDirectionDeg: undefined, yDirectionDeg: undefined };
  const overall = pairs.x.length >= 2 ? fitMcp(pairs, { method }).overall : undefined;
  return {
    period,
    method,
    pairs,
    overall,
    r: fitLinearLeastSquares(pairs.x, pairs.y)?.r,
    throughOriginSlope: fitMcpLine(pairs.x, pairs.y, 'ols_through_origin')?.slope,
    sectors: sectorPairs ? sectorRows(sectorPairs, method, sectors) : [],
  };
}
