/**
 * Signed smallest difference a − b between two directions, in [−180, 180) degrees
 * (WIND-ANALYSIS §0): Δ(a, b) = ((a − b + 540) mod 360) − 180.
 *
 * @example angleDifference(350, 10) // -20 (never 340)
 */
export function angleDifference(aDeg: number, bDeg: number): number {
  const d = (aDeg - bDeg + 540) % 360;
  return (d < 0 ? d + 360 : d) - 180;
}
