/**
 * Air density of the standard atmosphere at an altitude, used when a site measures neither T nor p
 * (WIND-ANALYSIS §11): ρ(h) = 1.225·(1 − 2.25577·10⁻⁵·h)^4.25588, kg/m³.
 *
 * @param altitudeM height above sea level, m
 * @example standardAtmosphereDensity(1000) // ≈ 1.1116
 */
export function standardAtmosphereDensity(altitudeM: number): number {
  return 1.225 * (1 - 2.25577e-5 * altitudeM) ** 4.25588;
}
