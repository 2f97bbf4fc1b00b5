import { describe, expect, it } from 'vitest';
import { describeSeries } from '../math/describe-series.ts';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { periodEndToStart } from '../model/period-end-to-start.ts';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import { dataRecovery } from '../recovery/data-recovery.ts';
import { windShear } from '../shear/wind-shear.ts';
import { correlateBySector } from '../statistics/correlate-by-sector.ts';
import { diurnalVariation } from '../statistics/diurnal-variation.ts';
import { fitWeibull } from '../statistics/fit-weibull.ts';
import { frequencyTable } from '../statistics/frequency-table.ts';
import { monthlyVariation } from '../statistics/monthly-variation.ts';
import { speedFrequency } from '../statistics/speed-frequency.ts';
import { summarizeSpeed } from '../statistics/summarize-speed.ts';
import { turbulenceIntensityBySpeed } from '../statistics/turbulence-intensity-by-speed.ts';
import { windPowerDensity } from '../statistics/wind-power-density.ts';
import { windRose } from '../statistics/wind-rose.ts';

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const EMPTY = new Float32Array(0);
const ALL_NAN = new Float32Array(10).fill(Number.NaN);

describe('property: empty, all-missing and single-value inputs never throw and give undefined', () => {
  for (const [label, input] of [
    ['empty', EMPTY],
    ['all NaN', ALL_NAN],
  ] as const) {
    it(`every statistic of ${label} input is undefined (or an empty table)`, () => {
      expect(describeSeries(input)).toBeUndefined();
      expect(summarizeSpeed(input)).toBeUndefined();
      expect(speedFrequency(input)).toBeUndefined();
      expect(fitWeibull(input)).toBeUndefined();
      expect(windPowerDensity(input)).toBeUndefined();
      expect(turbulenceIntensityBySpeed(input, input)).toBeUndefined();
      expect(windRose(input, input)).toBeUndefined();
      expect(fitLinearLeastSquares(input, input)).toBeUndefined();
      expect(windShear([input, input], [80, 40])).toBeUndefined();
      expect(frequencyTable(input, input).totalCount).toBe(0);
      const corr = correlateBySector(input, input, input, { sectors: 12 });
      expect(corr.overall).toBeUndefined();
      expect(corr.sectors.every((s) => s.count === 0 && s.slope === undefined)).toBe(true);
      const grid = createTimeGrid({ startMs: 0, intervalMinutes: 10, length: input.length });
      const calendar = buildCalendarIndex(grid, 0);
      expect(monthlyVariation(input, calendar).meanOfMonthlyMeans).toBeUndefined();
      expect(
        diurnalVariation(input, calendar).byHour.every((h) => h.count === 0 && Number.isNaN(h.mean)),
      ).toBe(true);
    });
  }

  it('a single value gives its own mean, NaN sd, one frequency bin of 100 % and no Weibull fit', () => {
    const one = Float32Array.of(7.25);
    const d = describeSeries(one)!;
    expect(d.mean).toBe(7.25);
    expect(d.sd).toBeNaN();
    expect(
      speedFrequency(one)!
        .bins.filter((b) => b.count > 0)
        .map((b) => b.frequencyPct),
    ).toEqual([100]);
    expect(fitWeibull(one)).toBeUndefined();
    expect(windRose(one, Float32Array.of(90), { sectors: 4 })!.sectors[1]!.frequencyPct).toBe(100);
    expect(windPowerDensity(one)).toBeCloseTo(0.5 * 1.225 * 7.25 ** 3, 10);
  });
});

describe('property: random data', () => {
  const rnd = random(7);
  const n = 5000;
  const speeds = Float64Array.from({ length: n }, () => (rnd() < 0.05 ? Number.NaN : 12 * rnd() ** 0.8));
  const dirs = Float64Array.from({ length: n }, () => (rnd() < 0.05 ? Number.NaN : 720 * rnd() - 180));

  it('speed frequencies, rose frequencies and energy shares each sum to 100 %', () => {
    expect(speedFrequency(speeds)!.bins.reduce((a, b) => a + b.frequencyPct, 0)).toBeCloseTo(100, 9);
    for (const sectors of [4, 12, 16, 36]) {
      const rose = windRose(speeds, dirs, { sectors })!;
      expect(rose.sectors.reduce((a, s) => a + s.frequencyPct, 0)).toBeCloseTo(100, 9);
      expect(rose.sectors.reduce((a, s) => a + s.energyPct, 0)).toBeCloseTo(100, 9);
      expect(rose.sectors.reduce((a, s) => a + s.count, 0) + rose.calmCount).toBe(rose.totalCount);
    }
  });

  it('direction wrap-around: adding 360° to every direction changes no rose, table or correlation', () => {
    const shifted = dirs.map((d) => d + 360);
    const a = windRose(speeds, dirs, { sectors: 16 })!;
    const b = windRose(speeds, shifted, { sectors: 16 })!;
    expect(b.sectors.map((s) => s.count)).toEqual(a.sectors.map((s) => s.count));
    expect(frequencyTable(speeds, shifted, { sectors: 12 }).sectorCounts).toEqual(
      frequencyTable(speeds, dirs, { sectors: 12 }).sectorCounts,
    );
    const wrapped = windRose(Float64Array.of(5, 5), Float64Array.of(359.9, 0.1), { sectors: 16 })!;
    expect(wrapped.sectors[0]!.count).toBe(2);
  });

  it('Float32 storage and Float64 input agree to Float32 precision', () => {
    const f32 = Float32Array.from(speeds);
    const a = describeSeries(f32)!;
    const b = describeSeries(Float64Array.from(f32))!;
    expect(a).toEqual(b);
    expect(Math.abs(a.mean - describeSeries(speeds)!.mean) / a.mean).toBeLessThan(1e-7);
  });

  it('every frequency-table column of a non-empty sector sums to its sector count', () => {
    const table = frequencyTable(speeds, dirs, { sectors: 12 });
    for (let s = 0; s < 12; s++) {
      expect(table.counts.reduce((a, row) => a + row[s]!, 0)).toBe(table.sectorCounts[s]);
    }
    expect(Math.max(...speeds.filter((v) => !Number.isNaN(v)))).toBeLessThan(
      table.upperEdgesMps[table.upperEdgesMps.length - 1]!,
    );
  });
});

describe('property: calendars, leap years and period-end stamps', () => {
  it('a leap-year grid of 10-min data has 52 704 slots, 29 days in February and 366 × 144 recovery slots', () => {
    const grid = timeGridFromRange(Date.UTC(2016, 0, 1), Date.UTC(2017, 0, 1), 10);
    const calendar = buildCalendarIndex(grid, 0);
    const values = new Float32Array(grid.length).fill(5);
    const monthly = monthlyVariation(values, calendar);
    expect(monthly.byYearMonth[1]).toMatchObject({ month: 2, count: 29 * 144, coverage: 1 });
    expect(dataRecovery(values, undefined, calendar).overall.shouldCount).toBe(366 * 144);
    expect(diurnalVariation(values, calendar).byHour.every((h) => h.count === 366 * 6)).toBe(true);
  });

  it('period-end stamps converted to period start put the midnight record in the previous day, month and year', () => {
    const endStamps = [Date.UTC(2024, 0, 1, 0, 0), Date.UTC(2024, 0, 1, 0, 10)];
    const start = periodEndToStart(endStamps[0]!, 10);
    const grid = createTimeGrid({ startMs: start, intervalMinutes: 10, length: 2 });
    const calendar = buildCalendarIndex(grid, 0);
    expect(calendar.months.map((m) => `${m.year}-${m.month}`)).toEqual(['2023-12', '2024-1']);
    expect([...calendar.hourOfDay]).toEqual([23, 0]);
    const monthly = monthlyVariation(Float32Array.of(4, 8), calendar);
    expect(monthly.byYearMonth.map((m) => m.mean)).toEqual([4, 8]);
  });

  it('MOMM pools the same calendar month of different years by record count (brightwind momm)', () => {
    const grid = timeGridFromRange(Date.UTC(2015, 0, 1), Date.UTC(2017, 0, 1), 1440);
    const calendar = buildCalendarIndex(grid, 0);
    const values = new Float32Array(grid.length).fill(Number.NaN);
    values[0] = 2; // Jan 2015, one record
    values[366] = 8; // Jan 2016
    values[367] = 8;
    const m = monthlyVariation(values, calendar);
    expect(m.byCalendarMonth).toEqual([{ month: 1, count: 3, mean: 6 }]);
    expect(m.meanOfMonthlyMeans).toBe(6);
  });
});
