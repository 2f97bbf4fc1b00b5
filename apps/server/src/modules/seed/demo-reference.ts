import {
  createRandom,
  DEMO_PERIOD,
  DEMO_UTC_OFFSET_MINUTES,
  demoMonthFiles,
  gaussian,
  normalCdf,
} from './demo-timeseries.ts';

/**
 * A demo mast's synthetic long-term reference (issue 28): an hourly 50 m "reanalysis node" a wind engineer
 * can correct the mast against in the long-term workbench. It is NOT a real reanalysis, and it is named so
 * wherever it is shown (DEMO_REFERENCE_LABEL). Made by the demo data's own generator:
 * - over the mast's months, from the very weather the mast's files are made of (demoMonthFiles' onWeather:
 *   the top speed and the direction before the sensors' noise), averaged to the hour, carried to 50 m with
 *   α = 0.14, blurred as a coarse model would be (6 % multiplicative noise, direction 7° off with 8° noise) —
 *   so the concurrent hourly r is about 0.95, a good node;
 * - for the years before, the same weather model (Weibull marginal of the site, AR(1) synoptic process,
 *   season, diurnal cycle, the two direction regimes) run hourly from its own seed, with a year-to-year
 *   anomaly of about 4 % (a realistic inter-annual variability, so u_LT is realistic too).
 * Deterministic in (siteIndex, topM, altitudeM, firstMonth, months, utcOffsetMinutes, yearsBefore).
 */
export interface TDemoReference {
  /** UTC ms of the first hour. */
  startMs: number;
  intervalMinutes: 60;
  heightM: number;
  speedMps: Float32Array;
  directionDeg: Float32Array;
}

export const DEMO_REFERENCE_HEIGHT_M = 50;
const HOUR_MS = 3_600_000;

export function demoReferenceSeries(options: {
  siteIndex: number;
  topM: number;
  altitudeM: number;
  firstMonth?: number;
  months?: number;
  utcOffsetMinutes?: number;
  /** Whole years of reference before the mast's first month (default 8). */
  yearsBefore?: number;
}): TDemoReference {
  const { siteIndex, topM } = options;
  const firstMonth = options.firstMonth ?? DEMO_PERIOD.firstMonth;
  const months = options.months ?? DEMO_PERIOD.months;
  const offsetMs = (options.utcOffsetMinutes ?? DEMO_UTC_OFFSET_MINUTES) * 60_000;
  const yearsBefore = options.yearsBefore ?? 8;
  const first = new Date(firstMonth);
  // The mast's first local month starts at firstMonth − offset in UTC; the reference starts whole years before.
  const mastStartMs = firstMonth - offsetMs;
  const startMs = Date.UTC(first.getUTCFullYear() - yearsBefore, first.getUTCMonth(), 1) - offsetMs;
  const endMs = Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + months, 1) - offsetMs;
  const hours = Math.round((endMs - startMs) / HOUR_MS);
  const speed = new Float64Array(hours);
  const east = new Float64Array(hours);
  const north = new Float64Array(hours);
  const count = new Uint16Array(hours);
  const shear = (DEMO_REFERENCE_HEIGHT_M / topM) ** 0.14;

  // The mast's months: the weather its files are made of.
  const files = demoMonthFiles({
    siteIndex,
    topM,
    altitudeM: options.altitudeM,
    firstMonth,
    months,
    utcOffsetMinutes: options.utcOffsetMinutes ?? DEMO_UTC_OFFSET_MINUTES,
    onWeather: (wallClockMs, topSpeed, direction) => {
      const k = Math.floor((wallClockMs - offsetMs - startMs) / HOUR_MS);
      if (k < 0 || k >= hours) return;
      speed[k]! += topSpeed;
      const rad = (direction * Math.PI) / 180;
      east[k]! += Math.sin(rad);
      north[k]! += Math.cos(rad);
      count[k]!++;
    },
  });
  for (const _ of files) {
    // Drained for its weather only.
  }

  // The years before: the same model, hourly, from its own seed.
  const random = createRandom(0x1e7e + siteIndex * 104_729);
  const weibullK = 2.0 + 0.1 * siteIndex;
  const weibullA = 7.2 + 0.6 * siteIndex;
  const rho = Math.exp(-1 / 24);
  const innovation = Math.sqrt(1 - rho * rho);
  let z = 0;
  let dirNoise = 0;
  let year = -1;
  let anomaly = 1;
  const before = Math.round((mastStartMs - startMs) / HOUR_MS);
  for (let k = 0; k < before; k++) {
    const t = startMs + k * HOUR_MS + offsetMs; // wall clock of the site
    const date = new Date(t);
    if (date.getUTCFullYear() !== year) {
      year = date.getUTCFullYear();
      anomaly = 1 + 0.04 * gaussian(random);
    }
    z = rho * z + innovation * gaussian(random);
    dirNoise = 0.97 * dirNoise + 0.25 * gaussian(random);
    const dayOfYear = (t - Date.UTC(year, 0, 1)) / 86_400_000;
    const hour = date.getUTCHours() + 8 - offsetMs / HOUR_MS;
    const season = 1 + 0.18 * Math.cos((2 * Math.PI * (dayOfYear - 60)) / 365.25);
    const night = Math.cos((2 * Math.PI * (hour - 3)) / 24);
    const u = Math.min(Math.max(normalCdf(z), 1e-6), 1 - 1e-6);
    const topSpeed = Math.max(
      0.2,
      anomaly * weibullA * season * (1 + 0.08 * night) * (-Math.log(1 - u)) ** (1 / weibullK),
    );
    const summer = Math.sin((2 * Math.PI * (dayOfYear - 100)) / 365.25);
    const regime = summer + 0.8 * Math.tanh(dirNoise) > 0.2 ? 135 : 315;
    const rad = ((regime + 25 * Math.tanh(dirNoise * 2)) * Math.PI) / 180;
    speed[k] = topSpeed;
    east[k] = Math.sin(rad);
    north[k] = Math.cos(rad);
    count[k] = 1;
  }

  // The node: at 50 m, blurred as a coarse model is.
  const blur = createRandom(0xb1e7 + siteIndex * 15_485_863);
  const speedMps = new Float32Array(hours);
  const directionDeg = new Float32Array(hours);
  for (let k = 0; k < hours; k++) {
    const noise = 1 + 0.06 * gaussian(blur);
    const dirNoiseDeg = 8 * gaussian(blur);
    if (count[k] === 0) {
      speedMps[k] = Number.NaN;
      directionDeg[k] = Number.NaN;
      continue;
    }
    speedMps[k] = Math.max(0, (speed[k]! / count[k]!) * shear * noise);
    const d = (Math.atan2(east[k]!, north[k]!) * 180) / Math.PI + 7 + dirNoiseDeg;
    directionDeg[k] = ((d % 360) + 360) % 360;
  }
  return { startMs, intervalMinutes: 60, heightM: DEMO_REFERENCE_HEIGHT_M, speedMps, directionDeg };
}
