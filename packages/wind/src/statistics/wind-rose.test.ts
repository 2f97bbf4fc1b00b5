import { describe, expect, it } from 'vitest';
import { windRose } from './wind-rose.ts';

describe('windRose', () => {
  const speeds = Float64Array.of(5, 5, 10, 0.2);
  const directions = Float64Array.of(0, 90, 90, 180);

  it('windRose(…, { airDensityKgM3: series with a gap }) counts every record, as without a series', () => {
    const withDensity = windRose(speeds, directions, {
      sectors: 4,
      airDensityKgM3: Float64Array.of(1.2, Number.NaN, 1.0, Number.NaN),
    })!;
    const without = windRose(speeds, directions, { sectors: 4 })!;
    expect(withDensity.totalCount).toBe(4);
    expect(withDensity.calmCount).toBe(1);
    expect(withDensity.sectors.map((s) => s.count)).toEqual([1, 2, 0, 0]);
    expect(withDensity.sectors.map((s) => s.count)).toEqual(without.sectors.map((s) => s.count));
    expect(withDensity.sectors.map((s) => s.frequencyPct)).toEqual(
      without.sectors.map((s) => s.frequencyPct),
    );
    expect(withDensity.sectors.map((s) => s.meanSpeedMps)).toEqual(
      without.sectors.map((s) => s.meanSpeedMps),
    );
  });

  it('windRose gives a record without density the period-mean ρ in the energy rose (WIND-ANALYSIS §8.7)', () => {
    // Period mean of the present densities: (1.2 + 1.0) / 2 = 1.1.
    const rose = windRose(speeds, directions, {
      sectors: 4,
      airDensityKgM3: Float64Array.of(1.2, Number.NaN, 1.0, Number.NaN),
    })!;
    const north = 0.5 * 1.2 * 125;
    const east = 0.5 * 1.1 * 125 + 0.5 * 1.0 * 1000;
    expect(rose.sectors[0]!.energyPct).toBeCloseTo((north / (north + east)) * 100, 12);
    expect(rose.sectors[1]!.energyPct).toBeCloseTo((east / (north + east)) * 100, 12);
    expect(rose.sectors[1]!.powerDensityWm2).toBeCloseTo(east / 2, 12);
  });

  it('windRose with a density series that is all missing uses 1.225 kg/m³', () => {
    const rose = windRose(Float64Array.of(10), Float64Array.of(0), {
      sectors: 4,
      airDensityKgM3: Float64Array.of(Number.NaN),
    })!;
    expect(rose.totalCount).toBe(1);
    expect(rose.sectors[0]!.powerDensityWm2).toBeCloseTo(0.5 * 1.225 * 1000, 12);
  });
});
