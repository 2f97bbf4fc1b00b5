import { alignPeriodMeans } from './align-period-means.ts';
import { averageByMcpPeriod } from './average-by-mcp-period.ts';
import { firstValidMs } from './first-valid-ms.ts';
import { mcpPeriodBounds } from './mcp-period-bounds.ts';
import type { McpAlignment, McpPeriod, McpSeries } from './types.ts';

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
  return alignPeriodMeans(ref, tgt, {
    fromMs,
    threshold,
    isReferenceDirectionUsed: refDir,
    isTargetDirectionUsed: tgtDir,
  });
}
