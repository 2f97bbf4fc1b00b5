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
  /** Air temperature: records at or below `minTemperatureC` (icing risk, §2.2) are left out. */
  temperatureId?: string | undefined;
  minTemperatureC?: number;
  minSpeedMps?: number;
  /** A change must also stand this many standard errors of the daily slopes' scatter above noise (2.5; mixed pairs only). */
  minStandardErrors?: number;
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
  const t = o.temperatureId ? window.channels[o.temperatureId] : undefined;
  const minT = o.minTemperatureC ?? RECEIPT_DEFAULTS.stuck.minTemperatureC;
  return (i: number, row: Float64Array, at: number) => {
    const x = a?.[i] ?? Number.NaN;
    const y = b?.[i] ?? Number.NaN;
    if (!(x >= minSpeed && y >= minSpeed)) return;
    if (t && !(t[i]! > minT)) return;
    if (d && (isInWake(d[i]!, o.a.boomDeg, halfWidth) || isInWake(d[i]!, o.b.boomDeg, halfWidth))) return;
    row[at]!++;
    row[at + 1]! += x * y;
    row[at + 2]! += y * y;
  };
}

/** Mean and variance of the daily slopes (days with > 5 records) of days[from, to). */
function dailySlopeStats(days: readonly Float64Array[], from: number, to: number) {
  let n = 0;
  let s = 0;
  let ss = 0;
  for (let k = from; k < to; k++) {
    const d = days[k]!;
    if (d[0]! <= 5) continue;
    const x = d[1]! / d[2]!;
    n++;
    s += x;
    ss += x * x;
  }
  const mean = s / n;
  return { n, mean, variance: n > 1 ? (ss - n * mean * mean) / (n - 1) : Number.NaN };
}

/**
 * The change at day `at` in standard errors of the day-to-day scatter of the daily slopes before and after
 * it: a pair whose ratio wanders from day to day (a cup against a sonic) needs a clearer step than a twin.
 */
function changeInStandardErrors(days: readonly Float64Array[], at: number): number {
  const b = dailySlopeStats(days, 0, at);
  const a = dailySlopeStats(days, at, days.length);
  if (b.n < 3 || a.n < 3) return 0;
  return Math.abs(a.mean - b.mean) / Math.sqrt(b.variance / b.n + a.variance / a.n);
}

/**
 * Calibration/slope mismatch of two anemometers at one height (WIND-ANALYSIS §15): the least-squares slope
 * through the origin s = Σab/Σb² of `a` on `b` over records with both ≥ 4 m/s outside both wake sectors.
 * Findings: `slope_mismatch.changed` when, from some UTC day of the file on (≥ 7 days with data after it),
 * s differs from s before it (previous 30 days and the file's earlier days) by more than 2 %; otherwise
 * `slope_mismatch.pair` when the file's |s − 1| > 2 % — only for two sensors of one kind: a pair of
 * different kinds (`sensorKind`, e.g. a cup and a sonic) has its own ratio and is judged against its history
 * only, and only when its daily slopes in the previous 30 days scatter by ≤ 2 % (sd), else skip
 * `mixed_pair_scatter`: such a pair cannot resolve the 2 % of §15. A change of a mixed pair must also stand
 * ≥ 2.5 standard errors of the daily slopes' scatter (the split day is chosen among many). The fix
 * `slope_offset` rescales `a` from that day.
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
  const days: Float64Array[] = [];
  if (history && history.timesMs.length > 0) {
    const h = dailySums(history.timesMs, 3, adder(history, options, minSpeed, halfWidth));
    historySums = new Float64Array(3);
    for (let k = 0; k < h.days * 3; k++) historySums[k % 3]! += h.sums[k]!;
    for (let k = 0; k < h.days; k++) days.push(h.sums.subarray(k * 3, k * 3 + 3));
  }
  const historyDays = days.length;
  for (let k = 0; k < daily.days; k++) days.push(daily.sums.subarray(k * 3, k * 3 + 3));
  const mixed =
    options.a.sensorKind !== undefined &&
    options.b.sensorKind !== undefined &&
    options.a.sensorKind !== options.b.sensorKind;
  const candidates = splitCandidates(daily, file.timesMs[0] ?? 0, historySums, options.minDays ?? 7, 5);
  const whole = candidates[0];
  if (!whole || whole.after[0]! < minRecords) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'too_few_records', numbers: { records: whole?.after[0] ?? 0 } },
    };
  }
  const slope = (s: Float64Array) => s[1]! / s[2]!;
  const scatter = dailySlopeStats(days, 0, historyDays);
  const scatterPercent = (Math.sqrt(scatter.variance) / scatter.mean) * 100;
  if (mixed && !(scatter.n >= 3 && scatterPercent <= limit * 100)) {
    return {
      status: 'skipped',
      skip: {
        check,
        channels,
        reason: 'mixed_pair_scatter',
        numbers: { historyDays: scatter.n, dailyScatterPercent: scatterPercent },
      },
    };
  }
  let best: { at: number; score: number } | undefined;
  for (let at = 0; at < candidates.length; at++) {
    const c = candidates[at]!;
    if (c.before[0]! < minRecords || c.after[0]! < minRecords) continue;
    const score = Math.abs(Math.log(slope(c.after) / slope(c.before)));
    if (!(score > Math.log1p(limit)) || (best && score <= best.score)) continue;
    const day = historyDays + Math.round((c.fromMs - daily.firstDayMs) / 86_400_000);
    if (!mixed || changeInStandardErrors(days, day) >= (options.minStandardErrors ?? 2.5))
      best = { at, score };
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
  if (mixed || Math.abs(fileSlope - 1) <= limit)
    return { status: 'pass', pass: { check, channels, numbers, chart } };
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
