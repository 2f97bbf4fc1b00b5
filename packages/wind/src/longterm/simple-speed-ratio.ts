import { meanOfMonthlyMeans } from './mean-of-monthly-means.ts';
import type { McpSeries } from './types.ts';

/** Result of {@link simpleSpeedRatio}. */
export interface SimpleSpeedRatio {
  /** Later of the two first valid stamps; end of the overlap (both inclusive). */
  readonly overlapStartMs: number;
  readonly overlapEndMs: number;
  /** mean(target) / mean(reference) over the overlap. */
  readonly ratio: number;
  /** MOMM of the whole reference series, m/s. */
  readonly referenceLongTermMps: number;
  /** ratio × referenceLongTermMps, m/s. */
  readonly targetLongTermMps: number;
  /** Valid target records in the overlap ÷ ((end − start) / target step). */
  readonly targetOverlapCoverage: number;
}

function validStamps(s: McpSeries): { stamps: Float64Array; values: Float64Array } {
  const step = s.intervalMinutes * 60_000;
  const stamps: number[] = [];
  const values: number[] = [];
  for (let i = 0; i < s.speedMps.length; i++) {
    const v = s.speedMps[i]!;
    if (Number.isNaN(v)) continue;
    stamps.push(s.startMs + i * step);
    values.push(v);
  }
  return { stamps: Float64Array.from(stamps), values: Float64Array.from(values) };
}

function meanBetween(stamps: Float64Array, values: Float64Array, from: number, to: number): [number, number] {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < stamps.length; i++) {
    const t = stamps[i]!;
    if (t < from || t > to) continue;
    sum += values[i]!;
    n++;
  }
  return [n > 0 ? sum / n : Number.NaN, n];
}

/**
 * Simple speed ratio of the raw series (WIND-ANALYSIS §13; brightwind `SimpleSpeedRatio`, reference/
 * brightwind-mcp/METHODS.md §7): ratio = mean(target)/mean(reference) over the overlap, long-term target =
 * ratio × MOMM of the whole reference. The overlap ends at the earlier of the two last valid stamps;
 * brightwind ends it at the reference's last stamp (`overlapEnd: 'reference'` reproduces that quirk, which
 * compares a short target with every later reference year).
 *
 * @returns undefined without an overlap
 * @example simpleSpeedRatio(reference, target)?.targetLongTermMps
 */
export function simpleSpeedRatio(
  reference: McpSeries,
  target: McpSeries,
  options: { overlapEnd?: 'both' | 'reference' } = {},
): SimpleSpeedRatio | undefined {
  const ref = validStamps(reference);
  const tgt = validStamps(target);
  if (ref.stamps.length === 0 || tgt.stamps.length === 0) return undefined;
  const start = Math.max(ref.stamps[0]!, tgt.stamps[0]!);
  const refEnd = ref.stamps[ref.stamps.length - 1]!;
  const end =
    options.overlapEnd === 'reference' ? refEnd : Math.min(refEnd, tgt.stamps[tgt.stamps.length - 1]!);
  if (end < start) return undefined;
  const [refMean] = meanBetween(ref.stamps, ref.values, start, end);
  const [tgtMean, tgtCount] = meanBetween(tgt.stamps, tgt.values, start, end);
  const ratio = tgtMean / refMean;
  const referenceLongTermMps = meanOfMonthlyMeans(ref.stamps, ref.values)!;
  return {
    overlapStartMs: start,
    overlapEndMs: end,
    ratio,
    referenceLongTermMps,
    targetLongTermMps: ratio * referenceLongTermMps,
    targetOverlapCoverage: tgtCount / ((end - start) / (target.intervalMinutes * 60_000)),
  };
}
