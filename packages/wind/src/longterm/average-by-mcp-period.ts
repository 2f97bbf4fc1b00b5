import { mcpPeriodBounds } from './mcp-period-bounds.ts';
import { roundHalfEven } from './round-half-even.ts';
import type { McpPeriod, McpSeries } from './types.ts';

/** Period means of one series (brightwind `average_data_by_period`, before any coverage filter). */
export interface McpPeriodMeans {
  readonly period: McpPeriod;
  /** Every period from the first to the last one holding a record (dense). */
  readonly periodStartMs: Float64Array;
  /** Mean speed of the records present (NaN when none). */
  readonly speedMps: Float64Array;
  /** Present records ÷ (period length ÷ data resolution). */
  readonly speedCoverage: Float64Array;
  readonly directionDeg: Float64Array | undefined;
  readonly directionCoverage: Float64Array | undefined;
  /** The most common step between consecutive present records, ms (brightwind's data resolution). */
  readonly resolutionMs: number;
}

const TO_RAD = Math.PI / 180;

/**
 * Averages a series to hours, days or calendar months exactly as brightwind does before an MCP fit
 * (reference/brightwind-mcp/METHODS.md §1): speed by arithmetic mean of the values present; direction by the
 * unit-vector mean of sin and cos rounded to 5 decimals (NaN when both means are exactly 0, 360 → 0),
 * passed through unchanged when the period is not longer than the data resolution; coverage = present
 * values ÷ (period length ÷ resolution), the resolution being the most common step between present records.
 *
 * @param options.fromMs records before this stamp are ignored (the common start of an alignment)
 * @param options.isEveryColumnRequired a record counts only when speed AND direction are present
 *   (brightwind drops a row with any NaN before averaging a [speed, direction] table)
 * @example averageByMcpPeriod({ startMs: 0, intervalMinutes: 10, speedMps: [1, 2, 3, 4, 5, 6] }, '1H').speedMps // [3.5]
 */
export function averageByMcpPeriod(
  series: McpSeries,
  period: McpPeriod,
  options: { fromMs?: number; isEveryColumnRequired?: boolean; isDirectionUsed?: boolean } = {},
): McpPeriodMeans {
  const speed = series.speedMps;
  const dir = options.isDirectionUsed === false ? undefined : series.directionDeg;
  const n = speed.length;
  if (dir && dir.length !== n)
    throw new Error('averageByMcpPeriod requires directions to match speeds in length');
  const stepMs = series.intervalMinutes * 60_000;
  const both = options.isEveryColumnRequired === true && dir !== undefined;
  let first = 0;
  if (options.fromMs !== undefined && options.fromMs > series.startMs) {
    first = Math.ceil((options.fromMs - series.startMs) / stepMs);
  }
  // Resolution: the most common gap (in slots) between consecutive present records.
  const gapCounts = new Map<number, number>();
  let lastValid = -1;
  let firstValid = -1;
  for (let i = first; i < n; i++) {
    const s = speed[i]!;
    if (Number.isNaN(s) || (both && Number.isNaN(dir[i]!))) continue;
    if (lastValid >= 0) {
      const g = i - lastValid;
      gapCounts.set(g, (gapCounts.get(g) ?? 0) + 1);
    } else firstValid = i;
    lastValid = i;
  }
  let bestGap = 1;
  let bestCount = -1;
  for (const [g, c] of gapCounts) {
    if (c > bestCount || (c === bestCount && g < bestGap)) {
      bestGap = g;
      bestCount = c;
    }
  }
  const resolutionMs = bestGap * stepMs;
  if (firstValid < 0) {
    const empty = new Float64Array(0);
    return {
      period,
      periodStartMs: empty,
      speedMps: empty,
      speedCoverage: empty,
      directionDeg: dir ? empty : undefined,
      directionCoverage: dir ? empty : undefined,
      resolutionMs,
    };
  }
  // Dense periods from the first present record to the last.
  const starts: number[] = [];
  let [pStart, pEnd] = mcpPeriodBounds(series.startMs + firstValid * stepMs, period);
  const lastT = series.startMs + lastValid * stepMs;
  while (pStart <= lastT) {
    starts.push(pStart);
    [pStart, pEnd] = mcpPeriodBounds(pEnd, period);
  }
  const m = starts.length;
  const sum = new Float64Array(m);
  const count = new Float64Array(m);
  const sinSum = dir ? new Float64Array(m) : undefined;
  const cosSum = dir ? new Float64Array(m) : undefined;
  const dirCount = dir ? new Float64Array(m) : undefined;
  const dirLast = dir ? new Float64Array(m) : undefined;
  let k = 0;
  let end = m > 1 ? starts[1]! : mcpPeriodBounds(starts[0]!, period)[1];
  for (let i = firstValid; i <= lastValid; i++) {
    const t = series.startMs + i * stepMs;
    while (t >= end) {
      k++;
      end = k + 1 < m ? starts[k + 1]! : mcpPeriodBounds(starts[k]!, period)[1];
    }
    const s = speed[i]!;
    const d = dir ? dir[i]! : Number.NaN;
    if (both && (Number.isNaN(s) || Number.isNaN(d))) continue;
    if (!Number.isNaN(s)) {
      sum[k]! += s;
      count[k]! += 1;
    }
    if (dir && !Number.isNaN(d)) {
      sinSum![k]! += roundHalfEven(Math.sin(d * TO_RAD), 5);
      cosSum![k]! += roundHalfEven(Math.cos(d * TO_RAD), 5);
      dirCount![k]! += 1;
      dirLast![k] = d;
    }
  }
  const periodStartMs = Float64Array.from(starts);
  const speedMps = new Float64Array(m);
  const speedCoverage = new Float64Array(m);
  const directionDeg = dir ? new Float64Array(m) : undefined;
  const directionCoverage = dir ? new Float64Array(m) : undefined;
  for (let p = 0; p < m; p++) {
    const length = (p + 1 < m ? starts[p + 1]! : mcpPeriodBounds(starts[p]!, period)[1]) - starts[p]!;
    const expected = length / resolutionMs;
    speedMps[p] = count[p]! > 0 ? sum[p]! / count[p]! : Number.NaN;
    speedCoverage[p] = count[p]! / expected;
    if (dir) {
      const c = dirCount![p]!;
      directionCoverage![p] = c / expected;
      if (c === 0) directionDeg![p] = Number.NaN;
      else if (length <= resolutionMs) directionDeg![p] = dirLast![p]!;
      else {
        const ms = sinSum![p]! / c;
        const mc = cosSum![p]! / c;
        if (ms === 0 && mc === 0) directionDeg![p] = Number.NaN;
        else {
          let a = (Math.atan2(ms, mc) / TO_RAD) % 360;
          if (a < 0) a += 360;
          directionDeg![p] = a === 360 ? 0 : a;
        }
      }
    }
  }
  return { period, periodStartMs, speedMps, speedCoverage, directionDeg, directionCoverage, resolutionMs };
}
