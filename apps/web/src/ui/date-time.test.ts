import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatDateMinute,
  formatDateRange,
  formatDateTime,
  utcOffsetMinutes,
  wallTimeToIso,
} from './date-time.ts';

describe('formatDateTime', () => {
  it('shows an instant as wall time of the chosen zone', () => {
    expect(formatDateTime('2026-05-01T00:30:00.000Z', '+08:00')).toBe('2026-05-01 08:30:00');
    expect(formatDateTime('2026-05-01T00:30:00.000Z', '-05:30')).toBe('2026-04-30 19:00:00');
    expect(formatDateTime('2026-05-01T00:30:00+02:00', '+00:00')).toBe('2026-04-30 22:30:00');
  });

  it('gives an empty text for missing or invalid values', () => {
    expect(formatDateTime(null, '+08:00')).toBe('');
    expect(formatDateTime('', '+08:00')).toBe('');
    expect(formatDateTime('not a date', '+08:00')).toBe('');
  });
});

describe('utcOffsetMinutes', () => {
  it('reads the stored code and falls back to Beijing time', () => {
    expect(utcOffsetMinutes('+05:30')).toBe(330);
    expect(utcOffsetMinutes('UTC-03:00')).toBe(-180);
    expect(utcOffsetMinutes('garbage')).toBe(480);
  });
});

describe('wallTimeToIso', () => {
  it('adds the zone offset to a picked wall time', () => {
    expect(wallTimeToIso('2026-05-01 08:00:00', '+08:00')).toBe('2026-05-01T08:00:00+08:00');
    expect(wallTimeToIso('2026-05-01 23:59:59', '-09:30')).toBe('2026-05-01T23:59:59-09:30');
    expect(new Date(wallTimeToIso('2026-05-01 08:00:00', '+08:00')).toISOString()).toBe(
      '2026-05-01T00:00:00.000Z',
    );
  });
});

describe('formatDate, formatDateMinute and formatDateRange', () => {
  it('reads the date in the chosen zone, not the UTC date of the stamp', () => {
    // 2024-11-01 00:00 Beijing time: its UTC stamp's first ten characters say 31 October.
    expect('2024-10-31T16:00:00.000Z'.slice(0, 10)).toBe('2024-10-31');
    expect(formatDate('2024-10-31T16:00:00.000Z', '+08:00')).toBe('2024-11-01');
    expect(formatDate('2024-11-01T03:00:00.000Z', '-07:00')).toBe('2024-10-31');
    expect(formatDateMinute('2024-10-31T16:10:00.000Z', '+08:00')).toBe('2024-11-01 00:10');
    expect(formatDate(null, '+08:00')).toBe('');
    expect(formatDateMinute('nonsense', '+08:00')).toBe('');
  });

  it('ends a period [start, end) on the day of its last instant', () => {
    expect(formatDateRange('2024-10-31T16:00:00.000Z', '2024-11-30T16:00:00.000Z', '+08:00')).toEqual({
      start: '2024-11-01',
      end: '2024-11-30',
    });
    expect(formatDateRange('2024-01-01T00:00:00.000Z', '2024-01-01T00:10:00.000Z', '+00:00')).toEqual({
      start: '2024-01-01',
      end: '2024-01-01',
    });
    expect(formatDateRange('2024-01-01T00:00:00.000Z', null, '+00:00')).toEqual({
      start: '2024-01-01',
      end: '',
    });
    expect(formatDateRange(null, '2024-01-02T00:00:00.000Z', '+00:00')).toEqual({
      start: '',
      end: '2024-01-01',
    });
  });
});
