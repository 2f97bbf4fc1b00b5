import type { NumericSeries } from '../model/types.ts';

/**
 * Standard deviation of wind directions by the Yamartino (1984) estimator, degrees (single pass, no
 * unwrapping): with s̄ and c̄ the means of sin θ and cos θ over the present directions,
 * ε = √(1 − (s̄² + c̄²)) and σθ = arcsin(ε)·(1 + (2/√3 − 1)·ε³).
 * Yamartino, R. J. (1984), "A comparison of several 'single-pass' estimators of the standard deviation of
 * wind direction", J. Climate Appl. Meteor. 23, 1362–1366.
 *
 * @returns undefined without a direction (NaN values are skipped)
 * @example yamartinoSd([350, 10]) // 10.0…
 */
export function yamartinoSd(directionsDeg: NumericSeries): number | undefined {
  const toRad = Math.PI / 180;
  let sumSin = 0;
  let sumCos = 0;
  let count = 0;
  for (let i = 0; i < directionsDeg.length; i++) {
    const d = directionsDeg[i]!;
    if (Number.isNaN(d)) continue;
    sumSin += Math.sin(d * toRad);
    sumCos += Math.cos(d * toRad);
    count++;
  }
  if (count === 0) return undefined;
  const s = sumSin / count;
  const c = sumCos / count;
  // s̄² + c̄² ≤ 1 up to rounding: clamp so ε stays real for identical directions.
  const epsilon = Math.sqrt(Math.max(0, 1 - (s * s + c * c)));
  return (Math.asin(Math.min(1, epsilon)) / toRad) * (1 + (2 / Math.sqrt(3) - 1) * epsilon ** 3);
}
