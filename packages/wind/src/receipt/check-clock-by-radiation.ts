import { refinePeak } from './refine-peak.ts';
import { solarPosition } from './solar-position.ts';
import { RECEIPT_DEFAULTS, type ReceiptChart, type ReceiptCheckResult, type ReceiptWindow } from './types.ts';

/**
 * Clock offset from a solar-radiation channel (WIND-ANALYSIS §15): the lag L in interval steps within
 * ±12 h that maximises corr(G(t), max(0, sin h_sun(t + Δ/2 − L))), h_sun from the NOAA solar position at
 * the site, t the period start and Δ the interval. |L| ≥ 30 min → finding `clock_offset.radiation` with the
 * fix `shift_clock` by −L over the file. A positive L means the logger stamps late (its clock runs ahead).
 * Skips: `no_radiation_data` (fewer than 7 days of daytime values), `radiation_does_not_follow_sun`
 * (best correlation < 0.5). Only on-grid stamps take part.
 *
 * @example checkClockByRadiation(file, { radiationId: 'G', latDeg: 39.91, lonDeg: -105.23 })
 */
export function checkClockByRadiation(
  file: ReceiptWindow,
  options: {
    radiationId: string;
    latDeg: number;
    lonDeg: number;
    intervalMinutes?: number;
    maxLagHours?: number;
    flagMinutes?: number;
    minDays?: number;
  },
): ReceiptCheckResult {
  const check = 'clock_offset' as const;
  const channels = [options.radiationId];
  const stepMin = options.intervalMinutes ?? RECEIPT_DEFAULTS.intervalMinutes;
  const step = stepMin * 60_000;
  const maxLag = Math.round(((options.maxLagHours ?? RECEIPT_DEFAULTS.clock.maxLagHours) * 60) / stepMin);
  const flagMinutes = options.flagMinutes ?? RECEIPT_DEFAULTS.clock.flagMinutes;
  const minDays = options.minDays ?? RECEIPT_DEFAULTS.clock.minDays;
  const g = file.channels[options.radiationId];
  const t = file.timesMs;
  if (!g || t.length === 0)
    return { status: 'skipped', skip: { check, channels, reason: 'no_radiation_data' } };
  const idx: number[] = [];
  for (let i = 0; i < t.length; i++) if (t[i]! % step === 0 && !Number.isNaN(g[i]!)) idx.push(i);
  if (idx.length === 0) return { status: 'skipped', skip: { check, channels, reason: 'no_radiation_data' } };
  const first = t[idx[0]!]! - maxLag * step;
  const slots = (t[idx[idx.length - 1]!]! - t[idx[0]!]!) / step + 2 * maxLag + 1;
  const sun = new Float64Array(slots);
  for (let s = 0; s < slots; s++) {
    const h = solarPosition(first + s * step + step / 2, options.latDeg, options.lonDeg).elevationDeg;
    sun[s] = Math.max(0, Math.sin((h * Math.PI) / 180));
  }
  const base = idx.map((i) => (t[i]! - first) / step);
  let daytime = 0;
  for (const b of base) if (sun[b]! > 0) daytime++;
  const perDay = 1440 / stepMin;
  if (daytime < (minDays * perDay) / 4) {
    return {
      status: 'skipped',
      skip: { check, channels, reason: 'no_radiation_data', numbers: { daytime } },
    };
  }
  let sg = 0;
  let sgg = 0;
  for (const i of idx) {
    sg += g[i]!;
    sgg += g[i]! * g[i]!;
  }
  const n = idx.length;
  const lags: number[] = [];
  const corr: number[] = [];
  for (let lag = -maxLag; lag <= maxLag; lag++) {
    let ss = 0;
    let sss = 0;
    let sgs = 0;
    for (let k = 0; k < n; k++) {
      const s = sun[base[k]! - lag]!;
      ss += s;
      sss += s * s;
      sgs += g[idx[k]!]! * s;
    }
    const cov = sgs - (sg * ss) / n;
    const den = Math.sqrt((sgg - (sg * sg) / n) * (sss - (ss * ss) / n));
    lags.push(lag * stepMin);
    corr.push(den > 0 ? cov / den : Number.NaN);
  }
  let best = -1;
  for (let k = 0; k < corr.length; k++) if (!(corr[k]! <= (corr[best] ?? Number.NEGATIVE_INFINITY))) best = k;
  const bestCorr = corr[best] ?? Number.NaN;
  if (!(bestCorr >= 0.5)) {
    return {
      status: 'skipped',
      skip: {
        check,
        channels,
        reason: 'radiation_does_not_follow_sun',
        numbers: { bestCorrelation: bestCorr },
      },
    };
  }
  const lagMinutes = (best - maxLag + refinePeak(corr[best - 1]!, bestCorr, corr[best + 1]!)) * stepMin;
  const stepLagMinutes = (best - maxLag) * stepMin;
  const numbers = {
    lagMinutes,
    stepLagMinutes,
    bestCorrelation: bestCorr,
    correlationAtZero: corr[maxLag]!,
    records: n,
  };
  const chart: ReceiptChart = {
    kind: 'by_lag' as const,
    xKey: 'lag_min',
    x: lags,
    series: [{ key: 'correlation', y: corr }],
    marks: { best_lag_min: stepLagMinutes },
  };
  if (Math.abs(lagMinutes) < flagMinutes)
    return { status: 'pass', pass: { check, channels, numbers, chart } };
  const fromMs = t[idx[0]!]!;
  const toMs = t[idx[idx.length - 1]!]! + step;
  return {
    status: 'finding',
    finding: {
      check,
      key: 'clock_offset.radiation',
      severity: 'error',
      channels,
      fromMs,
      toMs,
      numbers,
      chart,
      fix: { kind: 'shift_clock', fromMs, toMs, minutes: -stepLagMinutes },
    },
  };
}
