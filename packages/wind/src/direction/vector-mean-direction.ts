import type { NumericSeries } from '../model/types.ts';

/**
 * Vector mean of directions (WIND-ANALYSIS §0): θ̄ = atan2(mean sin θ, mean cos θ) mod 360,
 * optionally weighted by speed. Pairs with a missing direction (or weight) are skipped.
 * Like brightwind, returns undefined when both means round to 0 at 5 decimals (no defined mean).
 *
 * @param weights optional weights (e.g. speeds), same length as directions
 * @example vectorMeanDirection([350, 10, 20]) // ≈ 6.70 (the arithmetic 126.7 would be wrong)
 */
export function vectorMeanDirection(
  directionsDeg: NumericSeries,
  weights?: NumericSeries,
): number | undefined {
  if (weights && weights.length !== directionsDeg.length) {
    throw new Error('vectorMeanDirection requires weights to match directions in length');
  }
  let sumSin = 0;
  let sumCos = 0;
  let count = 0;
  const toRad = Math.PI / 180;
  for (let i = 0; i < directionsDeg.length; i++) {
    const d = directionsDeg[i]!;
    const w = weights ? weights[i]! : 1;
    if (Number.isNaN(d) || Number.isNaN(w)) continue;
    sumSin += w * Math.sin(d * toRad);
    sumCos += w * Math.cos(d * toRad);
    count++;
  }
  if (count === 0) return undefined;
  const meanSin = sumSin / count;
  const meanCos = sumCos / count;
  if (Math.round(meanSin * 1e5) === 0 && Math.round(meanCos * 1e5) === 0) return undefined;
  const angle = (Math.atan2(meanSin, meanCos) * 180) / Math.PI;
  return angle < 0 ? (angle + 360) % 360 : angle;
}
