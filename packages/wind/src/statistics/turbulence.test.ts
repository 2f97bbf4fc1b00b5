import { describe, expect, it } from 'vitest';
import { classifyTurbulence } from './classify-turbulence.ts';
import { iecTurbulenceIntensity } from './iec-turbulence-intensity.ts';
import { turbulenceIntensityBySpeed } from './turbulence-intensity-by-speed.ts';

describe('turbulence intensity (WIND-ANALYSIS §8.4)', () => {
  const u = [14.6, 14.9, 15.0, 15.2, 15.4];
  const sigma = [1.45, 1.8, 1.6, 2.1, 1.55];

  it('turbulenceIntensityBySpeed(bin 15 example) → mean 0.1131, sd 0.0164, rep 0.1341, σ-based 0.1353', () => {
    const table = turbulenceIntensityBySpeed(u, sigma)!;
    expect(table.bins).toHaveLength(1);
    const bin = table.bins[0]!;
    expect(bin.centreMps).toBe(15);
    expect(bin.count).toBe(5);
    expect(bin.meanTi).toBeCloseTo(0.1131, 4);
    expect(bin.sdTi).toBeCloseTo(0.0164, 4);
    expect(bin.representativeTi).toBeCloseTo(0.1341, 4);
    expect(bin.iecRepresentativeTi).toBeCloseTo(0.1353, 4);
  });

  it('classifyTurbulence(0.1341 at 15 m/s) → below class C; GB grade moderate', () => {
    expect(classifyTurbulence(0.1341)).toEqual({ iecCategory: 'C', gbGrade: 'moderate' });
    expect(classifyTurbulence(0.09)).toEqual({ iecCategory: 'C', gbGrade: 'low' });
    expect(classifyTurbulence(0.17).iecCategory).toBe('A');
    expect(classifyTurbulence(0.3)).toEqual({ iecCategory: 'above A+', gbGrade: 'high' });
  });

  it('iecTurbulenceIntensity at 15 m/s: A+ 0.2022, A 0.1797, B 0.1573, C 0.1348', () => {
    expect(iecTurbulenceIntensity(15, 'A+')).toBeCloseTo(0.2022, 4);
    expect(iecTurbulenceIntensity(15, 'A')).toBeCloseTo(0.1797, 4);
    expect(iecTurbulenceIntensity(15, 'B')).toBeCloseTo(0.1573, 4);
    expect(iecTurbulenceIntensity(15, 'C')).toBeCloseTo(0.1348, 4);
    // @ts-expect-error testing a caller mistake
    expect(() => iecTurbulenceIntensity(15, 'D')).toThrow('iecTurbulenceIntensity requires category');
  });

  it('turbulenceIntensityBySpeed skips speeds below 3 m/s and missing σ; empty → undefined', () => {
    expect(turbulenceIntensityBySpeed([2.9, Number.NaN, 5], [0.5, 0.5, Number.NaN])).toBeUndefined();
    expect(turbulenceIntensityBySpeed([], [])).toBeUndefined();
    const single = turbulenceIntensityBySpeed([3, 2], [0.3, 0.2])!;
    expect(single.overall.count).toBe(1);
    expect(single.bins[0]!.sdTi).toBeNaN();
    expect(() => turbulenceIntensityBySpeed([1], [])).toThrow('turbulenceIntensityBySpeed requires');
  });
});
