import type { McpSeries } from './types.ts';

/**
 * A series cut to a campaign window [fromMs, toMs): only the records whose stamp (their period start) lies
 * inside remain, on the same grid (the start moves to the first slot inside). Either end open keeps the
 * series' own.
 *
 * @returns the series itself when the window covers it; an empty series (no slot) when they do not meet
 * @example clipMcpSeries(target, { fromMs: Date.UTC(2024, 0, 1) }).startMs
 */
export function clipMcpSeries(series: McpSeries, window: { fromMs?: number; toMs?: number }): McpSeries {
  const stepMs = series.intervalMinutes * 60_000;
  const n = series.speedMps.length;
  const fromMs = window.fromMs ?? Number.NEGATIVE_INFINITY;
  const toMs = window.toMs ?? Number.POSITIVE_INFINITY;
  const lo = Math.min(n, Math.max(0, Math.ceil((fromMs - series.startMs) / stepMs)));
  const hi = Math.max(lo, Math.min(n, Math.ceil((toMs - series.startMs) / stepMs)));
  if (lo === 0 && hi === n) return series;
  const slice = (a: ArrayLike<number>): ArrayLike<number> =>
    ArrayBuffer.isView(a) ? (a as Float64Array).subarray(lo, hi) : Array.prototype.slice.call(a, lo, hi);
  return {
    startMs: series.startMs + lo * stepMs,
    intervalMinutes: series.intervalMinutes,
    speedMps: slice(series.speedMps),
    ...(series.directionDeg ? { directionDeg: slice(series.directionDeg) } : {}),
  };
}
