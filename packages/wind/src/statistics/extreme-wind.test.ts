import { describe, expect, it } from 'vitest';
import { extrapolatePowerLaw } from '../shear/extrapolate-power-law.ts';
import { extremeWind } from './extreme-wind.ts';
import { extremeWindModel } from './extreme-wind-model.ts';
import { fitGumbel } from './fit-gumbel.ts';

const MAXIMA = [22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9];

describe('extreme wind (WIND-ANALYSIS §8.9 worked example)', () => {
  it('fitGumbel(annual maxima, moments n→∞) → u = 22.290, 1/α = 2.010, V50 = 30.13', () => {
    const fit = fitGumbel(MAXIMA)!;
    expect(fit.locationMps).toBeCloseTo(22.29, 2);
    expect(fit.scaleMps).toBeCloseTo(2.01, 2);
    expect(fit.returnValueMps).toBeCloseTo(30.13, 2);
  });

  it('fitGumbel(annual maxima, moments for n = 10) → V50 = 32.70 (C1, C2 computed, not tabulated)', () => {
    expect(fitGumbel(MAXIMA, { method: 'moments-finite' })!.returnValueMps).toBeCloseTo(32.7, 2);
  });

  it('fitGumbel(annual maxima, Gringorten) → u = 22.298, 1/α = 2.130, V50 = 30.61', () => {
    const fit = fitGumbel(MAXIMA, { method: 'gringorten' })!;
    expect(fit.locationMps).toBeCloseTo(22.298, 3);
    expect(fit.scaleMps).toBeCloseTo(2.13, 3);
    expect(fit.returnValueMps).toBeCloseTo(30.61, 2);
  });

  it('fitGumbel needs 3 values with spread and a return period above 1 year', () => {
    expect(fitGumbel([20, 21])).toBeUndefined();
    expect(fitGumbel([20, 20, 20])).toBeUndefined();
    expect(fitGumbel([Number.NaN, 20, 21, 22])!.count).toBe(3);
    expect(() => fitGumbel(MAXIMA, { returnPeriodYears: 1 })).toThrow('fitGumbel requires returnPeriodYears');
  });

  it('extremeWind(V̄ = 7.2 m/s) → fivefoldMax 36.0, ewmMax 50.4', () => {
    const row = extremeWind({ heightM: 90, meanSpeedMps: 7.2, maxSpeedMps: 25.1 });
    expect(row.fivefoldMax).toBeCloseTo(36, 10);
    expect(row.ewmMax).toBeCloseTo(50.4, 10);
    expect(row.max).toBe(25.1);
    expect(extremeWind({ heightM: 90, meanSpeedMps: 7.2, fiftyYearSpeedMps: 30.13 }).ewmMax).toBeCloseTo(
      42.182,
      3,
    );
  });

  it('extremeWindModel(V_ref 36, hub 90 m) → 50.4 at 90 m, 52.02 at 120 m, Ve1 40.32', () => {
    const hub = extremeWindModel(36, 90, 90);
    expect(hub.steady50).toBeCloseTo(50.4, 10);
    expect(hub.steady1).toBeCloseTo(40.32, 10);
    expect(hub.turbulent50).toBeCloseTo(36, 10);
    expect(extremeWindModel(36, 90, 120).steady50).toBeCloseTo(52.02, 2);
    expect(() => extremeWindModel(36, 0, 90)).toThrow('extremeWindModel requires');
  });

  it('a 10-min V50 of 33.0 m/s at 70 m transfers with α = 0.11 to 33.92 at 90 m', () => {
    expect(extrapolatePowerLaw(33, 70, 90, 0.11)).toBeCloseTo(33.92, 2);
  });
});
