import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { mcpSynthesisStart } from './mcp-synthesis-start.ts';
import { predictPeriods } from './predict-periods.ts';
import type { McpFit, McpPeriod, McpSeries } from './types.ts';

/** A synthesised long-term series: one value per period, measured where the target passes, else predicted. */
export interface LongTermSeries {
  readonly period: McpPeriod;
  /** Every period from the first to the last of reference and target (dense). */
  readonly periodStartMs: Float64Array;
  /** Speed, m/s (NaN where neither a passing measurement nor a prediction exists). */
  readonly speedMps: Float64Array;
  /** Direction: the measured target's, else the reference direction turned by the sector's offset (§12). */
  readonly directionDeg: Float64Array | undefined;
  /** 1 where the value is the measured target period mean. */
  readonly isMeasured: Uint8Array;
}

/** Options of {@link synthesizeLongTerm}. */
export interface SynthesizeOptions {
  readonly period: McpPeriod;
  /** Coverage a reference period needs to be predicted (default 0.9; SpeedSort 0 as in brightwind). */
  readonly referenceCoverageThreshold?: number;
  /** Coverage a target period needs to be kept as measured (default: the reference threshold). */
  readonly targetCoverageThreshold?: number;
  /** The measured target to splice in (omit for the prediction only). */
  readonly target?: McpSeries | undefined;
  /** Clamp predictions at ≥ 0 (default true, WIND-ANALYSIS §12; brightwind clamps SpeedSort only). */
  readonly isClampedAtZero?: boolean;
}

/**
 * Long-term series of an MCP fit (WIND-ANALYSIS §13; brightwind `synthesize()`, reference/brightwind-mcp/
 * METHODS.md §6): the whole reference averaged to the period (speed and direction each with their own
 * coverage), every passing period predicted with the line of its reference-direction sector, clamped at
 * ≥ 0, spliced with the measured target period means that pass their coverage. Directions: the measured
 * target direction, else the reference direction plus the sector's mean offset (§12).
 *
 * @example synthesizeLongTerm(fit, reference, { period: '1H', target }).speedMps
 */
export function synthesizeLongTerm(
  fit: McpFit,
  reference: McpSeries,
  options: SynthesizeOptions,
): LongTermSeries {
  const period = options.period;
  const isSpeedSort = fit.method === 'speed_sort';
  const refThreshold = options.referenceCoverageThreshold ?? (isSpeedSort ? 0 : 0.9);
  const tgtThreshold = options.targetCoverageThreshold ?? refThreshold;
  const clamp = options.isClampedAtZero ?? true;
  const passes = (threshold: number, coverage: number) =>
    threshold > 0 ? coverage >= threshold : coverage > 0;
  const withDirection = reference.directionDeg !== undefined;
  if (fit.sectors > 1 && !withDirection) throw new Error('synthesizeLongTerm requires reference directions');
  const ref = averageByMcpPeriod(reference, period, {
    fromMs: mcpSynthesisStart(reference, period),
    isDirectionUsed: withDirection,
  });
  const target = options.target;
  const tgt = target
    ? averageByMcpPeriod(target, period, {
        fromMs: mcpSynthesisStart(target, period),
        isDirectionUsed: target.directionDeg !== undefined,
      })
    : undefined;
  // Dense union of both period lists (both are dense and calendar-aligned).
  const stamps = new Set<number>();
  for (const t of ref.periodStartMs) stamps.add(t);
  if (tgt) for (const t of tgt.periodStartMs) stamps.add(t);
  const all = Float64Array.from(stamps).sort();
  const m = all.length;
  const speedMps = new Float64Array(m).fill(Number.NaN);
  const directionDeg =
    withDirection || target?.directionDeg ? new Float64Array(m).fill(Number.NaN) : undefined;
  const isMeasured = new Uint8Array(m);
  const predicted = predictPeriods(fit, ref, refThreshold, clamp);
  let k = 0;
  for (let i = 0; i < ref.periodStartMs.length; i++) {
    const t = ref.periodStartMs[i]!;
    while (all[k]! < t) k++;
    speedMps[k] = predicted.speedMps[i]!;
    if (directionDeg && predicted.directionDeg) directionDeg[k] = predicted.directionDeg[i]!;
  }
  if (tgt) {
    k = 0;
    for (let j = 0; j < tgt.periodStartMs.length; j++) {
      const t = tgt.periodStartMs[j]!;
      while (all[k]! < t) k++;
      if (!passes(tgtThreshold, tgt.speedCoverage[j]!)) continue;
      speedMps[k] = tgt.speedMps[j]!;
      isMeasured[k] = 1;
      if (directionDeg && tgt.directionDeg && passes(tgtThreshold, tgt.directionCoverage![j]!))
        directionDeg[k] = tgt.directionDeg[j]!;
    }
  }
  return { period, periodStartMs: all, speedMps, directionDeg, isMeasured };
}
