/**
 * A share given as a percentage or a fraction, as a fraction 0–1: above 1 it is read as a percentage
 * (80 → 0.8), otherwise as a fraction already (0.8 → 0.8). Files differ: WindCube `.sta` writes
 * availability in %, the WindCube Nacelle CSV as a fraction (samples/LIDAR.md §6).
 *
 * @example asFraction(80) // 0.8
 * @example asFraction(0.95) // 0.95
 */
export function asFraction(share: number): number {
  return share > 1 ? share / 100 : share;
}
