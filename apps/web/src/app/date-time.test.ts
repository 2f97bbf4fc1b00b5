import { describe, expect, it } from 'vitest';
import { formatDateTime, utcOffsetMinutes, wallTimeToIso } from './date-time.ts';

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
