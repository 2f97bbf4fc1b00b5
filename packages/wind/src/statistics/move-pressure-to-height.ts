/**
 * Moves a pressure measured at one altitude to another with the ISA barometric relation
 * p2 = p1·[(1 − 2.25577·10⁻⁵·z2)/(1 − 2.25577·10⁻⁵·z1)]^5.25588 (WIND-ANALYSIS §8.5).
 *
 * @param pressureHpa pressure at `fromAltitudeM`, hPa
 * @example movePressureToHeight(1013.25, 0, 1500) // ≈ 845.6 hPa
 */
export function movePressureToHeight(
  pressureHpa: number,
  fromAltitudeM: number,
  toAltitudeM: number,
): number {
  return pressureHpa * ((1 - 2.25577e-5 * toAltitudeM) / (1 - 2.25577e-5 * fromAltitudeM)) ** 5.25588;
}
