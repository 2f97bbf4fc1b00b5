import { angleDifference } from '../direction/angle-difference.ts';

/**
 * Whether a sensor on a boom pointing `boomDeg` is in the mast's wake for wind from `directionDeg`
 * (WIND-ANALYSIS §4): |Δ(θ, β + 180)| ≤ half-width. Unknown boom or direction → false.
 *
 * @example isInWake(175, 0, 30) // true
 */
export function isInWake(directionDeg: number, boomDeg: number | undefined, halfWidthDeg: number): boolean {
  if (boomDeg === undefined || Number.isNaN(directionDeg)) return false;
  return Math.abs(angleDifference(directionDeg, boomDeg + 180)) <= halfWidthDeg;
}
