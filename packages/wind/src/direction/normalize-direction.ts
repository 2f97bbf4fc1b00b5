/**
 * Direction folded into [0, 360) degrees; 360 becomes 0 (EXPORTS common conventions). NaN stays NaN.
 *
 * @example normalizeDirection(360) // 0
 * @example normalizeDirection(-15) // 345
 */
export function normalizeDirection(directionDeg: number): number {
  const d = directionDeg % 360;
  return d < 0 ? d + 360 : d + 0;
}
