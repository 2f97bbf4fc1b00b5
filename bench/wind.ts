// Wind analytics timings for `npm run bench` (issue 6): all 11 statistics of packages/wind
// (computeStationStatistics) on (a) a synthetic, deterministic station-year of 40 channels at 10 minutes
// and (b) the five-year NREL M5 mast, every channel. Single thread, best of a few runs, performance.now.
import { existsSync } from 'node:fs';
import {
  type Channel,
  computeStationStatistics,
  type Element,
  type Station,
  timeGridFromRange,
} from '../packages/wind/src/index.ts';
import { loadM5Station, M5_PATH } from '../packages/wind/src/testing/m5-station.ts';

interface BenchFigure {
  name: string;
  value: number;
  unit: string;
}

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** 40 channels for 2023 (52 560 slots): 8 cups × avg/sd/max/min, 4 vanes, vane sd, T, p, RH. */
export function buildSyntheticStationYear(): Station {
  const grid = timeGridFromRange(Date.UTC(2022, 11, 31, 16), Date.UTC(2023, 11, 31, 16), 10); // 2023 in UTC+8
  const n = grid.length;
  const rnd = random(42);
  const heights = [10, 30, 50, 70, 80, 90, 100, 120];
  const base = new Float32Array(n);
  const dir = new Float32Array(n);
  let level = 7;
  let heading = 200;
  for (let i = 0; i < n; i++) {
    level = Math.max(0.2, level + (rnd() - 0.5) * 0.8 + (7 - level) * 0.01);
    heading = (heading + (rnd() - 0.5) * 20 + 360) % 360;
    const hour = ((i / 6) % 24) + 8;
    base[i] = level * (1 + 0.15 * Math.sin((hour / 24) * 2 * Math.PI));
    dir[i] = heading;
  }
  const channels: Channel[] = [];
  const gaps = (values: Float32Array, flags: Uint8Array) => {
    for (let g = 0; g < 40; g++) {
      const start = Math.floor(rnd() * (n - 200));
      const length = Math.floor(rnd() * 150);
      for (let i = start; i < start + length; i++) values[i] = Number.NaN;
    }
    for (let k = 0; k < 500; k++) flags[Math.floor(rnd() * n)] = 2 + Math.floor(rnd() * 3);
  };
  for (const h of heights) {
    const factor = (h / 80) ** 0.16;
    const avg = new Float32Array(n);
    const sd = new Float32Array(n);
    const max = new Float32Array(n);
    const min = new Float32Array(n);
    for (let i = 0; i < n; i++) {
      const v = base[i]! * factor * (0.97 + 0.06 * rnd());
      avg[i] = v;
      sd[i] = v * (0.06 + 0.1 * rnd());
      max[i] = v * 1.35;
      min[i] = v * 0.6;
    }
    const flags = new Uint8Array(n);
    gaps(avg, flags);
    const add = (statistic: Channel['statistic'], values: Float32Array) =>
      channels.push({
        id: `WS_${h}m_N_${statistic}`,
        element: 'ws',
        heightM: h,
        statistic,
        boomOrientationDeg: 0,
        values,
        flags,
      });
    add('avg', avg);
    add('sd', sd);
    add('max', max);
    add('min', min);
  }
  for (const h of [30, 70, 90, 118]) {
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = (dir[i]! + (h - 70) * 0.05 + 360) % 360;
    const flags = new Uint8Array(n);
    gaps(values, flags);
    channels.push({ id: `WD_${h}m_avg`, element: 'wd', heightM: h, statistic: 'avg', values, flags });
  }
  const make = (
    id: string,
    element: Element,
    heightM: number,
    statistic: Channel['statistic'],
    f: (i: number) => number,
  ) => {
    const values = new Float32Array(n);
    for (let i = 0; i < n; i++) values[i] = f(i);
    channels.push({ id, element, heightM, statistic, values, flags: new Uint8Array(n) });
  };
  make('WD_90m_sd', 'wd', 90, 'sd', () => 5 + 10 * rnd());
  make('T_10m_avg', 'T', 10, 'avg', (i) => 12 + 10 * Math.sin((i / n) * 2 * Math.PI) + 3 * rnd());
  make('P_10m_avg', 'p', 10, 'avg', () => 900 + 10 * rnd());
  make('RH_10m_avg', 'RH', 10, 'avg', () => 50 + 40 * rnd());
  if (channels.length !== 40) throw new Error(`synthetic station has ${channels.length} channels`);
  return { grid, utcOffsetHours: 8, channels };
}

function bestOf(runs: number, f: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

export async function benchWind(): Promise<BenchFigure[]> {
  const figures: BenchFigure[] = [];
  const year = buildSyntheticStationYear();
  computeStationStatistics(year); // warm-up (JIT)
  const yearMs = bestOf(5, () => computeStationStatistics(year));
  figures.push({ name: 'wind.stats_ms.year40', value: Math.round(yearMs * 10) / 10, unit: 'ms' });
  if (existsSync(M5_PATH)) {
    const m5 = loadM5Station(M5_PATH);
    computeStationStatistics(m5); // warm-up (JIT), as for the station-year: a server analyses many
    const m5Ms = bestOf(3, () => computeStationStatistics(m5));
    figures.push({ name: 'wind.stats_ms.m5_all', value: Math.round(m5Ms * 10) / 10, unit: 'ms' });
  } else {
    console.log('wind.stats_ms.m5_all skipped: ../shared (NREL M5 sample) is absent');
  }
  return figures;
}
