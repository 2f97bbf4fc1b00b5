import { describe, expect, it } from 'vitest';
import { airDensity } from './air-density.ts';
import { airDensityFromAltitude } from './air-density-from-altitude.ts';
import { airDensitySeries } from './air-density-series.ts';
import { movePressureToHeight } from './move-pressure-to-height.ts';
import { standardAtmospherePressure } from './standard-atmosphere-pressure.ts';

describe('air density (WIND-ANALYSIS §8.5 worked examples)', () => {
  it('airDensity(10 °C, 950 hPa) = 1.1688 dry; with RH 80 % = 1.1643 (Pw = 1206.7 Pa)', () => {
    expect(airDensity({ temperatureC: 10, pressureHpa: 950 })).toBeCloseTo(1.1688, 4);
    expect(airDensity({ temperatureC: 10, pressureHpa: 950, relativeHumidityPct: 80 })).toBeCloseTo(
      1.1643,
      4,
    );
    expect(2.05e-5 * Math.exp(0.0631846 * 283.15)).toBeCloseTo(1206.7, 1);
  });

  it('standardAtmospherePressure(1500 m) = 845.6 hPa; airDensityFromAltitude(1500, 10 °C) = 1.0403 ISA, 1.0413 Chinese', () => {
    expect(standardAtmospherePressure(1500)).toBeCloseTo(845.6, 1);
    expect(airDensityFromAltitude(1500, 10)).toBeCloseTo(1.0403, 4);
    expect(airDensityFromAltitude(1500, 10, 'chinese')).toBeCloseTo(1.0413, 4);
  });

  it('movePressureToHeight is consistent with the ISA pressure and reversible', () => {
    expect(movePressureToHeight(1013.25, 0, 1500)).toBeCloseTo(standardAtmospherePressure(1500), 9);
    expect(movePressureToHeight(movePressureToHeight(900, 100, 400), 400, 100)).toBeCloseTo(900, 9);
  });

  it('airDensitySeries(15 °C, 1013 hPa, R = 286.9) = 1.22535 (brightwind calc_air_density test)', () => {
    expect(airDensitySeries([15], [1013], undefined, { gasConstant: 286.9 })[0]).toBeCloseTo(
      1.2253503331640465,
      12,
    );
    expect(airDensitySeries([Number.NaN, 10], [950, Number.NaN])).toSatisfy((s: Float64Array) =>
      s.every(Number.isNaN),
    );
    expect(() => airDensitySeries([1], [])).toThrow('airDensitySeries requires');
  });
});
