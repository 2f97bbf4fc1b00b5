import type { NumericSeries } from '../model/types.ts';
import { normalizeDirection } from './normalize-direction.ts';

/**
 * Vane calibration (WIND-ANALYSIS §1): θ_true = (θ_logged + offset) mod 360, NaN kept.
 *
 * @param offsetDeg vane offset in degrees
 * @example applyVaneOffset([350, 10], 15) // Float64Array [5, 25]
 */
export function applyVaneOffset(directionsDeg: NumericSeries, offsetDeg: number): Float64Array {
  const out = new Float64Array(directionsDeg.length);
  for (let i = 0; i < out.length; i++) out[i] = normalizeDirection(directionsDeg[i]! + offsetDeg);
  return out;
}
