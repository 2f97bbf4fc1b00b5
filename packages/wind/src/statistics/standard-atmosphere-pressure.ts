/**
 * ISA pressure at a height above sea level, p = 101325·(1 − 2.25577·10⁻⁵·z)^5.25588 Pa, returned in hPa
 * (WIND-ANALYSIS §8.5, used when no pressure is measured).
 *
 * @param altitudeM height above sea level, m
 * @example standardAtmospherePressure(1500) // ≈ 845.6 hPa
 */
export function standardAtmospherePressure(altitudeM: number): number {
  return (101325 * (1 - 2.25577e-5 * altitudeM) ** 5.25588) / 100;
}
