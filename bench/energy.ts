// Energy yield and mesoscale scaling figures for `npm run bench` (issue 16), pure packages/wind timings
// (single thread, best of a few runs, performance.now):
// - `energy.aep_ms.m5_5y`: one turbine (IEA 3.4 MW curve) on the five-year NREL M5 top cup carried to
//   130 m with the site's shear by sector, measured density per record, time-series AEP (average year),
//   Weibull overall and by 12 sectors, breakdowns by month, hour and sector. Target ≤ 200 ms.
// - `wsa.scale_ms.10y_hourly`: ten years of hourly mesoscale speeds and directions against one year of
//   mast hours, 12 sectors, four methods (LLS, TLS, variance ratio, speed sort) fitted and the whole
//   ten-year series scaled with each. Target ≤ 500 ms.
import { existsSync } from 'node:fs';
import path from 'node:path';
import {
  airDensitySeries,
  applySectorScaling,
  buildCalendarIndex,
  directionSectorIndices,
  energyYield,
  type PowerCurve,
  scaleBySector,
  windShear,
} from '../packages/wind/src/index.ts';
import { loadM5Station } from '../packages/wind/src/testing/m5-station.ts';
import type { TBenchResult } from './run.ts';

const M5_PATH = path.resolve(
  import.meta.dirname,
  '../../shared/samples/real-mast/nrel-nwtc-m5/nrel_nwtc_m5_10min_2012-08_2017-09.csv.gz',
);

/** IEA 3.4 MW reference turbine, a subset of the library's points (kW at 1.225 kg/m³). */
const CURVE: PowerCurve = {
  speedsMps: [3, 4.0485, 4.973, 5.7654, 6.4186, 6.9269, 7.408, 7.9041, 8.5735, 9.203, 9.8127, 25],
  powerKw: [51.6, 213.2, 436.0, 688.9, 949.7, 1193.7, 1460.1, 1773.5, 2263.3, 2799.3, 3370, 3370],
  ratedKw: 3370,
  referenceDensityKgM3: 1.225,
  regulation: 'pitch',
};

function bestOf(runs: number, fn: () => unknown): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    best = Math.min(best, performance.now() - t);
  }
  return best;
}

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4_294_967_296;
  };
}

function benchAep(): TBenchResult | undefined {
  if (!existsSync(M5_PATH)) {
    console.log('energy.aep_ms.m5_5y skipped: ../shared (NREL M5 sample) is absent');
    return undefined;
  }
  const m5 = loadM5Station(M5_PATH);
  const speeds = m5.channels
    .filter((c) => c.element === 'ws' && c.statistic === 'avg')
    .sort((a, b) => a.heightM - b.heightM);
  const top = speeds.at(-1)!;
  const vane = m5.channels
    .filter((c) => c.element === 'wd' && c.statistic === 'avg')
    .sort((a, b) => b.heightM - a.heightM)[0]!;
  const temperature = m5.channels.find((c) => c.element === 'T' && c.statistic === 'avg');
  const pressure = m5.channels.find((c) => c.element === 'p' && c.statistic === 'avg');
  const calendar = buildCalendarIndex(m5.grid, m5.utcOffsetHours);
  const sectorIndex = directionSectorIndices(vane.values, 12);
  const shear = windShear(
    speeds.filter((c, i, all) => all.findIndex((x) => x.heightM === c.heightM) === i).map((c) => c.values),
    speeds.filter((c, i, all) => all.findIndex((x) => x.heightM === c.heightM) === i).map((c) => c.heightM),
    { sectorIndex, sectors: 12, calendar },
  )!;
  const density =
    temperature && pressure ? airDensitySeries(temperature.values, pressure.values, undefined) : 1.225;
  const run = () =>
    energyYield({
      speedsMps: top.values,
      measuredHeightM: top.heightM,
      hubHeightM: 130,
      shear: {
        mode: 'sector',
        exponent: shear.overall.exponent ?? 1 / 7,
        bySector: (shear.bySector ?? []).map((c) => c.exponent),
      },
      hourOfDay: calendar.hourOfDay,
      monthOfYear: calendar.monthOfYear,
      sectorIndex,
      sectors: 12,
      densityKgM3: density,
      curve: CURVE,
    });
  const result = run(); // warm-up
  const ms = bestOf(5, run);
  console.log(
    `  (energy: ${top.values.length} records, hub mean ${result.hubMeanSpeedMps?.toFixed(2)} m/s, AEP ${((result.timeSeries.energyKwh ?? result.timeSeries.plainEnergyKwh ?? 0) / 1000).toFixed(0)} MWh)`,
  );
  return { name: 'energy.aep_ms.m5_5y', value: Math.round(ms * 10) / 10, unit: 'ms' };
}

function benchScale(): TBenchResult {
  const next = random(17);
  const hours = 10 * 8766;
  const x = new Float64Array(hours);
  const xd = new Float64Array(hours);
  let level = 6;
  let heading = 200;
  for (let i = 0; i < hours; i++) {
    level = Math.max(0.2, level + (next() - 0.5) * 0.9 + (6 - level) * 0.02);
    heading = (heading + (next() - 0.5) * 25 + 360) % 360;
    x[i] = level;
    xd[i] = heading;
  }
  // The last year is concurrent with the mast: y = 1.1·x + 0.3 + noise.
  const concurrent = 8766;
  const from = hours - concurrent;
  const cx = x.subarray(from);
  const cd = xd.subarray(from);
  const cy = Float64Array.from(cx, (v) => 1.1 * v + 0.3 + (next() - 0.5));
  const run = () => {
    for (const method of ['ols', 'tls', 'variance_ratio', 'speed_sort'] as const) {
      const scaling = scaleBySector({ x: cx, y: cy, xDirectionDeg: cd, sectors: 12, method });
      applySectorScaling(scaling, x, xd);
    }
  };
  run();
  const ms = bestOf(5, run);
  return { name: 'wsa.scale_ms.10y_hourly', value: Math.round(ms * 10) / 10, unit: 'ms' };
}

export async function benchEnergy(): Promise<TBenchResult[]> {
  const out: TBenchResult[] = [];
  const aep = benchAep();
  if (aep) out.push(aep);
  out.push(benchScale());
  return out;
}
