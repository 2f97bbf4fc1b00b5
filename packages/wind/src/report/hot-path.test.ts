// The shortcuts of the statistics hot path (issue 18) give what the plain calls give.
import { describe, expect, it } from 'vitest';
import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import { describeSeries } from '../math/describe-series.ts';
import { applyFlagMask } from '../model/apply-flag-mask.ts';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import type { Station } from '../model/types.ts';
import { usableSeries } from '../model/usable-series.ts';
import { averageByPeriod } from '../recovery/average-by-period.ts';
import { dataRecovery } from '../recovery/data-recovery.ts';
import { calendarSums } from '../statistics/calendar-sums.ts';
import { correlateBySector } from '../statistics/correlate-by-sector.ts';
import { diurnalVariation } from '../statistics/diurnal-variation.ts';
import { monthlyVariation } from '../statistics/monthly-variation.ts';
import { summarizeSpeed } from '../statistics/summarize-speed.ts';
import { computeStationStatistics } from './compute-station-statistics.ts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

/** Two months of 10-minute data crossing a year end in Beijing time, gaps and every flag code. */
function makeStation(): Station {
  const grid = timeGridFromRange(Date.UTC(2023, 10, 30, 16), Date.UTC(2024, 0, 31, 16), 10);
  const random = seeded(11);
  const n = grid.length;
  const speed = (scale: number) => Float32Array.from({ length: n }, () => scale * (2 + 10 * random()));
  const ws80 = speed(1);
  const ws60 = speed(0.95);
  const gust = Float32Array.from(ws80, (v) => v * 1.4);
  const wd = Float32Array.from({ length: n }, () => random() * 360);
  const flags = Uint8Array.from({ length: n }, () => [0, 0, 0, 0, 1, 2, 3, 4, 7][Math.floor(random() * 9)]!);
  for (let i = 0; i < n; i += 37) ws60[i] = Number.NaN;
  return {
    grid,
    utcOffsetHours: 8,
    channels: [
      { id: 'ws80', element: 'ws', heightM: 80, statistic: 'avg', values: ws80, flags },
      { id: 'ws80max', element: 'ws', heightM: 80, statistic: 'max', values: gust },
      { id: 'ws60', element: 'ws', heightM: 60, statistic: 'avg', values: ws60 },
      { id: 'wd78', element: 'wd', heightM: 78, statistic: 'avg', values: wd },
    ],
  };
}

describe('the statistics hot path', () => {
  it('applyFlagMask gives the same series for typed arrays, plain arrays and both suspicious choices', () => {
    const values = Float32Array.of(1, 2, 3, 4, 5, Number.NaN, 7);
    const flags = Uint8Array.of(0, 1, 2, 3, 4, 0, 9);
    for (const includeSuspicious of [true, false]) {
      const typed = applyFlagMask(values, flags, { includeSuspicious });
      const plain = applyFlagMask([...values], [...flags], { includeSuspicious });
      expect([...typed]).toEqual([...plain]);
      expect([...typed]).toEqual([
        1,
        2,
        includeSuspicious ? 3 : Number.NaN,
        Number.NaN,
        Number.NaN,
        Number.NaN,
        Number.NaN,
      ]);
    }
  });

  it('usableSeries gives the values themselves when nothing is excluded, else a masked copy equal to applyFlagMask', () => {
    const values = Float32Array.from({ length: 23 }, (_, i) => i + 0.5);
    const clean = new Uint8Array(23);
    clean[5] = 1;
    clean[22] = 2;
    expect(usableSeries(values, clean)).toBe(values);
    expect(usableSeries(values)).toBe(values);
    const masked = usableSeries(values, clean, { includeSuspicious: false });
    expect(masked).not.toBe(values);
    expect(masked).toBeInstanceOf(Float32Array);
    expect([...masked]).toEqual([...applyFlagMask(values, clean, { includeSuspicious: false })]);
    // A flag after the all-zero words, and flags on an unaligned view.
    for (const at of [0, 3, 4, 21, 22]) {
      const flags = new Uint8Array(23);
      flags[at] = 3;
      const usable = usableSeries(values, flags);
      expect([...usable]).toEqual([...applyFlagMask(values, flags)]);
      expect(values[at]).toBe(at + 0.5);
      const unaligned = new Uint8Array(24).subarray(1);
      unaligned[at] = 4;
      expect([...usableSeries(values, unaligned)]).toEqual([...applyFlagMask(values, unaligned)]);
    }
    expect([...usableSeries([1, 2], [0, 3])]).toEqual([1, Number.NaN]);
    expect(() => usableSeries(values, new Uint8Array(3))).toThrow(/length/);
  });

  it('computeStationStatistics fills the given masks and gives the same statistics when they are reused', () => {
    const station = makeStation();
    const masks = new Map<string, Float64Array>();
    const first = computeStationStatistics(station, { masks });
    expect([...masks.keys()].sort()).toEqual(['wd78', 'ws60', 'ws80', 'ws80max']);
    expect([...masks.get('ws80')!]).toEqual([
      ...applyFlagMask(station.channels[0]!.values, station.channels[0]!.flags),
    ]);
    const again = computeStationStatistics(station, { masks });
    expect(again.channels).toEqual(first.channels);
    expect(computeStationStatistics(station).channels).toEqual(first.channels);
  });

  it('monthly and diurnal variation from the one-pass calendar sums equal the per-slot passes', () => {
    const station = makeStation();
    const calendar = buildCalendarIndex(station.grid, station.utcOffsetHours);
    for (const channel of station.channels) {
      const values = applyFlagMask(channel.values, channel.flags);
      const sums = calendarSums(values, calendar);
      expect(sums.description).toEqual(describeSeries(values));
      const close = (a: number, b: number): void => {
        if (Number.isNaN(a)) expect(b).toBeNaN();
        else expect(a).toBeCloseTo(b, 9);
      };
      for (const minCoverage of [0, 0.8]) {
        const plain = monthlyVariation(values, calendar, { minCoverage });
        const swept = monthlyVariation(values, calendar, { minCoverage, sums });
        expect(swept.byYearMonth.map((m) => [m.year, m.month, m.count, m.coverage])).toEqual(
          plain.byYearMonth.map((m) => [m.year, m.month, m.count, m.coverage]),
        );
        for (const [k, m] of swept.byYearMonth.entries()) close(m.mean, plain.byYearMonth[k]!.mean);
        for (const [k, m] of swept.byCalendarMonth.entries()) close(m.mean, plain.byCalendarMonth[k]!.mean);
        close(swept.meanOfMonthlyMeans ?? Number.NaN, plain.meanOfMonthlyMeans ?? Number.NaN);
      }
      const plain = diurnalVariation(values, calendar);
      const swept = diurnalVariation(values, calendar, { sums });
      expect(swept.byHour.map((h) => h.count)).toEqual(plain.byHour.map((h) => h.count));
      expect(swept.byMonthHourCount).toEqual(plain.byMonthHourCount);
      for (const [k, h] of swept.byHour.entries()) close(h.mean, plain.byHour[k]!.mean);
      for (const [m, row] of swept.byMonthHour.entries())
        for (const [h, v] of row.entries()) close(v, plain.byMonthHour[m]![h]!);
    }
  });

  it('monthly and yearly averages with maxima from the calendar sums equal the per-slot pass', () => {
    const station = makeStation();
    const calendar = buildCalendarIndex(station.grid, station.utcOffsetHours);
    for (const channel of station.channels) {
      const values = applyFlagMask(channel.values, channel.flags);
      const sums = calendarSums(values, calendar);
      for (const period of ['month', 'year'] as const) {
        const plain = averageByPeriod(values, calendar, period, 10);
        const swept = averageByPeriod(values, calendar, period, 10, { sums });
        expect(swept.map((p) => [p.period, p.year, p.count, p.coverage, p.max, p.maxIndex])).toEqual(
          plain.map((p) => [p.period, p.year, p.count, p.coverage, p.max, p.maxIndex]),
        );
        for (const [k, p] of swept.entries()) expect(p.mean).toBeCloseTo(plain[k]!.mean, 9);
      }
    }
  });

  it('calendarSums of a series without values has no description and empty cells', () => {
    const station = makeStation();
    const calendar = buildCalendarIndex(station.grid, station.utcOffsetHours);
    const sums = calendarSums(new Float64Array(station.grid.length).fill(Number.NaN), calendar);
    expect(sums.description).toBeUndefined();
    expect(sums.counts.every((c) => c === 0)).toBe(true);
    expect([...sums.monthMaxIndex]).toEqual(calendar.months.map(() => -1));
    expect(() => calendarSums(new Float64Array(3), calendar)).toThrow(/calendar/);
  });

  it('summarizeSpeed with the descriptions already made equals the plain call', () => {
    const station = makeStation();
    const speeds = applyFlagMask(station.channels[0]!.values, station.channels[0]!.flags);
    const gusts = applyFlagMask(station.channels[1]!.values);
    const plain = summarizeSpeed(speeds, { gustsMps: gusts });
    const described = summarizeSpeed(speeds, {
      gustsMps: gusts,
      described: { speeds: describeSeries(speeds), gusts: describeSeries(gusts) },
    });
    expect(described).toEqual(plain);
  });

  it('correlateBySector with the reference sectors given equals the plain call', () => {
    const station = makeStation();
    const [x, , y, d] = station.channels.map((c) => applyFlagMask(c.values, c.flags));
    const plain = correlateBySector(x!, y!, d!, { sectors: 16 });
    const given = correlateBySector(x!, y!, d!, {
      sectors: 16,
      referenceSectorIndex: directionSectorIndices(d!, 16),
    });
    expect(given).toEqual(plain);
    expect(() =>
      correlateBySector(x!, y!, d!, { sectors: 16, referenceSectorIndex: new Int16Array(3) }),
    ).toThrow('equal length');
  });

  it('describeSeries in one pass keeps the precision of two on a high level with a small spread', () => {
    // Air pressure in Pa: level 85 000, spread ≈ 0.3 — the case a naive one-pass variance gets wrong.
    const random = seeded(3);
    const values = Float64Array.from({ length: 50_000 }, () => 85_000 + random() - 0.5);
    let sum = 0;
    for (const v of values) sum += v;
    const mean = sum / values.length;
    let squares = 0;
    for (const v of values) squares += (v - mean) ** 2;
    const sd = Math.sqrt(squares / (values.length - 1));
    const d = describeSeries(values)!;
    expect(d.mean).toBeCloseTo(mean, 8);
    expect(Math.abs(d.sd - sd) / sd).toBeLessThan(1e-9);
  });

  it('dataRecovery and averageByPeriod by month runs count each slot in its local month', () => {
    const station = makeStation();
    const calendar = buildCalendarIndex(station.grid, 8);
    const ws80 = station.channels[0]!;
    const recovery = dataRecovery(ws80.values, ws80.flags, calendar);
    const masked = applyFlagMask(ws80.values, ws80.flags);
    const monthly = averageByPeriod(masked, calendar, 'month', 10);
    calendar.months.forEach((month, m) => {
      let lack = 0;
      let invalid = 0;
      let count = 0;
      for (let i = 0; i < station.grid.length; i++) {
        if (calendar.monthIndex[i] !== m) continue;
        const f = ws80.flags![i]!;
        if (Number.isNaN(ws80.values[i]!) || f === 1) lack++;
        else if (f >= 3) invalid++;
        if (!Number.isNaN(masked[i]!)) count++;
      }
      expect(recovery.byMonth[m]).toMatchObject({
        year: month.year,
        month: month.month,
        lackCount: lack,
        invalidCount: invalid,
      });
      expect(monthly[m]!.count).toBe(count);
    });
    expect(calendar.months.map((m) => `${m.year}-${m.month}`)).toEqual(['2023-12', '2024-1']);
  });
});
