import type { McpPeriodMeans } from './average-by-mcp-period.ts';
import { mcpPeriodBounds } from './mcp-period-bounds.ts';
import { roundHalfEven } from './round-half-even.ts';
import type { McpPeriod, McpSeries } from './types.ts';

const TO_RAD = Math.PI / 180;

function modeGap(counts: Int32Array, long: Map<number, number>): number {
  let bestGap = 1;
  let bestCount = -1;
  for (let g = 1; g < counts.length; g++) {
    if (counts[g]! > bestCount) {
      bestGap = g;
      bestCount = counts[g]!;
    }
  }
  for (const [g, c] of long) {
    if (c > bestCount || (c === bestCount && g < bestGap)) {
      bestGap = g;
      bestCount = c;
    }
  }
  return bestGap;
}

function finish(
  period: McpPeriod,
  starts: Float64Array,
  ends: Float64Array,
  resolutionMs: number,
  sum: Float64Array,
  count: Float64Array,
  dir: { sin: Float64Array; cos: Float64Array; count: Float64Array; last: Float64Array } | undefined,
): McpPeriodMeans {
  const m = starts.length;
  const speedMps = new Float64Array(m);
  const speedCoverage = new Float64Array(m);
  const directionDeg = dir ? new Float64Array(m) : undefined;
  const directionCoverage = dir ? new Float64Array(m) : undefined;
  for (let p = 0; p < m; p++) {
    const length = ends[p]! - starts[p]!;
    const expected = length / resolutionMs;
    speedMps[p] = count[p]! > 0 ? sum[p]! / count[p]! : Number.NaN;
    speedCoverage[p] = count[p]! / expected;
    if (dir) {
      const c = dir.count[p]!;
      directionCoverage![p] = c / expected;
      if (c === 0) directionDeg![p] = Number.NaN;
      else if (length <= resolutionMs) directionDeg![p] = dir.last[p]!;
      else {
        const ms = dir.sin[p]! / c;
        const mc = dir.cos[p]! / c;
        if (ms === 0 && mc === 0) directionDeg![p] = Number.NaN;
        else {
          let a = (Math.atan2(ms, mc) / TO_RAD) % 360;
          if (a < 0) a += 360;
          directionDeg![p] = a === 360 ? 0 : a;
        }
      }
    }
  }
  return {
    period,
    periodStartMs: starts,
    speedMps,
    speedCoverage,
    directionDeg,
    directionCoverage,
    resolutionMs,
  };
}

/**
 * Both brightwind averagings of a [speed, direction] series in one pass (see {@link averageByMcpPeriod}):
 * `all` averages each column over its own present values (synthesis, speed-only alignment); `complete`
 * counts only records with speed AND direction present (brightwind drops rows with any NaN before aligning
 * a [speed, direction] table). Periods span the first to the last record with a speed.
 *
 * @internal
 */
export function averageMcpPeriodPair(
  series: McpSeries,
  period: McpPeriod,
  options: { fromMs?: number; isDirectionUsed?: boolean } = {},
): { all: McpPeriodMeans; complete: McpPeriodMeans } {
  const speed = series.speedMps;
  const dir = options.isDirectionUsed === false ? undefined : series.directionDeg;
  const n = speed.length;
  if (dir && dir.length !== n)
    throw new Error('averageByMcpPeriod requires directions to match speeds in length');
  const stepMs = series.intervalMinutes * 60_000;
  let first = 0;
  if (options.fromMs !== undefined && options.fromMs > series.startMs) {
    first = Math.ceil((options.fromMs - series.startMs) / stepMs);
  }
  // Resolution: the most common gap (in slots) between consecutive present records, for speeds and for
  // complete records (small gaps counted in an array, the rare long ones in a map).
  const gaps = new Int32Array(1024);
  const longGaps = new Map<number, number>();
  const gapsComplete = new Int32Array(1024);
  const longGapsComplete = new Map<number, number>();
  let lastValid = -1;
  let firstValid = -1;
  let lastComplete = -1;
  for (let i = first; i < n; i++) {
    if (Number.isNaN(speed[i]!)) continue;
    if (lastValid >= 0) {
      const g = i - lastValid;
      if (g < 1024) gaps[g]! += 1;
      else longGaps.set(g, (longGaps.get(g) ?? 0) + 1);
    } else firstValid = i;
    lastValid = i;
    if (dir && Number.isNaN(dir[i]!)) continue;
    if (lastComplete >= 0) {
      const g = i - lastComplete;
      if (g < 1024) gapsComplete[g]! += 1;
      else longGapsComplete.set(g, (longGapsComplete.get(g) ?? 0) + 1);
    }
    lastComplete = i;
  }
  const resolutionMs = modeGap(gaps, longGaps) * stepMs;
  const resolutionCompleteMs = modeGap(gapsComplete, longGapsComplete) * stepMs;
  const startList: number[] = [];
  const endList: number[] = [];
  if (firstValid >= 0) {
    let [pStart, pEnd] = mcpPeriodBounds(series.startMs + firstValid * stepMs, period);
    const lastT = series.startMs + lastValid * stepMs;
    while (pStart <= lastT) {
      startList.push(pStart);
      endList.push(pEnd);
      [pStart, pEnd] = mcpPeriodBounds(pEnd, period);
    }
  }
  const starts = Float64Array.from(startList);
  const ends = Float64Array.from(endList);
  const m = starts.length;
  const sum = new Float64Array(m);
  const count = new Float64Array(m);
  const sumC = dir ? new Float64Array(m) : sum;
  const countC = dir ? new Float64Array(m) : count;
  const mk = () => ({
    sin: new Float64Array(m),
    cos: new Float64Array(m),
    count: new Float64Array(m),
    last: new Float64Array(m),
  });
  const dAll = dir ? mk() : undefined;
  const dComplete = dir ? mk() : undefined;
  let k = 0;
  for (let i = firstValid < 0 ? n : firstValid; i <= lastValid; i++) {
    const t = series.startMs + i * stepMs;
    while (t >= ends[k]!) k++;
    const s = speed[i]!;
    const hasSpeed = !Number.isNaN(s);
    if (hasSpeed) {
      sum[k]! += s;
      count[k]! += 1;
    }
    if (!dir) continue;
    const d = dir[i]!;
    if (Number.isNaN(d)) continue;
    const sin = roundHalfEven(Math.sin(d * TO_RAD), 5);
    const cos = roundHalfEven(Math.cos(d * TO_RAD), 5);
    dAll!.sin[k]! += sin;
    dAll!.cos[k]! += cos;
    dAll!.count[k]! += 1;
    dAll!.last[k] = d;
    if (!hasSpeed) continue;
    sumC[k]! += s;
    countC[k]! += 1;
    dComplete!.sin[k]! += sin;
    dComplete!.cos[k]! += cos;
    dComplete!.count[k]! += 1;
    dComplete!.last[k] = d;
  }
  const all = finish(period, starts, ends, resolutionMs, sum, count, dAll);
  const complete = dir ? finish(period, starts, ends, resolutionCompleteMs, sumC, countC, dComplete) : all;
  return { all, complete };
}
