// Site suitability figures for `npm run bench` (issue 29): siteSuitability with every check and every
// extreme method (annual maxima, periodic maxima, independent storms, 5·V̄), 12 sectors, calendar included.
// - `suitability.ms.m5_5y`: the NREL M5 mast at 130 m over its five years of 10-min data (≈ 265 000 slots):
//   cup speed and TI (σ = TI/100·U), 122 m vane and air density, shear over 130/105/80/55/30 m. M5 has no
//   gust or vertical channel: gust = U + 3σ and w = 0.03·U stand in, so the two checks are timed too.
//   Issue target ≤ 300 ms.
// - `suitability.check_ms.5y`: the same on five synthetic years (262 944 slots, no gaps).
// Single thread, best of 5 runs after a warm-up, performance.now.

import { buildCalendarIndex } from '../packages/wind/src/model/build-calendar-index.ts';
import { createTimeGrid } from '../packages/wind/src/model/create-time-grid.ts';
import type { NumericSeries } from '../packages/wind/src/model/types.ts';
import { siteSuitability } from '../packages/wind/src/suitability/site-suitability.ts';
import { hasMcpShared, loadM5ForMcp } from '../packages/wind/src/testing/mcp-reference-fixture.ts';

type TResult = { name: string; value: number; unit: string };

interface Channels {
  startMs: number;
  speed: Float64Array;
  sd: Float64Array;
  direction: Float64Array;
  density: Float64Array;
  profile: { heightsM: number[]; speedsMps: NumericSeries[] };
}

function bestOf(runs: number, fn: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

function timeCheck(c: Channels): number {
  const n = c.speed.length;
  const gust = new Float64Array(n);
  const vertical = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    gust[i] = c.speed[i]! + 3 * c.sd[i]!;
    vertical[i] = 0.03 * c.speed[i]!;
  }
  const run = () => {
    const grid = createTimeGrid({ startMs: c.startMs, intervalMinutes: 10, length: n });
    const result = siteSuitability({
      grid,
      calendar: buildCalendarIndex(grid, 0),
      hubHeightM: 130,
      speedMps: c.speed,
      speedSdMps: c.sd,
      directionDeg: c.direction,
      gustMps: gust,
      verticalSpeedMps: vertical,
      densityKgM3: c.density,
      shearProfile: c.profile,
    });
    if (result.checks.some((k) => k.status === 'notAvailable'))
      throw new Error('a suitability check was not computed');
  };
  run();
  return bestOf(5, run);
}

function m5Channels(): Channels {
  const heights = [130, 105, 80, 55, 30];
  const names = [
    ...heights.map((h) => `Speed (cup_ ${h} m)`),
    'Ti (cup_ 130 m)',
    'Direction (Vane_ 122 m)',
    'Air Density (122 m)',
  ];
  const m5 = loadM5ForMcp(names);
  const speed = m5.columns['Speed (cup_ 130 m)']!;
  const ti = m5.columns['Ti (cup_ 130 m)']!;
  const sd = speed.map((u, i) => (u * ti[i]!) / 100);
  return {
    startMs: m5.startMs,
    speed,
    sd,
    direction: m5.columns['Direction (Vane_ 122 m)']!,
    density: m5.columns['Air Density (122 m)']!,
    profile: { heightsM: heights, speedsMps: heights.map((h) => m5.columns[`Speed (cup_ ${h} m)`]!) },
  };
}

/** Five years of 10-min slots from 2019-01-01 UTC: a deterministic weather-like speed, σ, direction, ρ. */
function syntheticChannels(): Channels {
  const n = 262_944;
  let s = 29;
  const random = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4_294_967_296;
  };
  const speed = new Float64Array(n);
  const sd = new Float64Array(n);
  const direction = new Float64Array(n);
  const density = new Float64Array(n);
  const low = new Float64Array(n);
  let z = 0;
  for (let i = 0; i < n; i++) {
    z = 0.995 * z + 0.1 * (random() - 0.5);
    speed[i] = Math.max(0, 7.5 + 18 * z + 1.5 * Math.sin((2 * Math.PI * i) / 144) + (random() - 0.5));
    sd[i] = 0.12 * speed[i]! + 0.3 * random();
    direction[i] = (360 + 200 * z * 3 + 40 * random()) % 360;
    density[i] = 1.2 + 0.03 * Math.sin((2 * Math.PI * i) / 52_560);
    low[i] = speed[i]! * 0.85;
  }
  return {
    startMs: Date.UTC(2019, 0, 1),
    speed,
    sd,
    direction,
    density,
    profile: { heightsM: [130, 80], speedsMps: [speed, low] },
  };
}

export async function benchSuitability(): Promise<TResult[]> {
  const results: TResult[] = [];
  if (hasMcpShared) {
    results.push({
      name: 'suitability.ms.m5_5y',
      value: Math.round(timeCheck(m5Channels()) * 10) / 10,
      unit: 'ms',
    });
  } else {
    console.log('suitability.ms.m5_5y skipped: ../shared (the NREL M5 mast) is absent');
  }
  results.push({
    name: 'suitability.check_ms.5y',
    value: Math.round(timeCheck(syntheticChannels()) * 10) / 10,
    unit: 'ms',
  });
  return results;
}

if (process.argv[1] === import.meta.filename) console.log(await benchSuitability());
