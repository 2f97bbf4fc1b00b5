import { directionSectorIndex } from '../direction/direction-sector-index.ts';
import { dailySums } from './daily-sums.ts';
import { isInWake } from './is-in-wake.ts';
import { splitCandidates } from './split-candidates.ts';
import {
  RECEIPT_DEFAULTS,
  type ReceiptChannel,
  type ReceiptChart,
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
  /** Direction sectors the two periods are matched in (12; only with a vane). */
  sectors?: number;
  /** Records a sector needs in both periods to be compared (30). */
  minSectorRecords?: number;
};

/**
 * Sums [count, Σab, Σb²] over records with both ≥ the speed limit, a direction and neither cup in its wake,
 * then the same three per direction sector of the vane.
 */
function adder(window: ReceiptWindow, o: Options, minSpeed: number, halfWidth: number, sectors: number) {
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
    const direction = d?.[i] ?? Number.NaN;
    if (isInWake(direction, o.a.boomDeg, halfWidth) || isInWake(direction, o.b.boomDeg, halfWidth)) return;
    const sector = directionSectorIndex(direction, sectors);
    if (sector < 0) return;
    for (const k of [at, at + 3 + 3 * sector]) {
      row[k]!++;
      row[k + 1]! += x * y;
      row[k + 2]! += y * y;
    }
  };
}

/**
 * The slopes of two periods on the same footing: "after" pooled over the sectors both periods have
 * ≥ `minSectorRecords` records in, "before" as the mean of its sector slopes weighted as the pooled "after"
 * weighs its sectors (Σb² of each). A slope through the origin pooled over directions is the Σb²-weighted
 * mean of the sector slopes, so "before" is the slope the earlier period would have had with the later one's
 * direction mix: a pair whose ratio depends on direction (a wake nobody declared, flow around the mast) gives
 * the same number for the same data whatever the wind did, and a change of the mix is not read as a change
 * of calibration. Undefined when either side keeps fewer than `minRecords` records.
 */
function matchedSlopes(
  before: Float64Array,
  after: Float64Array,
  sectors: number,
  minSectorRecords: number,
  minRecords: number,
): { before: number; after: number; recordsBefore: number; recordsAfter: number } | undefined {
  let abAfter = 0;
  let bbAfter = 0;
  let weighted = 0;
  let recordsBefore = 0;
  let recordsAfter = 0;
  for (let s = 0; s < sectors; s++) {
    const o = 3 + 3 * s;
    if (before[o]! < minSectorRecords || after[o]! < minSectorRecords) continue;
    abAfter += after[o + 1]!;
    bbAfter += after[o + 2]!;
    weighted += after[o + 2]! * (before[o + 1]! / before[o + 2]!);
    recordsBefore += before[o]!;
    recordsAfter += after[o]!;
  }
  if (recordsBefore < minRecords || recordsAfter < minRecords) return undefined;
  return { before: weighted / bbAfter, after: abAfter / bbAfter, recordsBefore, recordsAfter };
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
 * Two periods are compared direction by direction (12 sectors of the pair's vane, {@link matchedSlopes}): the
 * earlier period's slope is taken at the later one's direction mix, so a season that brings the wind from
 * another side is not a change of calibration, and the file and its previous 30 days give the same slope
 * when their data are the same.
 * Findings: `slope_mismatch.changed` when, from some UTC day of the file on (≥ 7 days with data after it),
 * s differs from s before it (previous 30 days and the file's earlier days, at the same directions) by more
 * than 2 %; its fix `slope_offset` rescales `a` from that day by slopeBefore/slopeAfter. Otherwise
 * `slope_mismatch.pair` when the file's |s − 1| > 2 % and the previous 30 days cannot vouch for the ratio
 * (too few records at the file's directions, e.g. a site's first file) — only for two sensors of one kind,
 * and without a fix: a ratio alone cannot say which of the two cups is wrong. A ratio away from 1 that the
 * previous 30 days show as well is the pair's standing ratio, not this file's news: the check passes with
 * the numbers (the file where it appeared was flagged). A pair of different kinds (`sensorKind`, e.g. a cup
 * and a sonic) has its own ratio and is judged against its history only, and only when its daily slopes in
 * the previous 30 days scatter by ≤ 2 % (sd), else skip `mixed_pair_scatter`: such a pair cannot resolve the
 * 2 % of §15. A change of a mixed pair must also stand ≥ 2.5 standard errors of the daily slopes' scatter
 * (the split day is chosen among many).
 * Numbers: `changePercent` is always the change against the earlier period's slope (after/before − 1),
 * `differencePercent` the file's slope against 1 (s − 1).
 * Skips: `no_vane` and `no_declared_boom` (the wakes §15 leaves out cannot be found), `too_few_records`
 * (fewer than 144 pairs in the file).
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
  // Without a vane or a declared boom the wakes cannot be left out, and the pair's ratio then follows the
  // wind's direction mix rather than the cups' calibration: the check says why it did not judge.
  if (options.directionId === undefined || file.channels[options.directionId] === undefined)
    return { status: 'skipped', skip: { check, channels, reason: 'no_vane' } };
  if (options.a.boomDeg === undefined || options.b.boomDeg === undefined)
    return { status: 'skipped', skip: { check, channels, reason: 'no_declared_boom' } };
  const sectors = options.sectors ?? d.sectors;
  const minSectorRecords = options.minSectorRecords ?? d.minSectorRecords;
  const width = 3 + 3 * sectors;
  const daily = dailySums(file.timesMs, width, adder(file, options, minSpeed, halfWidth, sectors));
  let historySums: Float64Array | undefined;
  const days: Float64Array[] = [];
  if (history && history.timesMs.length > 0) {
    const h = dailySums(history.timesMs, width, adder(history, options, minSpeed, halfWidth, sectors));
    historySums = new Float64Array(width);
    for (let k = 0; k < h.days * width; k++) historySums[k % width]! += h.sums[k]!;
    for (let k = 0; k < h.days; k++) days.push(h.sums.subarray(k * width, k * width + 3));
  }
  const historyDays = days.length;
  for (let k = 0; k < daily.days; k++) days.push(daily.sums.subarray(k * width, k * width + 3));
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
  const compare = (before: Float64Array, after: Float64Array) =>
    matchedSlopes(before, after, sectors, minSectorRecords, minRecords);
  let best: { at: number; score: number; before: number; after: number; recordsAfter: number } | undefined;
  for (let at = 0; at < candidates.length; at++) {
    const c = candidates[at]!;
    const m = compare(c.before, c.after);
    if (!m) continue;
    const score = Math.abs(Math.log(m.after / m.before));
    if (!(score > Math.log1p(limit)) || (best && score <= best.score)) continue;
    const day = historyDays + Math.round((c.fromMs - daily.firstDayMs) / 86_400_000);
    if (!mixed || changeInStandardErrors(days, day) >= (options.minStandardErrors ?? 2.5))
      best = { at, score, ...m };
  }
  const fileSlope = slope(whole.after);
  const vsHistory = historySums ? compare(historySums, whole.after) : undefined;
  const historySlope = vsHistory?.before ?? Number.NaN;
  const x: number[] = [];
  const y: number[] = [];
  for (let k = 0; k < daily.days; k++) {
    x.push(daily.firstDayMs + k * 86_400_000);
    y.push(daily.sums[k * width]! > 0 ? daily.sums[k * width + 1]! / daily.sums[k * width + 2]! : Number.NaN);
  }
  const chart: ReceiptChart = {
    kind: 'daily' as const,
    xKey: 'day_start_ms',
    x,
    series: [{ key: 'slope', y }],
    marks: { history_slope: historySlope },
  };
  const toMs = file.timesMs[file.timesMs.length - 1]! + RECEIPT_DEFAULTS.intervalMinutes * 60_000;
  if (best) {
    const c = candidates[best.at]!;
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
          slopeAfter: best.after,
          slopeBefore: best.before,
          changePercent: (best.after / best.before - 1) * 100,
          fileSlope,
          historySlope,
          recordsAfter: best.recordsAfter,
        },
        chart: { ...chart, marks: { ...chart.marks, from_ms: c.fromMs } },
        fix: {
          kind: 'slope_offset',
          channel: options.a.id,
          slope: best.before / best.after,
          offset: 0,
          fromMs: c.fromMs,
        },
      },
    };
  }
  const numbers = {
    fileSlope,
    historySlope,
    changePercent: vsHistory ? (vsHistory.after / vsHistory.before - 1) * 100 : Number.NaN,
    differencePercent: (fileSlope - 1) * 100,
    records: whole.after[0]!,
  };
  if (mixed || Math.abs(fileSlope - 1) <= limit || vsHistory)
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
      numbers,
      chart,
    },
  };
}
