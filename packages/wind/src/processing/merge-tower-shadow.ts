import { angleDifference } from '../direction/angle-difference.ts';
import type { NumericSeries } from '../model/types.ts';

/** Tower-shadow method (SPEC §9): GB (unshadowed sensor), max value, average value. */
export type TowerShadowMethod = 'gb' | 'max' | 'average';

/**
 * Tower-shadow correction of two anemometers at one height (WIND-ANALYSIS §4). Sensor i on a boom
 * pointing β_i is in the mast wake when |Δ(θ, β_i + c + 180)| ≤ θw (θw = wake half-width, default 30°;
 * c = correction angle in [−15, 15]°, rotating the recorded boom bearings, brightwind `selective_avg`).
 * - `gb`: only sensor 1 shadowed → V2; only sensor 2 → V1; neither (or both) → (V1 + V2)/2; one value
 *   missing → the other. Wake sectors that overlap (|Δ(β1, β2)| < 2θw) are rejected, as brightwind does.
 * - `max`: max(V1, V2); `average`: (V1 + V2)/2 — every record.
 * `choice` records the source per record (0 none, 1 sensor 1, 2 sensor 2, 3 average, 4 max) so the same
 * choice can be applied to sd and max channels with {@link applyTowerShadowChoice}.
 *
 * @param directionDeg wind direction per record (needed by `gb`)
 * @example mergeTowerShadow({ speed1: [6.1], speed2: [7.0], directionDeg: [175], boom1Deg: 0, boom2Deg: 180, method: 'gb' }).values[0] // 7.0
 */
export function mergeTowerShadow(input: {
  speed1: NumericSeries;
  speed2: NumericSeries;
  directionDeg?: NumericSeries;
  boom1Deg: number;
  boom2Deg: number;
  method: TowerShadowMethod;
  correctionAngleDeg?: number;
  wakeHalfWidthDeg?: number;
}): { values: Float64Array; choice: Uint8Array } {
  const { speed1, speed2 } = input;
  const n = speed1.length;
  if (speed2.length !== n || (input.directionDeg && input.directionDeg.length !== n)) {
    throw new Error('mergeTowerShadow requires series of equal length');
  }
  const correction = input.correctionAngleDeg ?? 0;
  if (!(correction >= -15 && correction <= 15))
    throw new Error('mergeTowerShadow requires correctionAngleDeg in [-15, 15]');
  const halfWidth = input.wakeHalfWidthDeg ?? 30;
  if (input.method === 'gb') {
    if (!input.directionDeg) throw new Error('mergeTowerShadow requires directions for the GB method');
    if (Math.abs(angleDifference(input.boom1Deg, input.boom2Deg)) < 2 * halfWidth) {
      throw new Error('mergeTowerShadow requires booms whose wake sectors do not overlap');
    }
  }
  const values = new Float64Array(n);
  const choice = new Uint8Array(n);
  const wake1 = input.boom1Deg + correction + 180;
  const wake2 = input.boom2Deg + correction + 180;
  for (let i = 0; i < n; i++) {
    const v1 = speed1[i]!;
    const v2 = speed2[i]!;
    const has1 = !Number.isNaN(v1);
    const has2 = !Number.isNaN(v2);
    if (!has1 && !has2) {
      values[i] = Number.NaN;
      continue;
    }
    if (!has1 || !has2) {
      values[i] = has1 ? v1 : v2;
      choice[i] = has1 ? 1 : 2;
      continue;
    }
    if (input.method === 'max') {
      values[i] = Math.max(v1, v2);
      choice[i] = 4;
    } else if (input.method === 'average') {
      values[i] = (v1 + v2) / 2;
      choice[i] = 3;
    } else {
      const d = input.directionDeg![i]!;
      const shadow1 = !Number.isNaN(d) && Math.abs(angleDifference(d, wake1)) <= halfWidth;
      const shadow2 = !Number.isNaN(d) && Math.abs(angleDifference(d, wake2)) <= halfWidth;
      if (shadow1 && !shadow2) {
        values[i] = v2;
        choice[i] = 2;
      } else if (shadow2 && !shadow1) {
        values[i] = v1;
        choice[i] = 1;
      } else {
        values[i] = (v1 + v2) / 2;
        choice[i] = 3;
      }
    }
  }
  return { values, choice };
}
