/**
 * IEC 61400-1 ed.3/4 extreme wind model at height z (WIND-ANALYSIS §8.9):
 * steady Ve50(z) = 1.4·V_ref·(z/z_hub)^0.11, Ve1 = 0.8·Ve50; turbulent V50(z) = V_ref·(z/z_hub)^0.11.
 *
 * @param referenceSpeedMps V_ref (IEC class I/II/III: 50/42.5/37.5 m/s)
 * @param hubHeightM z_hub
 * @param heightM z
 * @example extremeWindModel(36, 90, 120).steady50 // ≈ 52.02
 */
export function extremeWindModel(
  referenceSpeedMps: number,
  hubHeightM: number,
  heightM: number,
): { steady50: number; steady1: number; turbulent50: number } {
  if (!(hubHeightM > 0) || !(heightM > 0)) throw new Error('extremeWindModel requires positive heights');
  const profile = (heightM / hubHeightM) ** 0.11;
  const steady50 = 1.4 * referenceSpeedMps * profile;
  return { steady50, steady1: 0.8 * steady50, turbulent50: referenceSpeedMps * profile };
}
