import { describe, expect, it } from 'vitest';
import { applyFlagMask } from './apply-flag-mask.ts';
import { buildCalendarIndex } from './build-calendar-index.ts';
import { civilTimeOf } from './civil-time-of.ts';
import { createTimeGrid } from './create-time-grid.ts';
import { daysInMonth } from './days-in-month.ts';
import { strongerFlag } from './flag-precedence.ts';
import { formatCivilTime } from './format-civil-time.ts';
import { indexOfTimestamp } from './index-of-timestamp.ts';
import { isLeapYear } from './is-leap-year.ts';
import { isUsableFlag } from './is-usable-flag.ts';
import { periodEndToStart } from './period-end-to-start.ts';
import { timeGridFromRange } from './time-grid-from-range.ts';
import { timestampAt } from './timestamp-at.ts';

describe('time grid', () => {
  it('timeGridFromRange(one year of 10-min slots) has 52 560 slots, 52 704 in a leap year', () => {
    expect(timeGridFromRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1), 10).length).toBe(52_560);
    expect(timeGridFromRange(Date.UTC(2024, 0, 1), Date.UTC(2025, 0, 1), 10).length).toBe(52_704);
  });

  it('timeGridFromRange throws when the range is not a multiple of the interval', () => {
    expect(() => timeGridFromRange(0, 61_000, 1)).toThrow('timeGridFromRange requires');
  });

  it('createTimeGrid rejects a non-positive interval and a fractional length', () => {
    expect(() => createTimeGrid({ startMs: 0, intervalMinutes: 0, length: 1 })).toThrow('intervalMinutes');
    expect(() => createTimeGrid({ startMs: 0, intervalMinutes: 10, length: 1.5 })).toThrow('length');
  });

  it('timestampAt and indexOfTimestamp are inverse on the grid and undefined off it', () => {
    const grid = createTimeGrid({ startMs: Date.UTC(2016, 0, 9, 15, 30), intervalMinutes: 10, length: 195 });
    expect(indexOfTimestamp(grid, timestampAt(grid, 194))).toBe(194);
    expect(indexOfTimestamp(grid, timestampAt(grid, 195))).toBeUndefined();
    expect(indexOfTimestamp(grid, timestampAt(grid, 3) + 7_000)).toBeUndefined();
    expect(indexOfTimestamp(grid, grid.startMs - 600_000)).toBeUndefined();
  });

  it('periodEndToStart(2024-01-01 00:00 end, 10 min) belongs to 31 Dec, hour 23, December (WIND-ANALYSIS §1)', () => {
    const start = periodEndToStart(Date.UTC(2024, 0, 1), 10);
    expect(start).toBe(Date.UTC(2023, 11, 31, 23, 50));
    const civil = civilTimeOf(start);
    expect([civil.year, civil.month, civil.day, civil.hour]).toEqual([2023, 12, 31, 23]);
    const grid = createTimeGrid({ startMs: start, intervalMinutes: 10, length: 1 });
    const calendar = buildCalendarIndex(grid, 0);
    expect(calendar.monthOfYear[0]).toBe(12);
    expect(calendar.hourOfDay[0]).toBe(23);
  });

  it('civilTimeOf agrees with Date for 2 000 pseudo-random stamps and fractional offsets', () => {
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    for (let k = 0; k < 2000; k++) {
      const ms = Math.floor(random() * 4e12) - 1e12;
      const offset = [0, 8, -7, 5.5, -3.5][k % 5]!;
      const d = new Date(ms + offset * 3_600_000);
      const c = civilTimeOf(ms, offset);
      expect([c.year, c.month, c.day, c.hour, c.minute, c.second]).toEqual([
        d.getUTCFullYear(),
        d.getUTCMonth() + 1,
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes(),
        d.getUTCSeconds(),
      ]);
    }
  });

  it('isLeapYear and daysInMonth follow the Gregorian rules (1900 no, 2000 yes, 2016 yes)', () => {
    expect([1900, 2000, 2016, 2023].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2016, 2)).toBe(29);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect(daysInMonth(2023, 12)).toBe(31);
    expect(() => daysInMonth(2023, 13)).toThrow('daysInMonth requires month');
  });

  it('buildCalendarIndex of a leap year counts 29 February and full-month slots per month', () => {
    const grid = timeGridFromRange(Date.UTC(2016, 0, 1), Date.UTC(2017, 0, 1), 10);
    const calendar = buildCalendarIndex(grid, 0);
    expect(calendar.months).toHaveLength(12);
    expect(calendar.months[1]).toMatchObject({
      year: 2016,
      month: 2,
      slotCount: 29 * 144,
      fullMonthSlotCount: 29 * 144,
    });
    expect(calendar.days).toHaveLength(366);
    expect(calendar.hourCount).toBe(366 * 24);
  });

  it('buildCalendarIndex in Beijing time (UTC+8) moves a UTC 16:00 stamp to the next local day, hour 0', () => {
    const grid = createTimeGrid({ startMs: Date.UTC(2016, 0, 31, 15, 50), intervalMinutes: 10, length: 2 });
    const calendar = buildCalendarIndex(grid, 8);
    expect([...calendar.hourOfDay]).toEqual([23, 0]);
    expect([...calendar.monthOfYear]).toEqual([1, 2]);
    expect(calendar.months.map((m) => m.slotCount)).toEqual([1, 1]);
  });

  it('buildCalendarIndex of an empty grid has no months, days or hours', () => {
    const calendar = buildCalendarIndex(createTimeGrid({ startMs: 0, intervalMinutes: 10, length: 0 }), 0);
    expect(calendar.months).toEqual([]);
    expect(calendar.hourCount).toBe(0);
  });

  it('formatCivilTime pads every token', () => {
    expect(
      formatCivilTime({ year: 2016, month: 1, day: 9, hour: 5, minute: 3, second: 7 }, 'YYYY-MM-DD HH:mm:ss'),
    ).toBe('2016-01-09 05:03:07');
  });
});

describe('flags', () => {
  it('isUsableFlag uses 0–2 by default, suspicious on request only, never 3 or 4', () => {
    expect([0, 1, 2, 3, 4].map((f) => isUsableFlag(f))).toEqual([true, true, true, false, false]);
    expect(isUsableFlag(2, false)).toBe(false);
  });

  it('strongerFlag follows invalid > icing > suspicious > filled > normal', () => {
    expect(strongerFlag(2, 4)).toBe(4);
    expect(strongerFlag(4, 3)).toBe(3);
    expect(strongerFlag(0, 1)).toBe(1);
    expect(strongerFlag(2, 1)).toBe(2);
  });

  it('applyFlagMask replaces excluded values with NaN and keeps missing values missing', () => {
    const out = applyFlagMask(Float32Array.of(5, 6, 7, Number.NaN), Uint8Array.of(0, 3, 2, 0));
    expect([...out]).toEqual([5, Number.NaN, 7, Number.NaN]);
    expect([...applyFlagMask([5, 6], Uint8Array.of(2, 4), { includeSuspicious: false })]).toEqual([
      Number.NaN,
      Number.NaN,
    ]);
    expect(() => applyFlagMask([1], Uint8Array.of(0, 0))).toThrow('applyFlagMask requires');
  });
});
