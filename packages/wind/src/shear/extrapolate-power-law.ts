/**
 * Power-law vertical extrapolation V2 = V1·(z2/z1)^α (WIND-ANALYSIS §6). Default α = 1/7 when no
 * second height is available (NB/T 31147 note).
 *
 * @param speedMps V1 at `fromHeightM`
 * @example extrapolatePowerLaw(6.0, 30, 100, 0.16502) // ≈ 7.318
 */
export function extrapolatePowerLaw(
  speedMps: number,
  fromHeightM: number,
  toHeightM: number,
  exponent = 1 / 7,
): number {
  if (!(fromHeightM > 0) || !(toHeightM > 0))
    throw new Error('extrapolatePowerLaw requires positive heights');
  return speedMps * (toHeightM / fromHeightM) ** exponent;
}
