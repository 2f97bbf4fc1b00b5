import { angleDifference } from '../direction/angle-difference.ts';
import { dailySums } from './daily-sums.ts';
import { splitCandidates } from './split-candidates.ts';
import { RECEIPT_DEFAULTS, type ReceiptChart, type ReceiptCheckResult, type ReceiptWindow } from './types.ts';

type Options = {
  a: string;
  b: string;
  speedId: string;
  /** Judge the absolute difference too (vanes at about one height); otherwise only its change. */
  absolute?: boolean;
  minSpeedMps?: number;
  flagDeg?: number;
  minRecords?: number;
  minDays?: number;
};

const RAD = Math.PI / 180;

function adder(window: ReceiptWindow, o: Options, minSpeed: number) {
  const a = window.channels[o.a];
  const b = window.channels[o.b];
  const u = window.channels[o.speedId];
  return (i: number, row: Float64Array, at: number) => {
    const x = a?.[i] ?? Number.NaN;
    const y = b?.[i] ?? Number.NaN;
    if (!((u?.[i] ?? Number.NaN) >= minSpeed) || Number.isNaN(x) || Number.isNaN(y)) return;
    const d = angleDifference(x, y) * RAD;
    row[at]!++;
    row[at + 1]! += Math.sin(d);
    row[at + 2]! += Math.cos(d);
  };
}

const meanDeg = (s: Float64Array) => Math.atan2(s[1]!, s[2]!) / RAD;

/**
 * Vane offset (WIND-ANALYSIS §15): the circular mean of d_a − d_b over records with u ≥ 4 m/s.
 * Findings: `vane_offset.changed` when, from some UTC day of the file on (≥ 7 days with data after it), the
 * mean differs from the mean before it (previous 30 days and the file's earlier days) by more than 10°;
 * otherwise, with `absolute` (vanes at about one height), `vane_offset.pair` when the file's |mean| > 10°.
 * The fix `vane_offset` turns vane `a` back by the difference from that day.
 * Skips: `too_few_records` (fewer than 144 records in the file).
 *
 * @example checkVaneOffset(file, history, { a: 'Dir78mS', b: 'Dir58mS', speedId: 'Spd80mN' })
 */
export function checkVaneOffset(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: Options,
): ReceiptCheckResult {
  const check = 'vane_offset' as const;
  const d = RECEIPT_DEFAULTS.vane;
  const channels = [options.a, options.b];
  const minSpeed = options.minSpeedMps ?? d.minSpeedMps;
  const minRecords = options.minRecords ?? d.minRecords;
  const flagDeg = options.flagDeg ?? d.flagDeg;
  const daily = dailySums(file.timesMs, 3, adder(file, options, minSpeed));
  let historySums: Float64Array | undefined;
  if (history && history.timesMs.length > 0) {
    const h = dailySums(history.timesMs, 3, adder(history, options, minSpeed));
    historySums = new Float64Array(3);
    for (let k = 0; k < h.days * 3; k++) historySums[k % 3]! += h.sums[k]!;
  }
  const candidates = splitCandidates(
    daily,
    file.timesMs[0] ?? 0,
    historySums,
    options.minDays ?? d.minDays,
    5,
  );
  const whole = candidates[0];
  if (!whole || whole.after[0]! < minRecords) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'too_few_records', numbers: { records: whole?.after[0] ?? 0 } },
    };
  }
  let best: { at: number; change: number } | undefined;
  for (let at = 0; at < candidates.length; at++) {
    const c = candidates[at]!;
    if (c.before[0]! < minRecords || c.after[0]! < minRecords) continue;
    const change = angleDifference(meanDeg(c.after), meanDeg(c.before));
    if (Math.abs(change) > flagDeg && (!best || Math.abs(change) > Math.abs(best.change)))
      best = { at, change };
  }
  const fileMean = meanDeg(whole.after);
  const historyMean = historySums && historySums[0]! >= minRecords ? meanDeg(historySums) : Number.NaN;
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < daily.days; k++) {
    x.push(daily.firstDayMs + k * 86_400_000);
    y.push(daily.sums[k * 3]! > 0 ? meanDeg(daily.sums.subarray(k * 3, k * 3 + 3)) : Number.NaN);
  }
  const chart: ReceiptChart = {
    kind: 'daily' as const,
    xKey: 'day_start_ms',
    x,
    series: [{ key: 'mean_difference_deg', y }],
    marks: { history_mean_deg: historyMean },
  };
  const toMs = file.timesMs[file.timesMs.length - 1]! + RECEIPT_DEFAULTS.intervalMinutes * 60_000;
  if (best) {
    const c = candidates[best.at]!;
    return {
      status: 'finding',
      finding: {
        check,
        key: 'vane_offset.changed',
        severity: 'error',
        channels,
        fromMs: c.fromMs,
        toMs,
        numbers: {
          changeDeg: best.change,
          meanAfterDeg: meanDeg(c.after),
          meanBeforeDeg: meanDeg(c.before),
          fileMeanDeg: fileMean,
          historyMeanDeg: historyMean,
          recordsAfter: c.after[0]!,
        },
        chart: { ...chart, marks: { ...chart.marks, from_ms: c.fromMs } },
        fix: { kind: 'vane_offset', channel: options.a, deg: -best.change, fromMs: c.fromMs },
      },
    };
  }
  const numbers = { fileMeanDeg: fileMean, historyMeanDeg: historyMean, records: whole.after[0]! };
  if (!options.absolute || Math.abs(fileMean) <= flagDeg)
    return { status: 'pass', pass: { check, channels, numbers, chart } };
  return {
    status: 'finding',
    finding: {
      check,
      key: 'vane_offset.pair',
      severity: 'warning',
      channels,
      fromMs: whole.fromMs,
      toMs,
      numbers,
      chart,
      fix: { kind: 'vane_offset', channel: options.a, deg: -fileMean, fromMs: whole.fromMs },
    },
  };
}
