import { refinePeak } from './refine-peak.ts';
import { RECEIPT_DEFAULTS, type ReceiptCheckResult, type ReceiptWindow } from './types.ts';

const DAY_MS = 86_400_000;

/** Mean diurnal anomaly cycle (value minus its UTC day's mean) over the days with ≥ 5/6 of their slots. */
function diurnalAnomaly(
  window: ReceiptWindow,
  id: string,
  step: number,
  parity?: 0 | 1,
): { cycle: Float64Array; days: number } {
  const perDay = DAY_MS / step;
  const v = window.channels[id];
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

/** Circular shift (steps, sub-step by a parabola) maximising Σ f[j]·h[j − s]; `step` is the whole-step peak. */
function bestShift(f: Float64Array, h: Float64Array): { shift: number; step: number } {
  const perDay = f.length;
  const half = perDay / 2;
  const corr = new Float64Array(perDay);
  for (let s = -half; s < half; s++) {
    let c = 0;
    for (let j = 0; j < perDay; j++) {
      const a = f[j]!;
      const b = h[(((j - s) % perDay) + perDay) % perDay]!;
      if (!Number.isNaN(a) && !Number.isNaN(b)) c += a * b;
    }
    corr[s + half] = c;
  }
  let best = 0;
  for (let k = 1; k < perDay; k++) if (corr[k]! > corr[best]!) best = k;
  const at = (k: number) => corr[((k % perDay) + perDay) % perDay]!;
  return { shift: best - half + refinePeak(at(best - 1), at(best), at(best + 1)), step: best - half };
}

/**
 * Clock change without radiation (WIND-ANALYSIS §15): the phase of the file's mean diurnal temperature
 * cycle against the previous 30 days. The shift s (interval steps, sub-step by a parabola) maximises the
 * circular cross-correlation of the two mean anomaly cycles (each day's mean removed); file(t) ≈ history(t − s).
 * |s| ≥ 30 min → finding `clock_offset.temperature_phase` with the fix `shift_clock` by −s over the file.
 * The file's odd and even days are matched on their own too; when their shifts differ by more than 30 min
 * the phase is weather, not clock → skip `phase_unstable`.
 * Skips: `no_history`, `too_few_full_days` (< 7 days of ≥ 5/6 coverage in the file or the history),
 * `diurnal_cycle_too_weak` (history cycle range < 1 °C).
 *
 * @example checkClockByTemperature(file, history, { temperatureId: 'T2m' })
 */
export function checkClockByTemperature(
  file: ReceiptWindow,
  history: ReceiptWindow | undefined,
  options: { temperatureId: string; intervalMinutes?: number; flagMinutes?: number; minDays?: number },
): ReceiptCheckResult {
  const check = 'clock_offset' as const;
  const channels = [options.temperatureId];
  if (!history || history.timesMs.length === 0) {
    return { status: 'skipped', skip: { check, channels, reason: 'no_history' } };
  }
  const stepMin = options.intervalMinutes ?? RECEIPT_DEFAULTS.intervalMinutes;
  const step = stepMin * 60_000;
  const minDays = options.minDays ?? RECEIPT_DEFAULTS.clock.minDays;
  const f = diurnalAnomaly(file, options.temperatureId, step);
  const h = diurnalAnomaly(history, options.temperatureId, step);
  if (f.days < minDays || h.days < minDays) {
    return {
      status: 'skipped',
      skip: {
        check,
        channels,
        reason: 'too_few_full_days',
        numbers: { fileDays: f.days, historyDays: h.days },
      },
    };
  }
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const x of h.cycle) {
    if (x < lo) lo = x;
    if (x > hi) hi = x;
  }
  if (!(hi - lo >= 1)) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'diurnal_cycle_too_weak', numbers: { historyRange: hi - lo } },
    };
  }
  const best = bestShift(f.cycle, h.cycle);
  const shiftMinutes = best.shift * stepMin;
  const halves = [0, 1].map(
    (parity) =>
      bestShift(diurnalAnomaly(file, options.temperatureId, step, parity as 0 | 1).cycle, h.cycle).shift *
      stepMin,
  );
  const halvesDifference = Math.abs(halves[0]! - halves[1]!);
  const perDay = f.cycle.length;
  const stepShiftMinutes = best.step * stepMin;
  const numbers = {
    shiftMinutes,
    stepShiftMinutes,
    oddDaysShiftMinutes: halves[0]!,
    evenDaysShiftMinutes: halves[1]!,
    fileDays: f.days,
    historyDays: h.days,
    historyRange: hi - lo,
  };
  const x = Array.from({ length: perDay }, (_, k) => (k * stepMin) / 60);
  const chart = {
    kind: 'diurnal' as const,
    xKey: 'hour_utc',
    x,
    series: [
      { key: 'file', y: Array.from(f.cycle) },
      { key: 'history', y: Array.from(h.cycle) },
    ],
    marks: { shift_min: stepShiftMinutes },
  };
  const flagMinutes = options.flagMinutes ?? RECEIPT_DEFAULTS.clock.flagMinutes;
  if (!(halvesDifference <= flagMinutes)) {
    return { status: 'skipped', skip: { check, channels, reason: 'phase_unstable', numbers } };
  }
  if (Math.abs(shiftMinutes) < flagMinutes) {
    return { status: 'pass', pass: { check, channels, numbers, chart } };
  }
  const fromMs = file.timesMs[0]!;
  const toMs = file.timesMs[file.timesMs.length - 1]! + step;
  return {
    status: 'finding',
    finding: {
      check,
      key: 'clock_offset.temperature_phase',
      severity: 'warning',
      channels,
      fromMs,
      toMs,
      numbers,
      chart,
      fix: { kind: 'shift_clock', fromMs, toMs, minutes: -stepShiftMinutes },
    },
  };
}
