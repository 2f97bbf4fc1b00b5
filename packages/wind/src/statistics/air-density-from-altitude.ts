import { airDensity } from './air-density.ts';
import { standardAtmospherePressure } from './standard-atmosphere-pressure.ts';

/**
 * Air density when no pressure is measured (WIND-ANALYSIS §8.5):
 * - `isa` (default): ISA pressure at the altitude, then ρ = p/(R·T) with the measured T (R = 287.05);
 * - `chinese`: ρ = (353.05/T)·e^(−0.034·z/T), T in K.
 *
 * @param altitudeM height above sea level, m
 * @param temperatureC measured air temperature, °C
 * @example airDensityFromAltitude(1500, 10) // ≈ 1.0403
 * @example airDensityFromAltitude(1500, 10, 'chinese') // ≈ 1.0413
 */
export function airDensityFromAltitude(
  altitudeM: number,
  temperatureC: number,
  method: 'isa' | 'chinese' = 'isa',
): number {
  if (method === 'chinese') {
    const t = temperatureC + 273.15;
    return (353.05 / t) * Math.exp((-0.034 * altitudeM) / t);
  }
  return airDensity({ temperatureC, pressureHpa: standardAtmospherePressure(altitudeM) });
}
