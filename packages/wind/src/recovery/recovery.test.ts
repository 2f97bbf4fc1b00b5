import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { timeGridFromRange } from '../model/time-grid-from-range.ts';
import { sweepChannel } from '../statistics/channel-sweep.ts';
import { averageByPeriod } from './average-by-period.ts';
import { dataRecovery } from './data-recovery.ts';
import { timeContinuityGaps } from './time-continuity-gaps.ts';

describe('dataRecovery (WIND-ANALYSIS §3)', () => {
  it('dataRecovery(30-day month, 120 lacking, 200 invalid) → Ns 4320, Nv 4000, rate 92.59 %', () => {
    const grid = timeGridFromRange(Date.UTC(2023, 3, 1), Date.UTC(2023, 4, 1), 10);
    const values = new Float32Array(grid.length).fill(7);
    const flags = new Uint8Array(grid.length);
    for (let i = 0; i < 120; i++) values[i] = Number.NaN;
    for (let i = 120; i < 220; i++) flags[i] = 3;
    for (let i = 220; i < 320; i++) flags[i] = 4;
    for (let i = 320; i < 400; i++) flags[i] = 2; // suspicious stays valid
    const r = dataRecovery(values, flags, buildCalendarIndex(grid, 0));
    expect(r.overall).toMatchObject({
      shouldCount: 4320,
      lackCount: 120,
      invalidCount: 200,
      validCount: 4000,
    });
    expect(r.overall.validRatePct).toBeCloseTo(92.59, 2);
    expect(r.byMonth).toHaveLength(1);
    expect(r.byMonth[0]).toMatchObject({ year: 2023, month: 4, validCount: 4000 });
  });

  it('dataRecovery counts filled values (flag 1) as lack by default, as valid on request', () => {
    const values = [1, 2, 3, 4];
    const flags = Uint8Array.of(1, 1, 0, 3);
    expect(dataRecovery(values, flags).overall).toMatchObject({
      lackCount: 2,
      invalidCount: 1,
      validCount: 1,
    });
    expect(dataRecovery(values, flags, undefined, { filledCountsAsLack: false }).overall.validCount).toBe(3);
  });

  it('dataRecovery of 1 000 slots with 100 missing, 50 invalid and 40 filled gives 81 % measured and 85 % after reconstruction', () => {
    const values = new Float64Array(1000).fill(6);
    const flags = new Uint8Array(1000);
    for (let i = 0; i < 100; i++) values[i] = Number.NaN;
    for (let i = 100; i < 150; i++) flags[i] = 3;
    for (let i = 150; i < 190; i++) flags[i] = 1;
    flags[0] = 1; // a filled flag on a missing value is still lack, not filled
    const overall = dataRecovery(values, flags).overall;
    expect(overall).toMatchObject({
      shouldCount: 1000,
      lackCount: 140,
      invalidCount: 50,
      validCount: 810,
      filledCount: 40,
      validWithFilledCount: 850,
    });
    expect(overall.validRatePct).toBeCloseTo(81, 10);
    expect(overall.validWithFilledRatePct).toBeCloseTo(85, 10);
    // Filled values already valid: nothing more to count after reconstruction.
    const asValid = dataRecovery(values, flags, undefined, { filledCountsAsLack: false }).overall;
    expect(asValid).toMatchObject({ validCount: 850, filledCount: 0, validWithFilledCount: 850 });
  });

  it('dataRecovery per month and sweepChannel count the filled values of each month alike', () => {
    const grid = timeGridFromRange(Date.UTC(2023, 0, 1), Date.UTC(2023, 2, 1), 10);
    const calendar = buildCalendarIndex(grid, 0);
    const values = new Float64Array(grid.length).fill(5);
    const flags = new Uint8Array(grid.length);
    for (let i = 0; i < 144; i++) flags[i] = 1; // Jan 1st filled
    for (let i = 31 * 144; i < 31 * 144 + 72; i++) values[i] = Number.NaN; // Feb 1st half missing
    const r = dataRecovery(values, flags, calendar);
    expect(r.byMonth.map((m) => m.filledCount)).toEqual([144, 0]);
    expect(r.byMonth[0]!.validRatePct).toBeCloseTo((30 / 31) * 100, 10);
    expect(r.byMonth[0]!.validWithFilledRatePct).toBe(100);
    expect(r.byMonth[1]!.validWithFilledRatePct).toBe(r.byMonth[1]!.validRatePct);
    expect(r.overall.filledCount).toBe(144);
    const swept = sweepChannel(values, flags, calendar, { intervalMinutes: 10 }).recovery;
    expect(swept).toEqual(r);
  });

  it('dataRecovery of an empty grid has an undefined rate; all-NaN gives 0 %', () => {
    expect(dataRecovery([]).overall.validRatePct).toBeUndefined();
    expect(dataRecovery([]).overall.validWithFilledRatePct).toBeUndefined();
    expect(dataRecovery(new Float32Array(6).fill(Number.NaN)).overall.validRatePct).toBe(0);
  });

  it('dataRecovery over a leap year has 52 704 should-slots and splits February into 29 days', () => {
    const grid = timeGridFromRange(Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1), 10);
    const r = dataRecovery(new Float32Array(grid.length), undefined, buildCalendarIndex(grid, 0));
    expect(r.overall.shouldCount).toBe(52_704);
    expect(r.byMonth[1]!.shouldCount).toBe(29 * 144);
    expect(r.byMonth.reduce((a, m) => a + m.validCount, 0)).toBe(52_704);
  });

  it('dataRecovery rejects flags or a calendar of another length', () => {
    expect(() => dataRecovery([1, 2], Uint8Array.of(0))).toThrow('dataRecovery requires flags');
    const grid = timeGridFromRange(0, 600_000 * 3, 10);
    expect(() => dataRecovery([1, 2], undefined, buildCalendarIndex(grid, 0))).toThrow(
      'dataRecovery requires the calendar',
    );
  });
});

describe('averageByPeriod by year, with maxima', () => {
  it('gives each calendar year its coverage over 365 or 366 days, mean and maximum with its slot', () => {
    const grid = timeGridFromRange(Date.UTC(2023, 11, 31), Date.UTC(2024, 0, 2), 10);
    const values = new Float32Array(grid.length).fill(5);
    values[10] = 9; // 2023-12-31 01:40
    values[144 + 7] = 12; // 2024-01-01 01:10
    values[144 + 8] = 12; // a tie keeps the first
    const years = averageByPeriod(values, buildCalendarIndex(grid, 0), 'year', 10);
    expect(years).toHaveLength(2);
    expect(years[0]).toMatchObject({ year: 2023, count: 144, max: 9, maxIndex: 10 });
    expect(years[0]!.coverage).toBeCloseTo(144 / (365 * 144), 12);
    expect(years[1]).toMatchObject({ year: 2024, count: 144, max: 12, maxIndex: 151 });
    expect(years[1]!.coverage).toBeCloseTo(1 / 366, 12);
    expect(years[1]!.mean).toBeCloseTo((142 * 5 + 24) / 144, 6);
  });

  it('gives months their maximum too, NaN and −1 when a period has no value', () => {
    const grid = timeGridFromRange(Date.UTC(2024, 0, 31), Date.UTC(2024, 1, 2), 10);
    const values = new Float32Array(grid.length).fill(Number.NaN);
    values[3] = 4;
    const months = averageByPeriod(values, buildCalendarIndex(grid, 0), 'month', 10);
    expect(months[0]).toMatchObject({ year: 2024, max: 4, maxIndex: 3 });
    expect(months[1]!.max).toBeNaN();
    expect(months[1]!.maxIndex).toBe(-1);
  });
});

describe('timeContinuityGaps', () => {
  it('lists each run of missing slots between two values, with the days lost', () => {
    const v = Float32Array.of(Number.NaN, 1, Number.NaN, Number.NaN, 2, 3, Number.NaN, 4, Number.NaN);
    const r = timeContinuityGaps(v, 10);
    expect(r.gaps).toEqual([
      { fromIndex: 1, toIndex: 4, missingSlots: 2, daysLost: 20 / 1440 },
      { fromIndex: 5, toIndex: 7, missingSlots: 1, daysLost: 10 / 1440 },
    ]);
    expect(r.gapCount).toBe(2);
    expect(r.daysLost).toBeCloseTo(30 / 1440, 12);
  });

  it('keeps only the longest gaps when asked, longest first and earlier first on a tie, and still counts all', () => {
    // Gaps of 1–6 slots in a fixed pseudo-random order, many of equal length.
    const lengths = Array.from({ length: 300 }, (_, k) => 1 + ((k * 7919) % 6));
    const values: number[] = [0];
    for (const length of lengths) values.push(...Array(length).fill(Number.NaN), 1);
    const all = timeContinuityGaps(values, 10);
    const top = timeContinuityGaps(values, 10, { longest: 50 });
    expect(all.gapCount).toBe(300);
    expect(top.gapCount).toBe(300);
    expect(top.daysLost).toBe(all.daysLost);
    expect(top.gaps).toEqual([...all.gaps].sort((a, b) => b.missingSlots - a.missingSlots).slice(0, 50));
    expect(timeContinuityGaps(values, 10, { longest: 1000 }).gaps).toEqual(
      [...all.gaps].sort((a, b) => b.missingSlots - a.missingSlots),
    );
  });

  it('finds no gap in a complete series or one with no values', () => {
    expect(timeContinuityGaps(Float32Array.of(1, 2, 3), 10).gapCount).toBe(0);
    expect(timeContinuityGaps(Float32Array.of(Number.NaN, Number.NaN), 10).gapCount).toBe(0);
  });
});
