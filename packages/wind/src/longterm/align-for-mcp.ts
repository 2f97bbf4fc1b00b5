import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { mcpPeriodBounds } from './mcp-period-bounds.ts';
import type { McpAlignment, McpPeriod, McpSeries } from './types.ts';

function firstValidMs(series: McpSeries, isDirectionUsed: boolean): number | undefined {
  const dir = isDirectionUsed ? series.directionDeg : undefined;
  for (let i = 0; i < series.speedMps.length; i++) {
    if (Number.isNaN(series.speedMps[i]!) || (dir && Number.isNaN(dir[i]!))) continue;
    return series.startMs + i * series.intervalMinutes * 60_000;
  }
  return undefined;
}

/**
 * Concurrent period means of a reference and a target, exactly as brightwind aligns them before every fit
 * (reference/brightwind-mcp/METHODS.md §1): records with any used column missing are dropped; both series
 * start at the later first record, floored to its hour, midnight or first of the month; each is averaged
 * to the period (see {@link averageByMcpPeriod}); a period is kept when every column of both has a value
 * and a coverage ≥ `coverageThreshold` (default 0.9; 0 keeps every period with a value).
 *
 * @param options.isReferenceDirectionUsed also average the reference direction (sector fits, SpeedSort)
 * @param options.isTargetDirectionUsed also average the target direction (SpeedSort veer, direction offset)
 * @returns the aligned periods, or undefined when a series has no record
 * @example alignForMcp(reference, target, { period: '1H' })?.x.length // concurrent hours
 */
export function alignForMcp(
  reference: McpSeries,
  target: McpSeries,
  options: {
    period: McpPeriod;
    coverageThreshold?: number;
    isReferenceDirectionUsed?: boolean;
    isTargetDirectionUsed?: boolean;
  },
): McpAlignment | undefined {
  const threshold = options.coverageThreshold ?? 0.9;
  const refDir = options.isReferenceDirectionUsed === true;
  const tgtDir = options.isTargetDirectionUsed === true;
  if (refDir && !reference.directionDeg) throw new Error('alignForMcp requires reference directions');
  if (tgtDir && !target.directionDeg) throw new Error('alignForMcp requires target directions');
  const r0 = firstValidMs(reference, refDir);
  const t0 = firstValidMs(target, tgtDir);
  if (r0 === undefined || t0 === undefined) return undefined;
  const fromMs = mcpPeriodBounds(Math.max(r0, t0), options.period)[0];
  const ref = averageByMcpPeriod(reference, options.period, {
    fromMs,
    isEveryColumnRequired: true,
    isDirectionUsed: refDir,
  });
  const tgt = averageByMcpPeriod(target, options.period, {
    fromMs,
    isEveryColumnRequired: true,
    isDirectionUsed: tgtDir,
  });
  const passes = (value: number, coverage: number) =>
    !Number.isNaN(value) && (threshold > 0 ? coverage >= threshold : coverage > 0);
  const keep: number[][] = [];
  let j = 0;
  for (let i = 0; i < ref.periodStartMs.length; i++) {
    const t = ref.periodStartMs[i]!;
    while (j < tgt.periodStartMs.length && tgt.periodStartMs[j]! < t) j++;
    if (j >= tgt.periodStartMs.length) break;
    if (tgt.periodStartMs[j] !== t) continue;
    if (!passes(ref.speedMps[i]!, ref.speedCoverage[i]!)) continue;
    if (!passes(tgt.speedMps[j]!, tgt.speedCoverage[j]!)) continue;
    if (refDir && !passes(ref.directionDeg![i]!, ref.directionCoverage![i]!)) continue;
    if (tgtDir && !passes(tgt.directionDeg![j]!, tgt.directionCoverage![j]!)) continue;
    keep.push([i, j]);
  }
  const n = keep.length;
  const periodStartMs = new Float64Array(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const xCoverage = new Float64Array(n);
  const yCoverage = new Float64Array(n);
  const xDirectionDeg = refDir ? new Float64Array(n) : undefined;
  const yDirectionDeg = tgtDir ? new Float64Array(n) : undefined;
  keep.forEach(([i, k], p) => {
    periodStartMs[p] = ref.periodStartMs[i!]!;
    x[p] = ref.speedMps[i!]!;
    y[p] = tgt.speedMps[k!]!;
    xCoverage[p] = ref.speedCoverage[i!]!;
    yCoverage[p] = tgt.speedCoverage[k!]!;
    if (xDirectionDeg) xDirectionDeg[p] = ref.directionDeg![i!]!;
    if (yDirectionDeg) yDirectionDeg[p] = tgt.directionDeg![k!]!;
  });
  return { period: options.period, periodStartMs, x, y, xDirectionDeg, yDirectionDeg, xCoverage, yCoverage };
}
