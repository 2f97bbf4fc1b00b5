import type { TRecognizedChannel } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { normalizeUnit } from './channel-names.ts';
import { convertToStoredUnits, storedChannel } from './units.ts';

function channel(unit: string, statistic: TRecognizedChannel['statistic'] = 'mean'): TRecognizedChannel {
  return { column: 2, name: 'x', element: 'ws', heightM: 50, statistic, unit, dataKey: 'x', tag: '' };
}

describe('conversion into MastHub units', () => {
  it.each([
    ['mph', 16.3, 'm/s', 7.286752],
    ['knots', 10, 'm/s', 5.144444],
    ['km/h', 36, 'm/s', 10],
    ['ft/s', 10, 'm/s', 3.048],
    ['deg_F', 50, 'deg_C', 10],
    ['K', 283.15, 'deg_C', 10],
    ['kPa', 95.2, 'hPa', 952],
    ['inHg', 29.92, 'hPa', 1013.21],
  ])('stores %s %d as %s %d and keeps the file unit', (unit, value, stored, expected) => {
    const values = Float32Array.of(value, Number.NaN);
    const out = convertToStoredUnits(channel(unit), values);
    expect(out.unit).toBe(stored);
    expect(out.sourceUnit).toBe(unit);
    expect(values[0]).toBeCloseTo(expected, 2);
    expect(values[1]).toBeNaN();
  });

  it('scales a standard deviation without shifting it (σ in °F → σ in °C is × 5/9)', () => {
    const values = Float32Array.of(9);
    convertToStoredUnits(channel('deg_F', 'sd'), values);
    expect(values[0]).toBeCloseTo(5, 5);
  });

  it('converts once: a channel already stored with its file unit is converted from that unit, not again', () => {
    const stored = storedChannel(channel('mph'));
    expect(stored).toMatchObject({ unit: 'm/s', sourceUnit: 'mph' });
    const values = Float32Array.of(10);
    expect(convertToStoredUnits(stored, values)).toMatchObject({ unit: 'm/s', sourceUnit: 'mph' });
    expect(values[0]).toBeCloseTo(4.4704, 4);
  });

  it('leaves MastHub units alone', () => {
    const values = Float32Array.of(7.5);
    expect(convertToStoredUnits(channel('m/s'), values)).toEqual(channel('m/s'));
    expect(values[0]).toBe(7.5);
  });

  it('recognises the usual spellings of the units it converts', () => {
    expect(['kts', 'Knots', 'km/h', 'KPH', 'ft/s', 'inHg', 'Pa', 'mmHg'].map(normalizeUnit)).toEqual([
      'knots',
      'knots',
      'km/h',
      'km/h',
      'ft/s',
      'inHg',
      'Pa',
      'mmHg',
    ]);
  });
});
