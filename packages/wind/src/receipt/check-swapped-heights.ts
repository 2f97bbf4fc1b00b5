import { dailySums } from './daily-sums.ts';
import { isInWake } from './is-in-wake.ts';
import { splitCandidates } from './split-candidates.ts';
import {
  RECEIPT_DEFAULTS,
  type ReceiptChannel,
  type ReceiptChart,
  type ReceiptCheckResult,
  type ReceiptFindingKey,
  type ReceiptWindow,
} from './types.ts';

type Pair = { lower: ReceiptChannel; upper: ReceiptChannel; directionId?: string | undefined };

/** Sums [count, Σu(z1), Σu(z2)] over records with both ≥ the speed limit and neither cup in its wake. */
function pairAdder(window: ReceiptWindow, pair: Pair, minSpeed: number, halfWidth: number) {
  const a = window.channels[pair.lower.id];
  const b = window.channels[pair.upper.id];
  const d = pair.directionId ? window.channels[pair.directionId] : undefined;
  return (i: number, row: Float64Array, o: number) => {
    const x = a?.[i] ?? Number.NaN;
    const y = b?.[i] ?? Number.NaN;
    if (!(x >= minSpeed && y >= minSpeed)) return;
    if (d) {
      const theta = d[i]!;
      if (isInWake(theta, pair.lower.boomDeg, halfWidth) || isInWake(theta, pair.upper.boomDeg, halfWidth))
        return;
    }
    row[o]!++;
    row[o + 1]! += x;
    row[o + 2]! += y;
  };
}

/** |mean after − mean before| of the daily ratios split at `at`, in standard errors of their scatter. */
function stepInStandardErrors(ratios: readonly number[], at: number): number {
  const stats = (from: number, to: number) => {
    let n = 0;
    let s = 0;
    let ss = 0;
    for (let k = from; k < to; k++) {
      const x = ratios[k]!;
      if (Number.isNaN(x)) continue;
      n++;
      s += x;
      ss += x * x;
    }
    const mean = s / n;
    return { n, mean, variance: n > 1 ? (ss - n * mean * mean) / (n - 1) : Number.NaN };
  };
  const b = stats(0, at);
  const a = stats(at, ratios.length);
  if (b.n < 3 || a.n < 3) return 0;
  return Math.abs(a.mean - b.mean) / Math.sqrt(b.variance / b.n + a.variance / a.n);
}

/**
 * Swapped heights (WIND-ANALYSIS §15): for anemometers at z1 < z2, R = ū(z2)/ū(z1) over records with both
 * ≥ 4 m/s outside both wake sectors (when the booms and a vane are known). Flags when, from some UTC day of
 * the file on (≥ 7 days with data after it), R crosses 1 against what came before (the previous 30 days and
 * the file's earlier days; either way, a swap inverts R), each side at least `crossMargin` from 1, or R < 0.97
 * while it was not below 0.97 before (a pair already below in the history was reported on an earlier
 * file; without history the file alone decides), or R turns into about its inverse (|ln R_after + ln R_before|
 * ≤ |ln R_before|/2 with |ln R_before| ≥ the margin: a swap inverts the established ratio, which matters when
 * the upper cup reads low). With a weak established ratio (|ln R_before| < 3 %) the step must also stand
 * 3 standard errors of the daily ratios' day-to-day scatter (a windy week moves such a pair across 1). The start day
 * with the largest |ln R_after − ln R_before| is reported, with the fix `swap_heights` from it. Skips:
 * `not_two_heights`, `too_few_records`, `shear_too_weak` (history's R within 1 ± margin and the file not below 0.97).
 *
 * @example checkSwappedHeights(file, history, { lower: cup40, upper: cup80, directionId: 'Dir78' })
 */
export function checkSwappedHeights(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  pair: Pair & {
    minSpeedMps?: number;
    ratioBelow?: number;
    minDays?: number;
    crossMargin?: number;
    wakeHalfWidthDeg?: number;
  },
): ReceiptCheckResult {
  const check = 'swapped_heights' as const;
  const channels = [pair.lower.id, pair.upper.id];
  const o = RECEIPT_DEFAULTS.swappedHeights;
  const minSpeed = pair.minSpeedMps ?? o.minSpeedMps;
  const below = pair.ratioBelow ?? o.ratioBelow;
  const minDays = pair.minDays ?? o.minDays;
  const margin = pair.crossMargin ?? o.crossMargin;
  const halfWidth = pair.wakeHalfWidthDeg ?? o.wakeHalfWidthDeg;
  if (
    !(
      pair.lower.heightM !== undefined &&
      pair.upper.heightM !== undefined &&
      pair.lower.heightM < pair.upper.heightM
    )
  ) {
    return { status: 'skipped', skip: { check, channels, reason: 'not_two_heights' } };
  }
  const daily = dailySums(file.timesMs, 3, pairAdder(file, pair, minSpeed, halfWidth));
  let historySums: Float64Array | undefined;
  const dayRatios: number[] = [];
  const addRatios = (sums: Float64Array, days: number) => {
    for (let d = 0; d < days; d++)
      dayRatios.push(sums[d * 3]! > 5 ? sums[d * 3 + 2]! / sums[d * 3 + 1]! : Number.NaN);
  };
  if (history && history.timesMs.length > 0) {
    const h = dailySums(history.timesMs, 3, pairAdder(history, pair, minSpeed, halfWidth));
    historySums = new Float64Array(3);
    for (let d = 0; d < h.days; d++) for (let k = 0; k < 3; k++) historySums[k]! += h.sums[d * 3 + k]!;
    addRatios(h.sums, h.days);
  }
  const historyDays = dayRatios.length;
  addRatios(daily.sums, daily.days);
  const candidates = splitCandidates(daily, file.timesMs[0] ?? 0, historySums, minDays, 5);
  if (candidates.length === 0) {
    return { status: 'skipped', skip: { check, channels, reason: 'too_few_records' } };
  }
  const ratio = (s: Float64Array) => (s[0]! > 0 ? s[2]! / s[1]! : Number.NaN);
  const whole = candidates[0]!;
  const historyRatio = historySums && historySums[0]! >= 144 ? ratio(historySums) : Number.NaN;
  let best: { at: number; score: number; key: ReceiptFindingKey } | undefined;
  for (let at = 0; at < candidates.length; at++) {
    const c = candidates[at]!;
    const after = ratio(c.after);
    const before = c.before[0]! >= 144 ? ratio(c.before) : Number.NaN;
    let key: ReceiptFindingKey | undefined;
    if ((before >= 1 + margin && after <= 1 - margin) || (before <= 1 - margin && after >= 1 + margin)) {
      key = 'swapped_heights.ratio_crossed_one';
    } else if (
      Math.abs(Math.log(before)) >= margin &&
      Math.abs(Math.log(after) + Math.log(before)) <= Math.abs(Math.log(before)) / 2
    ) {
      key = 'swapped_heights.ratio_inverted';
    } else if (after < below && Number.isNaN(before)) key = 'swapped_heights.ratio_below';
    if (!key) continue;
    // A pair with a weak established ratio (within 3 % of 1) crosses 1 in a windy week by weather alone:
    // the step must stand 3 standard errors of the daily ratios' scatter.
    if (
      !Number.isNaN(before) &&
      Math.abs(Math.log(before)) < 0.03 &&
      stepInStandardErrors(dayRatios, historyDays + Math.round((c.fromMs - daily.firstDayMs) / 86_400_000)) <
        3
    )
      continue;
    const score = Number.isNaN(before)
      ? Math.abs(Math.log(after))
      : Math.abs(Math.log(before) - Math.log(after));
    if (!best || score > best.score) best = { at, score, key };
  }
  const daysX: number[] = [];
  const dailyRatio: number[] = [];
  for (let d = 0; d < daily.days; d++) {
    daysX.push(daily.firstDayMs + d * 86_400_000);
    const n = daily.sums[d * 3]!;
    dailyRatio.push(n > 0 ? daily.sums[d * 3 + 2]! / daily.sums[d * 3 + 1]! : Number.NaN);
  }
  const chart: ReceiptChart = {
    kind: 'daily' as const,
    xKey: 'day_start_ms',
    x: daysX,
    series: [{ key: 'ratio_upper_lower', y: dailyRatio }],
    marks: { history_ratio: historyRatio },
  };
  const fileRatio = ratio(whole.after);
  if (!best) {
    const numbers = { fileRatio, historyRatio, records: whole.after[0]! };
    if (Math.abs(historyRatio - 1) < margin) {
      return { status: 'skipped', skip: { check, channels, reason: 'shear_too_weak', numbers } };
    }
    return { status: 'pass', pass: { check, channels, numbers, chart } };
  }
  const hit = candidates[best.at]!;
  const fromMs = hit.fromMs;
  const toMs = file.timesMs[file.timesMs.length - 1]! + RECEIPT_DEFAULTS.intervalMinutes * 60_000;
  return {
    status: 'finding',
    finding: {
      check,
      key: best.key,
      severity: 'error',
      channels,
      fromMs,
      toMs,
      numbers: {
        ratioAfter: ratio(hit.after),
        ratioBefore: hit.before[0]! >= 144 ? ratio(hit.before) : Number.NaN,
        historyRatio,
        fileRatio,
        recordsAfter: hit.after[0]!,
        daysAfter: hit.daysAfter,
      },
      chart: { ...chart, marks: { ...chart.marks, from_ms: fromMs } },
      fix: { kind: 'swap_heights', channelA: pair.lower.id, channelB: pair.upper.id, fromMs },
    },
  };
}
