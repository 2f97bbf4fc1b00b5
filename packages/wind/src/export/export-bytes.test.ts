import { describe, expect, it } from 'vitest';
import { normalizeDirection } from '../direction/normalize-direction.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import type { TimeGrid } from '../model/types.ts';
import {
  AWKWARD_VALUES,
  hasRealMasts,
  loadFergus,
  loadM5Excerpt,
  REAL_MAST_SKIP_MESSAGE,
  randomColumn,
  seededRandom,
} from '../testing/export-fixture.ts';
import { oracleWriteMeteodynTim } from '../testing/export-oracle/write-meteodyn-tim.ts';
import { oracleWriteTimeSeriesCsv } from '../testing/export-oracle/write-time-series-csv.ts';
import { oracleWriteWindographerTxt } from '../testing/export-oracle/write-windographer-txt.ts';
import { oracleWriteWindsimTws } from '../testing/export-oracle/write-windsim-tws.ts';
import type { ExportChannel } from './export-channel.ts';
import { formatPlainNumber } from './format-plain-number.ts';
import { writeDirection, writeFixedAny, writeFloat32OrMissing } from './number-bytes.ts';
import { writeMeteodynTim } from './write-meteodyn-tim.ts';
import { writeTimeSeriesCsv } from './write-time-series-csv.ts';
import { writeWindographerTxt } from './write-windographer-txt.ts';
import { writeWindsimTws } from './write-windsim-tws.ts';

// The byte writers of issue 43 §2 against the string writers they replace (kept in src/testing as the
// oracle): the same bytes for every value, stamp, option and line.

const bytes = (chunks: Iterable<Uint8Array>) => Buffer.concat([...chunks]);
const oracleBytes = (chunks: Iterable<string>) => Buffer.from([...chunks].join(''), 'utf8');
const scratch = new Uint8Array(4096);
const decode = (end: number) => Buffer.from(scratch.subarray(0, end)).toString('utf8');

/** The first index where two byte strings differ, with the text around it (for a readable failure). */
function firstDifference(a: Buffer, b: Buffer): string | undefined {
  if (a.equals(b)) return undefined;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const around = (x: Buffer) => JSON.stringify(x.subarray(Math.max(0, i - 60), i + 40).toString('utf8'));
  return `differs at byte ${i} of ${a.length}/${b.length}: ${around(a)} vs ${around(b)}`;
}

const MISSING = Buffer.from('-9999');

describe('number bytes (issue 43 §2)', () => {
  it('writeFloat32OrMissing writes formatPlainNumber(v, { float32 }) for every awkward and random Float32 value', () => {
    const random = seededRandom(43);
    const values = [...AWKWARD_VALUES, ...randomColumn(random, 150_000, true)];
    for (let k = 0; k < 100_000; k++) {
      // Short decimals, as sensors write them, at every scale of the fast range.
      const decimals = Math.floor(random() * 10);
      values.push(Math.fround((Math.floor(random() * 1e7) - 5e6) / 10 ** decimals));
    }
    let mismatches = 0;
    for (const raw of values) {
      const v = Math.fround(raw);
      const expected = formatPlainNumber(v, { float32: true }) ?? '-9999';
      const got = decode(writeFloat32OrMissing(scratch, 0, v, MISSING));
      if (got !== expected && mismatches++ < 5) expect(got, `value ${v}`).toBe(expected);
    }
    expect(mismatches).toBe(0);
  }, 120_000);

  it('writeFloat32OrMissing sends Float64 values (not Float32 ones) to the old formatter unchanged', () => {
    for (const v of [0.1, 8.37, 1 / 3, -2.675, 1e300, 5e-324])
      expect(decode(writeFloat32OrMissing(scratch, 0, v, MISSING))).toBe(
        formatPlainNumber(v, { float32: true }),
      );
  }, 120_000);

  it('writeFixedAny writes toFixed(1) and toFixed(2) of Float32 and Float64 values, ties and -0.00 included', () => {
    const random = seededRandom(7);
    const values = [...AWKWARD_VALUES, -0.001, -0.004, -0.005, 1.115, 1.125, 1.135, 0.615];
    for (const v of randomColumn(random, 200_000, true)) values.push(v);
    for (const v of randomColumn(random, 200_000, false)) values.push(v, v * 1.000_123);
    for (let k = 0; k < 20_000; k++) values.push(Math.floor(random() * 100_000) / 1000 + 0.0005);
    for (const v of values) {
      if (!Number.isFinite(v)) continue;
      for (const decimals of [1, 2]) {
        const got = decode(writeFixedAny(scratch, 0, v, decimals));
        if (got !== v.toFixed(decimals))
          expect(got, `value ${v}, ${decimals} decimals`).toBe(v.toFixed(decimals));
      }
    }
  }, 120_000);

  it('writeDirection rounds to a tenth, then folds into [0, 360) as the pair formats did', () => {
    const random = seededRandom(11);
    const values = [...AWKWARD_VALUES, 359.94, 359.95, 359.96, 719.95, -359.95, -0.05, -0.049, 1e6, -1e6];
    for (let k = 0; k < 200_000; k++)
      values.push(Math.fround((random() - 0.3) * 1000), (random() - 0.5) * 3000);
    for (const v of values) {
      if (!Number.isFinite(v)) continue;
      const expected = normalizeDirection(Number(v.toFixed(1))).toFixed(1);
      const got = decode(writeDirection(scratch, 0, v));
      if (got !== expected) expect(got, `direction ${v}`).toBe(expected);
    }
  }, 120_000);
});

/** Random channels with random flags on a grid of `length` steps. */
function randomChannels(seed: number, length: number, count: number): ExportChannel[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, k) => ({
    name: k === 1 ? 'WS "80m", N' : k === 2 ? '风速_80m' : `CH_${k}`,
    // Float32Array as stored; Float32 values in a Float64Array; and (channel 4) Float64 values.
    values:
      k % 3 === 0
        ? Float32Array.from(randomColumn(random, length, true))
        : randomColumn(random, length, k !== 4),
    ...(k === 3 ? {} : { flags: Uint8Array.from({ length }, () => Math.floor(random() ** 3 * 5)) }),
  }));
}

const GRIDS: [string, TimeGrid, number][] = [
  [
    'UTC+8, 10 min',
    createTimeGrid({ startMs: Date.UTC(2016, 0, 9, 7, 30), intervalMinutes: 10, length: 3000 }),
    8,
  ],
  [
    'UTC−3:30, 1 min',
    createTimeGrid({ startMs: Date.UTC(1999, 11, 31, 22), intervalMinutes: 1, length: 3000 }),
    -3.5,
  ],
  [
    'UTC+5:45, 60 min',
    createTimeGrid({ startMs: Date.UTC(2024, 1, 27), intervalMinutes: 60, length: 3000 }),
    5.75,
  ],
];

describe('the text exports write the same bytes as before (issue 43 §2)', () => {
  for (const [label, grid, utcOffsetHours] of GRIDS) {
    const channels = randomChannels(label.length, grid.length, 5);
    it(`writeTimeSeriesCsv(random columns, ${label}) writes the old writer's bytes with every option`, () => {
      for (const options of [
        { withFlags: true, float32: true },
        {
          withFlags: true,
          float32: true,
          excludeUnusable: true,
          includeSuspicious: false,
          missingToken: '-9999',
        },
        { bom: false, float32: true, excludeUnusable: true, missingToken: 'NA' },
        { withFlags: true, float32: false },
      ]) {
        const input = { grid, utcOffsetHours, channels, ...options };
        const got = bytes(writeTimeSeriesCsv({ ...input, chunkBytes: 10_000 }));
        expect(
          firstDifference(got, oracleBytes(oracleWriteTimeSeriesCsv(input))),
          JSON.stringify(options),
        ).toBe(undefined);
      }
    }, 120_000);

    it(`writeWindographerTxt(random columns, ${label}) writes the old writer's bytes`, () => {
      for (const float32 of [true, false]) {
        const input = {
          grid,
          utcOffsetHours,
          channels,
          createdAt: '01-01-2025 00:00',
          platform: 'MastHub',
          latitudeDeg: -33.9,
          longitudeDeg: 151.2,
          elevationM: 12.5,
          float32,
        };
        const got = bytes(writeWindographerTxt(input));
        expect(firstDifference(got, oracleBytes(oracleWriteWindographerTxt(input)))).toBe(undefined);
      }
    }, 120_000);

    it(`writeWindsimTws and writeMeteodynTim(random columns, ${label}) write the old writers' bytes`, () => {
      const pair = {
        speedMps: channels[0]!.values,
        directionDeg: channels[1]!.values,
        speedSdMps: channels[2]!.values,
      };
      const tws = {
        grid,
        utcOffsetHours,
        siteName: 'M1',
        comment: 'c',
        eastingM: 1.25,
        northingM: 2,
        heightM: 80,
      };
      for (const input of [
        { ...tws, ...pair },
        { ...tws, speedMps: pair.speedMps, directionDeg: pair.directionDeg },
      ])
        expect(
          firstDifference(bytes(writeWindsimTws(input)), oracleBytes(oracleWriteWindsimTws(input))),
        ).toBe(undefined);
      for (const preserveMeanSpeed of [false, true]) {
        const input = { grid, utcOffsetHours, ...pair, preserveMeanSpeed };
        expect(
          firstDifference(bytes(writeMeteodynTim(input)), oracleBytes(oracleWriteMeteodynTim(input))),
        ).toBe(undefined);
      }
    }, 120_000);
  }
});

describe.skipIf(!hasRealMasts)('the text exports of the real masts are the same bytes as before', () => {
  it('writeTimeSeriesCsv and writeWindographerTxt(NREL M5, first 5 000 rows, 106 columns) write the old bytes', () => {
    const channels = loadM5Excerpt(5_000);
    expect(channels.length).toBeGreaterThan(100);
    const grid = createTimeGrid({
      startMs: Date.UTC(2012, 7, 31),
      intervalMinutes: 10,
      length: channels[0]!.values.length,
    });
    const csv = { grid, utcOffsetHours: -7, channels, withFlags: true, float32: true, bom: true };
    expect(firstDifference(bytes(writeTimeSeriesCsv(csv)), oracleBytes(oracleWriteTimeSeriesCsv(csv)))).toBe(
      undefined,
    );
    const txt = {
      ...csv,
      createdAt: 'x',
      platform: 'MastHub',
      latitudeDeg: 39.9,
      longitudeDeg: -105.2,
      elevationM: 1,
    };
    expect(
      firstDifference(bytes(writeWindographerTxt(txt)), oracleBytes(oracleWriteWindographerTxt(txt))),
    ).toBe(undefined);
  }, 120_000);

  it('writeWindsimTws and writeMeteodynTim(DOE Fergus, speed, real SD, vane) write the old bytes', () => {
    const { speed, sd, direction } = loadFergus();
    const grid = createTimeGrid({
      startMs: Date.UTC(2001, 3, 23, 21),
      intervalMinutes: 10,
      length: speed.length,
    });
    const pair = { grid, utcOffsetHours: -7, speedMps: speed, directionDeg: direction, speedSdMps: sd };
    const tws = { ...pair, siteName: 'Fergus', comment: 'DOE', eastingM: 0, northingM: 0, heightM: 20 };
    expect(firstDifference(bytes(writeWindsimTws(tws)), oracleBytes(oracleWriteWindsimTws(tws)))).toBe(
      undefined,
    );
    for (const preserveMeanSpeed of [false, true]) {
      const tim = { ...pair, preserveMeanSpeed };
      expect(firstDifference(bytes(writeMeteodynTim(tim)), oracleBytes(oracleWriteMeteodynTim(tim)))).toBe(
        undefined,
      );
    }
  }, 120_000);
});

if (!hasRealMasts) console.warn(`export-bytes.test.ts real-mast cases ${REAL_MAST_SKIP_MESSAGE}`);
