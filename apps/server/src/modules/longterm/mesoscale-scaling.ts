import type { TScalingMethodKey } from '@masthub/shared';
import { applyFlagMask, hourlyMeans, type McpMethod } from '@masthub/wind';
import type { loadSeries } from '../timeseries/index.ts';

export const HOUR_MS = 3_600_000;

/**
 * The API's scaling method names, which the requests, the stored results and the station log keep, in the
 * one vocabulary of long-term methods (packages/wind McpMethod): `lls` is OLS, `ratio_of_means` the speed
 * ratio ȳ/x̄.
 */
export const SCALING_METHOD_OF: Record<TScalingMethodKey, McpMethod> = {
  lls: 'ols',
  tls: 'tls',
  variance_ratio: 'variance_ratio',
  speed_sort: 'speed_sort',
  ratio_of_means: 'speed_ratio',
};

/** One concurrent hour: mesoscale (x) and mast (y) mean speed, and their directions. */
export interface TConcurrentHour {
  h: number;
  x: number;
  y: number;
  xd: number;
  yd: number;
}

/** Hourly means of an irregular (or coarser than hourly) series keyed by hour start (UTC ms). */
export function hourlyByTime(
  timesMs: Float64Array,
  values: ArrayLike<number>,
  intervalMinutes: number,
  minCoverage: number,
  isDirection: boolean,
): Map<number, number> {
  const perHour = Math.max(1, Math.round(60 / intervalMinutes));
  const acc = new Map<number, { sum: number; sin: number; cos: number; n: number }>();
  for (let i = 0; i < timesMs.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const h = Math.floor(timesMs[i]! / HOUR_MS) * HOUR_MS;
    const a = acc.get(h) ?? { sum: 0, sin: 0, cos: 0, n: 0 };
    a.n++;
    if (isDirection) {
      a.sin += Math.sin((v * Math.PI) / 180);
      a.cos += Math.cos((v * Math.PI) / 180);
    } else a.sum += v;
    acc.set(h, a);
  }
  const out = new Map<number, number>();
  for (const [h, a] of acc) {
    if (a.n / perHour < minCoverage) continue;
    out.set(h, isDirection ? ((Math.atan2(a.sin, a.cos) * 180) / Math.PI + 360) % 360 : a.sum / a.n);
  }
  return out;
}

/**
 * The hours in which both the mast (speed, and direction when `hasMastDirection`) and the mesoscale
 * series have hourly means of enough coverage.
 */
export function concurrentPairs(
  loaded: Awaited<ReturnType<typeof loadSeries>>,
  meso: { timesMs: Float64Array; speed: Float32Array; direction: Float32Array; intervalMinutes: number },
  options: { includeSuspicious: boolean; minCoverage: number },
  hasMastDirection: boolean,
): TConcurrentHour[] {
  const pairs: TConcurrentHour[] = [];
  const mask = (i: number) =>
    applyFlagMask(loaded.channels[i]!.values, loaded.channels[i]!.flags, {
      includeSuspicious: options.includeSuspicious,
    });
  const mastHourly = hourlyMeans(mask(0), loaded.grid.startMs, loaded.grid.intervalMinutes, {
    minCoverage: options.minCoverage,
  });
  const mastDirHourly = hasMastDirection
    ? hourlyMeans(mask(1), loaded.grid.startMs, loaded.grid.intervalMinutes, {
        minCoverage: options.minCoverage,
        isDirection: true,
      })
    : undefined;
  const dirByHour = new Map<number, number>();
  if (mastDirHourly) {
    for (const [i, h] of mastDirHourly.hourStartMs.entries()) dirByHour.set(h, mastDirHourly.mean[i]!);
  }
  const mesoH = hourlyByTime(meso.timesMs, meso.speed, meso.intervalMinutes, options.minCoverage, false);
  const mesoDH = hourlyByTime(meso.timesMs, meso.direction, meso.intervalMinutes, options.minCoverage, true);
  for (let i = 0; i < mastHourly.hourStartMs.length; i++) {
    const h = mastHourly.hourStartMs[i]!;
    const x = mesoH.get(h);
    const xd = mesoDH.get(h);
    if (x === undefined || xd === undefined) continue;
    pairs.push({ h, x, y: mastHourly.mean[i]!, xd, yd: dirByHour.get(h) ?? Number.NaN });
  }
  return pairs;
}

/** The mean of the values that are numbers; null when none is. */
export function meanOf(a: ArrayLike<number>): number | null {
  let s = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++)
    if (!Number.isNaN(a[i]!)) {
      s += a[i]!;
      n++;
    }
  return n > 0 ? s / n : null;
}

/** Mesoscale and mast means per local month ('YYYY-MM'), in month order. */
export function monthlyMeans(
  pairs: readonly TConcurrentHour[],
  utcOffsetMinutes: number,
): { month: string; meso: number; mast: number }[] {
  const offset = utcOffsetMinutes * 60_000;
  const byMonth = new Map<string, { mx: number; my: number; n: number }>();
  for (const p of pairs) {
    const key = new Date(p.h + offset).toISOString().slice(0, 7);
    const m = byMonth.get(key) ?? { mx: 0, my: 0, n: 0 };
    m.mx += p.x;
    m.my += p.y;
    m.n++;
    byMonth.set(key, m);
  }
  return [...byMonth.entries()]
    .sort((a, b) => a[0].localeCompare(b[0]))
    .map(([month, m]) => ({ month, meso: m.mx / m.n, mast: m.my / m.n }));
}
