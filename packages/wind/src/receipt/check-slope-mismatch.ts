import { dailySums } from './daily-sums.ts';
import { isInWake } from './is-in-wake.ts';
import { splitCandidates } from './split-candidates.ts';
import {
  RECEIPT_DEFAULTS,
  type ReceiptChannel,
  type ReceiptCheckResult,
  type ReceiptWindow,
} from './types.ts';

type Options = {
  a: ReceiptChannel;
  b: ReceiptChannel;
  directionId?: string | undefined;
  minSpeedMps?: number;
  flagPercent?: number;
  minRecords?: number;
  minDays?: number;
  wakeHalfWidthDeg?: number;
};

/** Sums [count, Σab, Σb²] over records with both ≥ the speed limit and neither cup in its wake. */
function adder(window: ReceiptWindow, o: Options, minSpeed: number, halfWidth: number) {
  const a = window.channels[o.a.id];
  const b = window.channels[o.b.id];
  const d = o.directionId ? window.channels[o.directionId] : undefined;
  return (i: number, row: Float64Array, at: number) => {
    const x = a?.[i] ?? Number.NaN;
    const y = b?.[i] ?? Number.NaN;
    if (!(x >= minSpeed && y >= minSpeed)) return;
    if (d && (isInWake(d[i]!, o.a.boomDeg, halfWidth) || isInWake(d[i]!, o.b.boomDeg, halfWidth))) return;
    row[at]!++;
    row[at + 1]! += x * y;
    row[at + 2]! += y * y;
  };
}

/**
 * Calibration/slope mismatch of two anemometers at one height (WIND-ANALYSIS §15): the least-squares slope
 * through the origin s = Σab/Σb² of `a` on `b` over records with both ≥ 4 m/s outside both wake sectors.
 * Findings: `slope_mismatch.changed` when, from some UTC day of the file on (≥ 7 days with data after it),
 * s differs from s before it (previous 30 days and the file's earlier days) by more than 2 %; otherwise
 * `slope_mismatch.pair` when the file's |s − 1| > 2 %. The fix `slope_offset` rescales `a` from that day.
 * Skips: `too_few_records` (fewer than 144 pairs in the file).
 *
 * @example checkSlopeMismatch(file, history, { a: cup80N, b: cup80S, directionId: 'Dir78mS' })
 */
export function checkSlopeMismatch(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: Options,
): ReceiptCheckResult {
  const check = 'slope_mismatch' as const;
  const d = RECEIPT_DEFAULTS.slope;
  const channels = [options.a.id, options.b.id];
  const minSpeed = options.minSpeedMps ?? d.minSpeedMps;
  const halfWidth = options.wakeHalfWidthDeg ?? d.wakeHalfWidthDeg;
  const minRecords = options.minRecords ?? d.minRecords;
  const limit = (options.flagPercent ?? d.flagPercent) / 100;
  const daily = dailySums(file.timesMs, 3, adder(file, options, minSpeed, halfWidth));
  let historySums: Float64Array | undefined;
  if (history && history.timesMs.length > 0) {
    const h = dailySums(history.timesMs, 3, adder(history, options, minSpeed, halfWidth));
    historySums = new Float64Array(3);
    for (let k = 0; k < h.days * 3; k++) historySums[k % 3]! += h.sums[k]!;
  }
  const candidates = splitCandidates(daily, file.timesMs[0] ?? 0, historySums, options.minDays ?? 7, 5);
  const whole = candidates[0];
  if (!whole || whole.after[0]! < minRecords) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'too_few_records', numbers: { records: whole?.after[0] ?? 0 } },
    };
  }
  const slope = (s: Float64Array) => s[1]! / s[2]!;
  let best: { at: number; score: number } | undefined;
  for (let at = 0; at < candidates.length; at++) {
    const c = candidates[at]!;
    if (c.before[0]! < minRecords || c.after[0]! < minRecords) continue;
    const score = Math.abs(Math.log(slope(c.after) / slope(c.before)));
    if (score > Math.log1p(limit) && (!best || score > best.score)) best = { at, score };
  }
  const fileSlope = slope(whole.after);
  const historySlope = historySums && historySums[0]! >= minRecords ? slope(historySums) : Number.NaN;
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < daily.days; k++) {
    x.push(daily.firstDayMs + k * 86_400_000);
    y.push(daily.sums[k * 3]! > 0 ? daily.sums[k * 3 + 1]! / daily.sums[k * 3 + 2]! : Number.NaN);
  }
  const chart = {
    kind: 'daily' as const,
    xKey: 'day_start_ms',
    x,
    series: [{ key: 'slope', y }],
    marks: { history_slope: historySlope },
  };
  const toMs = file.timesMs[file.timesMs.length - 1]! + RECEIPT_DEFAULTS.intervalMinutes * 60_000;
  if (best) {
    const c = candidates[best.at]!;
    const correction = slope(c.before) / slope(c.after);
    return {
      status: 'finding',
      finding: {
        check,
        key: 'slope_mismatch.changed',
        severity: 'error',
        channels,
        fromMs: c.fromMs,
        toMs,
        numbers: {
          slopeAfter: slope(c.after),
          slopeBefore: slope(c.before),
          changePercent: (slope(c.after) / slope(c.before) - 1) * 100,
          fileSlope,
          historySlope,
          recordsAfter: c.after[0]!,
        },
        chart: { ...chart, marks: { ...chart.marks, from_ms: c.fromMs } },
        fix: { kind: 'slope_offset', channel: options.a.id, slope: correction, offset: 0, fromMs: c.fromMs },
      },
    };
  }
  const numbers = { fileSlope, historySlope, records: whole.after[0]! };
  if (Math.abs(fileSlope - 1) <= limit) return { status: 'pass', pass: { check, channels, numbers, chart } };
  return {
    status: 'finding',
    finding: {
      check,
      key: 'slope_mismatch.pair',
      severity: 'warning',
      channels,
      fromMs: whole.fromMs,
      toMs,
      numbers: { ...numbers, differencePercent: (fileSlope - 1) * 100 },
      chart,
      fix: {
        kind: 'slope_offset',
        channel: options.a.id,
        slope: 1 / fileSlope,
        offset: 0,
        fromMs: whole.fromMs,
      },
    },
  };
}
