import { describe, expect, it } from 'vitest';
import type { CalendarIndex } from '../model/types.ts';
import { extrapolateLogLaw } from './extrapolate-log-law.ts';
import { extrapolatePowerLaw } from './extrapolate-power-law.ts';
import { fitLogLawRoughness } from './fit-log-law-roughness.ts';
import { fitPowerLawExponent } from './fit-power-law-exponent.ts';
import { shearExponentSeries } from './shear-exponent-series.ts';
import { windShear } from './wind-shear.ts';

describe('vertical extrapolation (WIND-ANALYSIS §6 worked example)', () => {
  it('fitPowerLawExponent(6.0 m/s at 30 m, 6.9 m/s at 70 m) = 0.1650; V100 = 7.318 by the power law', () => {
    const alpha = fitPowerLawExponent([30, 70], [6.0, 6.9])!;
    expect(alpha).toBeCloseTo(0.165, 4);
    expect(alpha).toBeCloseTo(Math.log(6.9 / 6.0) / Math.log(70 / 30), 12);
    expect(extrapolatePowerLaw(6.0, 30, 100, alpha)).toBeCloseTo(7.318, 3);
  });

  it('fitLogLawRoughness(same) → z0 = 0.1057 m; V100 = 7.279 by the log law', () => {
    const z0 = fitLogLawRoughness([30, 70], [6.0, 6.9])!;
    expect(z0).toBeCloseTo(0.1057, 4);
    expect(Math.log(z0)).toBeCloseTo((6.9 * Math.log(30) - 6.0 * Math.log(70)) / (6.9 - 6.0), 12);
    expect(extrapolateLogLaw(6.0, 30, 100, z0)).toBeCloseTo(7.279, 3);
  });

  it('fitPowerLawExponent over 10/30/50/70 m with 5.0/6.0/6.5/6.9 m/s = 0.1647', () => {
    expect(fitPowerLawExponent([10, 30, 50, 70], [5.0, 6.0, 6.5, 6.9])).toBeCloseTo(0.1647, 4);
  });

  it('extrapolatePowerLaw defaults to α = 1/7 without a second height', () => {
    expect(extrapolatePowerLaw(5, 10, 70)).toBeCloseTo(5 * 7 ** (1 / 7), 12);
    expect(() => extrapolatePowerLaw(5, 0, 70)).toThrow('extrapolatePowerLaw requires');
    expect(() => extrapolateLogLaw(5, 10, 70, 0)).toThrow('extrapolateLogLaw requires');
  });

  it('fitPowerLawExponent skips non-positive speeds (log undefined) and needs two heights', () => {
    expect(fitPowerLawExponent([10, 30, 70], [0, 6.0, 6.9])).toBeCloseTo(0.165, 4);
    expect(fitPowerLawExponent([10, 30], [0, 6.0])).toBeUndefined();
    expect(fitPowerLawExponent([30, 30], [5, 6])).toBeUndefined();
    expect(fitLogLawRoughness([30, 70], [6, 6])).toBeUndefined();
  });
});

describe('windShear', () => {
  const v70 = Float64Array.from({ length: 40 }, (_, i) => (i < 39 ? 6.9 : Number.NaN));
  const v30 = Float64Array.from({ length: 40 }, () => 6.0);

  it('windShear uses only records where every height is above 3 m/s and present', () => {
    const shear = windShear([v70, v30], [70, 30])!;
    expect(shear.overall.count).toBe(39);
    expect(shear.overall.exponent).toBeCloseTo(0.165, 4);
    expect(shear.overall.roughnessM).toBeCloseTo(0.1057, 4);
  });

  it('windShear leaves a cell blank below minCount (default 30)', () => {
    const short = windShear([v70.subarray(0, 10), v30.subarray(0, 10)], [70, 30])!;
    expect(short.overall.exponent).toBeUndefined();
    expect(
      windShear([v70.subarray(0, 10), v30.subarray(0, 10)], [70, 30], { minCount: 1 })!.overall.exponent,
    ).toBeCloseTo(0.165, 4);
  });

  it('windShear gives an hour the mean of its monthly α (brightwind TimeOfDay), not one fit of all months pooled', () => {
    // Hour 0 only: 60 January records with α = 0.1 and 30 July records with α = 0.3 (70 m over 30 m).
    const n = 90;
    const ratio = (alpha: number) => (70 / 30) ** alpha;
    const v30n = Float64Array.from({ length: n }, () => 6);
    const v70n = Float64Array.from({ length: n }, (_, i) => 6 * ratio(i < 60 ? 0.1 : 0.3));
    const calendar = {
      hourOfDay: new Uint8Array(n),
      monthOfYear: Uint8Array.from({ length: n }, (_, i) => (i < 60 ? 1 : 7)),
    } as unknown as CalendarIndex;
    const shear = windShear([v70n, v30n], [70, 30], { calendar })!;
    expect(shear.byMonthHour![0]![0]).toBeCloseTo(0.1, 6);
    expect(shear.byMonthHour![6]![0]).toBeCloseTo(0.3, 6);
    expect(shear.byHour![0]!.exponent).toBeCloseTo(0.2, 6);
    expect(shear.byHour![0]!.count).toBe(90);
    // The pooled fit would weight January twice: ≈ 0.166, not 0.2.
    expect(shear.overall.exponent).toBeLessThan(0.18);
    expect(shear.byHour![1]!.exponent).toBeUndefined();
  });

  it('windShear of all-calm or all-missing data is undefined and rejects one height', () => {
    expect(windShear([new Float64Array(5).fill(2), new Float64Array(5).fill(2)], [70, 30])).toBeUndefined();
    expect(windShear([new Float64Array(0), new Float64Array(0)], [70, 30])).toBeUndefined();
    expect(() => windShear([v30], [30])).toThrow('windShear requires at least two heights');
  });

  it('shearExponentSeries gives α per record and NaN where a height is calm or missing', () => {
    const alpha = shearExponentSeries(
      [
        [6.9, 2.0, Number.NaN],
        [6.0, 5.0, 5.0],
      ],
      [70, 30],
    );
    expect(alpha[0]).toBeCloseTo(0.165, 4);
    expect(alpha[1]).toBeNaN();
    expect(alpha[2]).toBeNaN();
  });
});
