// The fused statistics (issue 43 §1: one sweep per channel instead of a pass per statistic) give what the
// previous implementation gave — every number bit for bit (compared with Object.is, −0 and NaN included):
// each fused sum adds the same values in the same order as the pass it replaces.
import { describe, expect, it } from 'vitest';
import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import type { Channel, Station } from '../model/types.ts';
import { usableSeries } from '../model/usable-series.ts';
import { frequencyTable } from '../statistics/frequency-table.ts';
import { turbulenceIntensityBySector } from '../statistics/turbulence-intensity-by-sector.ts';
import { hasM5, loadM5Station, M5_PATH, M5_SKIP_MESSAGE } from '../testing/m5-station.ts';
import {
  referenceFrequencyTable,
  referenceTurbulenceIntensityBySector,
} from '../testing/reference/reference-detail-tables.ts';
import { referenceStationStatistics } from '../testing/reference/reference-station-statistics.ts';
import { computeStationStatistics, type StationStatisticsOptions } from './compute-station-statistics.ts';

/** Path and values of the first difference between two results (numbers by Object.is), else undefined. */
function firstDifference(a: unknown, b: unknown, path = '$'): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) {
    return `${path}: ${String(a)} ≠ ${String(b)}`;
  }
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return `${path}: not of the same kind`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const d = firstDifference(
      (a as Record<string, unknown>)[key],
      (b as Record<string, unknown>)[key],
      `${path}.${key}`,
    );
    if (d) return d;
  }
  return undefined;
}

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Three months of random 10-minute data over a year end: gaps, runs of gaps, every flag code, T/p/RH. */
function randomStation(seed: number): Station {
  const grid = timeGridFromRange(Date.UTC(2023, 9, 31, 16), Date.UTC(2024, 0, 31, 16), 10);
  const random = seeded(seed);
  const n = grid.length;
  const holes = (values: Float32Array) => {
    for (let i = 0; i < n; i++) if (random() < 0.03) values[i] = Number.NaN;
    for (let g = 0; g < 6; g++) {
      const start = Math.floor(random() * n);
      values.fill(Number.NaN, start, start + Math.floor(random() * 400));
    }
    return values;
  };
  const series = (f: (i: number) => number) => holes(Float32Array.from({ length: n }, (_, i) => f(i)));
  const flags = () =>
    Uint8Array.from({ length: n }, () => [0, 0, 0, 0, 0, 1, 2, 3, 4, 7][Math.floor(random() * 10)]!);
  const channels: Channel[] = [];
  for (const h of [10, 50, 80]) {
    const avg = series(() => 0.3 + 20 * random() ** 1.5);
    channels.push({ id: `ws${h}`, element: 'ws', heightM: h, statistic: 'avg', values: avg, flags: flags() });
    channels.push({
      id: `ws${h}sd`,
      element: 'ws',
      heightM: h,
      statistic: 'sd',
      values: series(() => 2 * random()),
    });
    channels.push({
      id: `ws${h}max`,
      element: 'ws',
      heightM: h,
      statistic: 'max',
      values: series(() => 30 * random()),
    });
  }
  channels.push({
    id: 'wd78',
    element: 'wd',
    heightM: 78,
    statistic: 'avg',
    values: series(() => 360 * random()),
    flags: flags(),
  });
  channels.push({
    id: 'wd10',
    element: 'wd',
    heightM: 10,
    statistic: 'avg',
    values: series(() => 360 * random()),
  });
  channels.push({
    id: 'T',
    element: 'T',
    heightM: 10,
    statistic: 'avg',
    values: series(() => -10 + 40 * random()),
  });
  channels.push({
    id: 'p',
    element: 'p',
    heightM: 10,
    statistic: 'avg',
    values: series(() => 950 + 50 * random()),
    flags: flags(),
  });
  channels.push({
    id: 'RH',
    element: 'RH',
    heightM: 10,
    statistic: 'avg',
    values: series(() => 100 * random()),
  });
  // Edge cases of the one-sweep description: no value at all, and only −0, 0 and gaps (the first of
  // equal extremes is kept, as describeSeries keeps it).
  channels.push({
    id: 'empty',
    element: 'other',
    heightM: 2,
    statistic: 'avg',
    values: new Float32Array(n).fill(Number.NaN),
  });
  channels.push({
    id: 'zeros',
    element: 'other',
    heightM: 2,
    statistic: 'avg',
    values: Float32Array.from({ length: n }, (_, i) => [-0, 0, Number.NaN][i % 3]!),
  });
  return { grid, utcOffsetHours: 8, channels };
}

describe('the fused station statistics', () => {
  const cases: Array<[string, StationStatisticsOptions]> = [
    ['the defaults', {}],
    [
      'suspicious values left out, 12 sectors, the MLE Weibull fit',
      { includeSuspicious: false, sectors: 12, weibullMethod: 'mle' },
    ],
    ['the moment Weibull fit and 10 gaps listed', { weibullMethod: 'moment', longestGaps: 10 }],
  ];
  for (const [name, options] of cases) {
    it(`give on random data every number the previous implementation gave, with ${name}`, () => {
      for (const seed of [1, 2, 3]) {
        const station = randomStation(seed);
        const fused = computeStationStatistics(station, options);
        expect(firstDifference(fused, referenceStationStatistics(station, options))).toBeUndefined();
      }
    }, 60_000);
  }

  it('the joint frequency table and TI by sector give what the previous implementation gave, with and without sector indices', () => {
    for (const seed of [4, 5]) {
      const station = randomStation(seed);
      const get = (id: string) => {
        const c = station.channels.find((o) => o.id === id)!;
        return usableSeries(c.values, c.flags);
      };
      for (const [speed, sd, vane] of [
        ['ws80', 'ws80sd', 'wd78'],
        ['ws10', 'ws10sd', 'wd10'],
      ] as const) {
        for (const sectors of [12, 16]) {
          const sectorIndex = directionSectorIndices(get(vane), sectors);
          for (const options of [
            { sectors },
            { sectors, sectorIndex },
            { sectors, binStart: 'half' as const, maxSpeedMps: 40 },
          ]) {
            const joint = frequencyTable(get(speed), get(vane), options);
            expect(
              firstDifference(joint, referenceFrequencyTable(get(speed), get(vane), options)),
            ).toBeUndefined();
          }
          for (const options of [{ sectors }, { sectors, sectorIndex, minSpeedMps: 4 }]) {
            const bySector = turbulenceIntensityBySector(get(speed), get(sd), get(vane), options);
            const reference = referenceTurbulenceIntensityBySector(get(speed), get(sd), get(vane), options);
            expect(firstDifference(bySector, reference)).toBeUndefined();
          }
        }
      }
    }
  });

  it.skipIf(!hasM5)(
    'give on the five-year NREL M5 mast every number the previous implementation gave',
    () => {
      const station = loadM5Station(M5_PATH);
      const fused = computeStationStatistics(station);
      expect(firstDifference(fused, referenceStationStatistics(station))).toBeUndefined();
    },
    120_000,
  );
  if (!hasM5) it.skip(M5_SKIP_MESSAGE, () => {});
});
