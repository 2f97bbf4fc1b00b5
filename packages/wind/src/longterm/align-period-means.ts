import type { McpPeriodMeans } from './average-by-mcp-period.ts';
import type { McpAlignment } from './types.ts';

/**
 * The merge step of brightwind's alignment (reference/brightwind-mcp/METHODS.md §1 step 5): periods from
 * `fromMs` on where every used column of both series has a value and a coverage ≥ the threshold (0 keeps
 * every period with a value).
 *
 * @internal
 */
export function alignPeriodMeans(
  ref: McpPeriodMeans,
  tgt: McpPeriodMeans,
  options: {
    fromMs: number;
    threshold: number;
    isReferenceDirectionUsed: boolean;
    isTargetDirectionUsed: boolean;
  },
): McpAlignment {
  const { threshold, fromMs } = options;
  const refDir = options.isReferenceDirectionUsed;
  const tgtDir = options.isTargetDirectionUsed;
  const passes = (value: number, coverage: number) =>
    !Number.isNaN(value) && (threshold > 0 ? coverage >= threshold : coverage > 0);
  const keepRef: number[] = [];
  const keepTgt: number[] = [];
  let j = 0;
  for (let i = 0; i < ref.periodStartMs.length; i++) {
    const t = ref.periodStartMs[i]!;
    if (t < fromMs) continue;
    while (j < tgt.periodStartMs.length && tgt.periodStartMs[j]! < t) j++;
    if (j >= tgt.periodStartMs.length) break;
    if (tgt.periodStartMs[j] !== t) continue;
    if (!passes(ref.speedMps[i]!, ref.speedCoverage[i]!)) continue;
    if (!passes(tgt.speedMps[j]!, tgt.speedCoverage[j]!)) continue;
    if (refDir && !passes(ref.directionDeg![i]!, ref.directionCoverage![i]!)) continue;
    if (tgtDir && !passes(tgt.directionDeg![j]!, tgt.directionCoverage![j]!)) continue;
    keepRef.push(i);
    keepTgt.push(j);
  }
  const n = keepRef.length;
  const periodStartMs = new Float64Array(n);
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  const xCoverage = new Float64Array(n);
  const yCoverage = new Float64Array(n);
  const xDirectionDeg = refDir ? new Float64Array(n) : undefined;
  const yDirectionDeg = tgtDir ? new Float64Array(n) : undefined;
  for (let p = 0; p < n; p++) {
    const i = keepRef[p]!;
    const k = keepTgt[p]!;
    periodStartMs[p] = ref.periodStartMs[i]!;
    x[p] = ref.speedMps[i]!;
    y[p] = tgt.speedMps[k]!;
    xCoverage[p] = ref.speedCoverage[i]!;
    yCoverage[p] = tgt.speedCoverage[k]!;
    if (xDirectionDeg) xDirectionDeg[p] = ref.directionDeg![i]!;
    if (yDirectionDeg) yDirectionDeg[p] = tgt.directionDeg![k]!;
  }
  return { period: ref.period, periodStartMs, x, y, xDirectionDeg, yDirectionDeg, xCoverage, yCoverage };
}
