import { describe, expect, it } from 'vitest';
import {
  listUtcOptions,
  localDate,
  localDateRange,
  localMinute,
  measuringDays,
  parseUtcCode,
  utcLabel,
} from './time-zones.ts';

describe('listUtcOptions', () => {
  it('runs from UTC−12:00 to UTC+14:00 in 30-minute steps', () => {
    const options = listUtcOptions();
    expect(options).toHaveLength(53);
    expect(options[0]).toEqual({ code: '-12:00', label: 'UTC-12:00', offsetMinutes: -720 });
    expect(options.find((o) => o.code === '+08:00')?.offsetMinutes).toBe(480);
    expect(options.at(-1)?.code).toBe('+14:00');
  });
});

describe('parseUtcCode', () => {
  it.each([
    ['+08:00', 480],
    ['UTC+08:00', 480],
    ['+8', 480],
    ['-03:30', -210],
    ['+05:30', 330],
  ])('parseUtcCode(%s) = %i', (code, minutes) => {
    expect(parseUtcCode(code)).toBe(minutes);
  });
  it.each(['+15:00', '+05:45', 'Asia/Shanghai', ''])('rejects %s', (code) => {
    expect(parseUtcCode(code)).toBeUndefined();
  });
});

describe('localDate(ms, utcOffsetMinutes) and localDateRange(startMs, endMs, utcOffsetMinutes)', () => {
  it('reads the date on the wall clock of the zone, not the UTC date', () => {
    // 2024-11-01 00:00 Beijing time is 2024-10-31 16:00 UTC: the UTC date is a day early.
    const start = Date.UTC(2024, 9, 31, 16);
    expect(new Date(start).toISOString().slice(0, 10)).toBe('2024-10-31');
    expect(localDate(start, 480)).toBe('2024-11-01');
    expect(localDate(Date.UTC(2024, 10, 1, 3), -420)).toBe('2024-10-31');
    expect(localMinute(Date.UTC(2024, 9, 31, 16, 10), 480)).toBe('2024-11-01 00:10');
    expect(utcLabel(480)).toBe('UTC+08:00');
    expect(utcLabel(-210)).toBe('UTC-03:30');
  });

  it('ends a period on the day of its last instant, its end being exclusive', () => {
    expect(localDateRange(Date.UTC(2024, 9, 31, 16), Date.UTC(2024, 10, 30, 16), 480)).toEqual({
      start: '2024-11-01',
      end: '2024-11-30',
    });
    expect(localDateRange(Date.UTC(2024, 0, 1), Date.UTC(2024, 0, 1, 0, 10), 0)).toEqual({
      start: '2024-01-01',
      end: '2024-01-01',
    });
  });
});

describe('measuringDays(firstRecordMs, lastRecordMs, utcOffsetMinutes)', () => {
  it('counts two full years of 10-minute data as 731 days (2023–2024, a leap year), not 729', () => {
    const first = Date.UTC(2023, 0, 1) - 480 * 60_000;
    const last = Date.UTC(2025, 0, 1) - 480 * 60_000 - 600_000;
    expect(Math.floor((last - first) / 86_400_000)).toBe(730);
    expect(measuringDays(first, last, 480)).toBe(731);
    expect(measuringDays(Date.UTC(2021, 0, 1), Date.UTC(2022, 11, 31, 23, 50), 0)).toBe(730);
  });

  it('counts the calendar days of the site’s zone, both ends included', () => {
    expect(measuringDays(Date.UTC(2024, 4, 1), Date.UTC(2024, 4, 3, 23, 50), 0)).toBe(3);
    expect(measuringDays(Date.UTC(2024, 4, 1, 12), Date.UTC(2024, 4, 1, 12), 0)).toBe(1);
    // 15:50 and 16:00 UTC are two Beijing days apart from a midnight's point of view.
    expect(measuringDays(Date.UTC(2024, 4, 1, 15, 50), Date.UTC(2024, 4, 1, 16), 480)).toBe(2);
    expect(measuringDays(Date.UTC(2024, 4, 1, 15, 50), Date.UTC(2024, 4, 1, 16), 0)).toBe(1);
  });

  it('is null without both records or with the last before the first', () => {
    expect(measuringDays(null, Date.UTC(2024, 0, 1), 0)).toBeNull();
    expect(measuringDays(Date.UTC(2024, 0, 1), undefined, 0)).toBeNull();
    expect(measuringDays(Date.UTC(2024, 0, 2), Date.UTC(2024, 0, 1), 0)).toBeNull();
  });
});
