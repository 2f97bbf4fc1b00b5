import { describe, expect, it } from 'vitest';
import { formatUnit, isDegreeUnit } from './units.ts';

describe('formatUnit', () => {
  it('formatUnit writes the stored temperature and direction codes as °C and °', () => {
    expect(formatUnit('deg_C')).toBe('°C');
    expect(formatUnit('deg')).toBe('°');
    expect(formatUnit('deg_F')).toBe('°F');
  });

  it('formatUnit writes powers as superscripts (W/m², kg/m³) and leaves plain symbols alone', () => {
    expect(formatUnit('W/m^2')).toBe('W/m²');
    expect(formatUnit('kg/m^3')).toBe('kg/m³');
    expect(formatUnit('m^2/s')).toBe('m²/s');
    for (const plain of ['m/s', '%', 'hPa', 'kPa', 'V', 'mm', 'K']) expect(formatUnit(plain)).toBe(plain);
  });

  it('formatUnit gives an empty text for no unit', () => {
    expect(formatUnit('')).toBe('');
    expect(formatUnit(null)).toBe('');
    expect(formatUnit(undefined)).toBe('');
  });

  it('isDegreeUnit(deg) is true, isDegreeUnit(deg_C) is false', () => {
    expect(isDegreeUnit('deg')).toBe(true);
    expect(isDegreeUnit('°')).toBe(true);
    expect(isDegreeUnit('deg_C')).toBe(false);
    expect(isDegreeUnit('m/s')).toBe(false);
  });
});
