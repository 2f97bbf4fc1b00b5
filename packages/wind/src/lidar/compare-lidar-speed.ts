import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { fitThroughOrigin } from '../math/fit-through-origin.ts';
import type { NumericSeries } from '../model/types.ts';
import type { LidarSpeedComparison } from './types.ts';

/**
 * Speed agreement over the paired slots (`pairs[i] === 1`): lidar y on mast x through the origin
 * (slope, R² with the centred total sum of squares) and with an offset (slope, intercept, R² = r²),
 * the means and the mean difference lidar − mast.
 *
 * @example compareLidarSpeed([5, 10], [5.1, 10.2], Uint8Array.of(1, 1)).throughOrigin.slope // 1.02
 */
export function compareLidarSpeed(
  mast: NumericSeries,
  lidar: NumericSeries,
  pairs: Uint8Array,
): LidarSpeedComparison {
  let count = 0;
  for (let i = 0; i < pairs.length; i++) count += pairs[i]!;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  let k = 0;
  let sumX = 0;
  let sumY = 0;
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i] !== 1) continue;
    x[k] = mast[i]!;
    y[k] = lidar[i]!;
    sumX += x[k]!;
    sumY += y[k]!;
    k++;
  }
  const origin = fitThroughOrigin(x, y);
  const offset = fitLinearLeastSquares(x, y);
  return {
    pairCount: count,
    meanLidar: count > 0 ? sumY / count : null,
    meanMast: count > 0 ? sumX / count : null,
    meanDifference: count > 0 ? (sumY - sumX) / count : null,
    throughOrigin: origin ? { slope: origin.slope, rSquared: origin.rSquared } : null,
    withOffset: offset
      ? { slope: offset.slope, intercept: offset.intercept, rSquared: offset.rSquared }
      : null,
  };
}
