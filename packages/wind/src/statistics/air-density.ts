/** Specific gas constant of dry air, J/(kg·K) (IEC 61400-12-1 R0). */
export const GAS_CONSTANT_DRY_AIR = 287.05;
/** Specific gas constant of water vapour, J/(kg·K). */
export const GAS_CONSTANT_WATER_VAPOUR = 461.5;

/**
 * Air density from temperature and pressure (WIND-ANALYSIS §8.5):
 * - dry: ρ = p/(R·T);
 * - humid (IEC 61400-12-1), when `relativeHumidityPct` is given:
 *   ρ = (1/T)·[p/R0 − φ·Pw·(1/R0 − 1/Rw)], Pw = 2.05·10⁻⁵·e^(0.0631846·T) Pa, T in K, φ 0–1.
 *
 * `gasConstant` defaults to 287.05; GB practice uses 287 and brightwind 286.9.
 *
 * @param input.temperatureC air temperature, °C
 * @param input.pressureHpa air pressure, hPa
 * @param input.relativeHumidityPct relative humidity, % (optional)
 * @returns ρ in kg/m³, NaN if an input is NaN
 * @example airDensity({ temperatureC: 10, pressureHpa: 950 }) // ≈ 1.1688
 * @example airDensity({ temperatureC: 10, pressureHpa: 950, relativeHumidityPct: 80 }) // ≈ 1.1643
 */
export function airDensity(input: {
  temperatureC: number;
  pressureHpa: number;
  relativeHumidityPct?: number;
  gasConstant?: number;
}): number {
  const t = input.temperatureC + 273.15;
  const p = input.pressureHpa * 100;
  const r0 = input.gasConstant ?? GAS_CONSTANT_DRY_AIR;
  if (input.relativeHumidityPct === undefined) return p / (r0 * t);
  const phi = input.relativeHumidityPct / 100;
  const pw = 2.05e-5 * Math.exp(0.0631846 * t);
  return (1 / t) * (p / r0 - phi * pw * (1 / r0 - 1 / GAS_CONSTANT_WATER_VAPOUR));
}
