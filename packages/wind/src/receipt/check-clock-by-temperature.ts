import { refinePeak } from './refine-peak.ts';
import { RECEIPT_DEFAULTS, type ReceiptChart, type ReceiptCheckResult, type ReceiptWindow } from './types.ts';

const DAY_MS = 86_400_000;

/** Mean diurnal anomaly cycle (value minus its UTC day's mean) over the days with ≥ 5/6 of their slots. */
function diurnalAnomaly(
  window: ReceiptWindow,
  v: Float64Array | undefined,
  step: number,
  parity?: 0 | 1,
): { cycle: Float64Array; days: number } {
  const perDay = DAY_MS / step;
  const t = window.timesMs;
  const sum = new Float64Array(perDay);
  const count = new Float64Array(perDay);
  let days = 0;
  if (!v) return { cycle: sum.fill(Number.NaN), days };
  let i = 0;
  const dayValues = new Float64Array(perDay);
  while (i < t.length) {
    const day = Math.floor(t[i]! / DAY_MS);
    dayValues.fill(Number.NaN);
    let n = 0;
    let s = 0;
    for (; i < t.length && Math.floor(t[i]! / DAY_MS) === day; i++) {
      const x = v[i]!;
      if (t[i]! % step !== 0 || Number.isNaN(x)) continue;
      const slot = (t[i]! - day * DAY_MS) / step;
      if (!Number.isNaN(dayValues[slot]!)) continue;
      dayValues[slot] = x;
      n++;
      s += x;
    }
    if (n < (perDay * 5) / 6 || (parity !== undefined && day % 2 !== parity)) continue;
    days++;
    const mean = s / n;
    for (let k = 0; k < perDay; k++) {
      if (Number.isNaN(dayValues[k]!)) continue;
      sum[k]! += dayValues[k]! - mean;
      count[k]!++;
    }
  }
  for (let k = 0; k < perDay; k++) sum[k] = count[k]! > 0 ? sum[k]! / count[k]! : Number.NaN;
  return { cycle: sum, days };
}

/** The cycle divided by its root sum of squares (NaN kept), so that signals of any unit weigh alike. */
function normalised(c: Float64Array): Float64Array {
  let s = 0;
  for (const x of c) if (!Number.isNaN(x)) s += x * x;
  return s > 0 ? Float64Array.from(c, (x) => x / Math.sqrt(s)) : c;
}

/** Σ over the signals of the circular cross-correlation Σ_j f[j]·h[j − s], index s + perDay/2. */
function crossCorrelation(pairs: readonly { f: Float64Array; h: Float64Array }[]): Float64Array {
  const perDay = pairs[0]!.f.length;
  const half = perDay / 2;
  const corr = new Float64Array(perDay);
  for (const { f, h } of pairs) {
    const fn = normalised(f);
    const hn = normalised(h);
    for (let s = -half; s < half; s++) {
      let c = 0;
      for (let j = 0; j < perDay; j++) {
        const a = fn[j]!;
        const b = hn[(((j - s) % perDay) + perDay) % perDay]!;
        if (!Number.isNaN(a) && !Number.isNaN(b)) c += a * b;
      }
      corr[s + half]! += c;
    }
  }
  return corr;
}

/** Circular shift (steps, sub-step by a parabola) maximising the summed cross-correlation; `step` is the whole-step peak. */
function bestShift(pairs: readonly { f: Float64Array; h: Float64Array }[]): { shift: number; step: number } {
  const corr = crossCorrelation(pairs);
  const perDay = corr.length;
  const half = perDay / 2;
  let best = 0;
  for (let k = 1; k < perDay; k++) if (corr[k]! > corr[best]!) best = k;
  const at = (k: number) => corr[((k % perDay) + perDay) % perDay]!;
  return { shift: best - half + refinePeak(at(best - 1), at(best), at(best + 1)), step: best - half };
}

/** The signals the phase is read from: the lapse T(upper) − T(lower) for each upper height, else T itself. */
function signals(w: ReceiptWindow, lowerId: string, upperIds: readonly string[]): Float64Array[] {
  const lower = w.channels[lowerId];
  if (!lower) return [];
  const uppers = upperIds.map((id) => w.channels[id]).filter((v): v is Float64Array => v !== undefined);
  if (uppers.length === 0) return [lower];
  return uppers.map((u) => Float64Array.from(u, (x, i) => x - lower[i]!));
}

/**
 * Clock change without radiation (WIND-ANALYSIS §15): the phase of the file's mean diurnal temperature
 * cycle against the previous 30 days. With temperatures at more heights (`upperTemperatureIds`), the phase is
 * read from the lapse T(upper) − T(lower) of each, whose day/night turn-over (the night inversion forming
 * and breaking) is tied to the sun far more tightly than the temperature itself, and the signals' normalised
 * cross-correlations are summed (on NREL M5, 30 untouched months: sd of the phase 14 min against 45 min
 * for the 3 m temperature alone). The shift s (interval steps, sub-step by a parabola) maximises the summed
 * circular cross-correlation of the mean anomaly cycles (each day's mean removed); file(t) ≈ history(t − s).
 * |s| ≥ 30 min → finding `clock_offset.lapse_phase` (or `.temperature_phase` with one height) with the fix
 * `shift_clock` by −s rounded to whole hours (at least one) over the file: the phase is read to about ±15 min,
 * and a logger clock is most often off by a time zone or daylight-saving hour; the estimate is in the numbers.
 * The file's odd and even days are matched on their own too; when their shifts differ by more than 30 min
 * the phase is weather, not clock → skip `phase_unstable` (60 min for the lapse, whose month phase is steadier).
 * Signals with fewer than 7 full days on either side are left out.
 * Skips: `no_history`, `too_few_full_days` (< 7 days of ≥ 5/6 coverage in the file or the history),
 * `diurnal_cycle_too_weak` (history cycle range < 1 °C).
 *
 * @example checkClockByTemperature(file, history, { temperatureId: 'T2m', upperTemperatureIds: ['T80m'] })
 */
export function checkClockByTemperature(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: {
    temperatureId: string;
    upperTemperatureIds?: readonly string[];
    intervalMinutes?: number;
    flagMinutes?: number;
    minDays?: number;
  },
): ReceiptCheckResult {
  const check = 'clock_offset' as const;
  const upperIds = options.upperTemperatureIds ?? [];
  const channels = [options.temperatureId, ...upperIds];
  if (!history || history.timesMs.length === 0) {
    return { status: 'skipped', skip: { check, channels, reason: 'no_history' } };
  }
  const stepMin = options.intervalMinutes ?? RECEIPT_DEFAULTS.intervalMinutes;
  const step = stepMin * 60_000;
  const minDays = options.minDays ?? RECEIPT_DEFAULTS.clock.minDays;
  const fileSignals = signals(file, options.temperatureId, upperIds);
  const historySignals = signals(history, options.temperatureId, upperIds);
  const lapse = fileSignals.length > 0 && upperIds.length > 0;
  const f = fileSignals.map((v) => diurnalAnomaly(file, v, step));
  const h = historySignals.map((v) => diurnalAnomaly(history, v, step));
  // Signals with enough full days on both sides take part (an upper sensor may be out for a while).
  const use = f.map((_, k) => k).filter((k) => f[k]!.days >= minDays && h[k]!.days >= minDays);
  const fileDays = Math.max(0, ...f.map((x) => x.days));
  const historyDays = Math.max(0, ...h.map((x) => x.days));
  if (use.length === 0) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'too_few_full_days', numbers: { fileDays, historyDays } },
    };
  }
  const t = diurnalAnomaly(history, history.channels[options.temperatureId], step).cycle;
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of t) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (!(hi - lo >= 1)) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'diurnal_cycle_too_weak', numbers: { historyRange: hi - lo } },
    };
  }
  const pairs = use.map((k) => ({ f: f[k]!.cycle, h: h[k]!.cycle }));
  const best = bestShift(pairs);
  const shiftMinutes = best.shift * stepMin;
  const halves = ([0, 1] as const).map(
    (parity) =>
      bestShift(
        use.map((k) => ({ f: diurnalAnomaly(file, fileSignals[k], step, parity).cycle, h: h[k]!.cycle })),
      ).shift * stepMin,
  );
  const halvesDifference = Math.abs(halves[0]! - halves[1]!);
  const perDay = pairs[0]!.f.length;
  const stepShiftMinutes = best.step * stepMin;
  const numbers = {
    shiftMinutes,
    stepShiftMinutes,
    oddDaysShiftMinutes: halves[0]!,
    evenDaysShiftMinutes: halves[1]!,
    fileDays,
    historyDays,
    historyRange: hi - lo,
    signals: pairs.length,
  };
  const x = Array.from({ length: perDay }, (_, k) => (k * stepMin) / 60);
  const chart: ReceiptChart = {
    kind: 'diurnal' as const,
    xKey: 'hour_utc',
    x,
    series: [
      { key: 'file', y: Array.from(pairs[0]!.f) },
      { key: 'history', y: Array.from(pairs[0]!.h) },
    ],
    marks: { shift_min: stepShiftMinutes },
  };
  const flagMinutes = options.flagMinutes ?? RECEIPT_DEFAULTS.clock.flagMinutes;
  // The lapse phase holds steady within a month (sd 14 min on M5); its halves are judged against 1 h.
  if (!(halvesDifference <= (lapse ? 2 * flagMinutes : flagMinutes))) {
    return { status: 'skipped', skip: { check, channels, reason: 'phase_unstable', numbers } };
  }
  if (Math.abs(shiftMinutes) < flagMinutes) {
    return { status: 'pass', pass: { check, channels, numbers, chart } };
  }
  const fixMinutes = Math.sign(shiftMinutes) * Math.max(60, Math.round(Math.abs(shiftMinutes) / 60) * 60);
  const fromMs = file.timesMs[0]!;
  const toMs = file.timesMs[file.timesMs.length - 1]! + step;
  return {
    status: 'finding',
    finding: {
      check,
      key: lapse ? 'clock_offset.lapse_phase' : 'clock_offset.temperature_phase',
      severity: 'warning',
      channels,
      fromMs,
      toMs,
      numbers: { ...numbers, fixMinutes },
      chart,
      fix: { kind: 'shift_clock', fromMs, toMs, minutes: -fixMinutes },
    },
  };
}
