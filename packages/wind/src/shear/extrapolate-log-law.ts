/**
 * Log-law vertical extrapolation V2 = V1·ln(z2/z0)/ln(z1/z0) (WIND-ANALYSIS §6).
 *
 * @param roughnessM z0, m
 * @example extrapolateLogLaw(6.0, 30, 100, 0.1057) // ≈ 7.279
 */
export function extrapolateLogLaw(
  speedMps: number,
  fromHeightM: number,
  toHeightM: number,
  roughnessM: number,
): number {
  if (!(fromHeightM > roughnessM) || !(toHeightM > roughnessM) || !(roughnessM > 0)) {
    throw new Error('extrapolateLogLaw requires heights above a positive roughness length');
  }
  return (speedMps * Math.log(toHeightM / roughnessM)) / Math.log(fromHeightM / roughnessM);
}
