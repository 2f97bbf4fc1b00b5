import { describe, expect, it } from 'vitest';
import {
  agreeToStatedPrecision,
  calibrationDifferences,
  calibrationInForce,
  decimalsOf,
} from './calibration-check.ts';

describe('the programmed slope and offset against the certificate', () => {
  it('counts the decimals a value is written with, small exponents included', () => {
    expect(decimalsOf(0.2419)).toBe(4);
    expect(decimalsOf(0.04573)).toBe(5);
    expect(decimalsOf(12)).toBe(0);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
  });

  it('lets a value rounded to fewer digits agree with the certificate', () => {
    expect(agreeToStatedPrecision(0.0457, 0.04573)).toBe(true);
    expect(agreeToStatedPrecision(0.046, 0.04573)).toBe(true);
    expect(agreeToStatedPrecision(0.0458, 0.04573)).toBe(false);
  });

  it('finds the IEA Task 43 demo offset typed as 0.2491 instead of the certificate 0.2419', () => {
    expect(
      calibrationDifferences({ slope: 0.04573, offset: 0.2491 }, { slope: 0.04573, offset: 0.2419 }),
    ).toEqual([{ field: 'offset', programmed: 0.2491, certified: 0.2419 }]);
  });

  it('says nothing when either side does not state a value', () => {
    expect(calibrationDifferences({ slope: null, offset: 0.3 }, { slope: 0.05, offset: null })).toEqual([]);
  });

  it('takes the newest calibration on or before the day as the reference, else the earliest', () => {
    const pre = { slope: 0.0458, offset: 0.25, dateOfCalibration: '2019-12-01' };
    const post = { slope: 0.0459, offset: 0.24, dateOfCalibration: '2021-06-01' };
    expect(calibrationInForce([post, pre], new Date('2020-04-15T00:00:00Z'))).toBe(pre);
    expect(calibrationInForce([post, pre], new Date('2021-07-01T00:00:00Z'))).toBe(post);
    expect(calibrationInForce([post], new Date('2020-04-15T00:00:00Z'))).toBe(post);
    expect(calibrationInForce([], new Date('2020-04-15T00:00:00Z'))).toBeUndefined();
  });
});
