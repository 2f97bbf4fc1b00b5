import type { NumericSeries } from '../model/types.ts';
import { airDensity } from './air-density.ts';

/**
 * Air density per record from temperature, pressure and optional humidity series (see {@link airDensity});
 * NaN where an input is missing.
 *
 * @param temperatureC °C per record
 * @param pressureHpa hPa per record
 * @param relativeHumidityPct % per record (optional: dry-air formula without it)
 * @example airDensitySeries([15], [1013], undefined, { gasConstant: 286.9 })[0] // ≈ 1.22535 (brightwind calc_air_density)
 */
export function airDensitySeries(
  temperatureC: NumericSeries,
  pressureHpa: NumericSeries,
  relativeHumidityPct?: NumericSeries,
  options: { gasConstant?: number } = {},
): Float64Array {
  const n = temperatureC.length;
  if (pressureHpa.length !== n || (relativeHumidityPct && relativeHumidityPct.length !== n)) {
    throw new Error('airDensitySeries requires series of equal length');
  }
  const out = new Float64Array(n);
  const gasConstant = options.gasConstant;
  for (let i = 0; i < n; i++) {
    out[i] = airDensity({
      temperatureC: temperatureC[i]!,
      pressureHpa: pressureHpa[i]!,
      ...(relativeHumidityPct ? { relativeHumidityPct: relativeHumidityPct[i]! } : {}),
      ...(gasConstant !== undefined ? { gasConstant } : {}),
    });
  }
  return out;
}
