import { angleDifference } from '../direction/angle-difference.ts';
import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import type { NumericSeries } from '../model/types.ts';
import type { LidarDirectionComparison } from './types.ts';

const RAD = Math.PI / 180;

/**
 * Direction agreement over the paired slots, circular: each lidar direction is unwrapped to the mast's
 * plus the smallest signed difference (359° against 2° counts as −3°, never 357°), then lidar is
 * regressed on mast with an offset (slope, offset, R²); the mean difference is the circular mean of
 * lidar − mast.
 *
 * @example compareLidarDirection([350, 10, 90], [357, 17, 97], Uint8Array.of(1, 1, 1)).offsetDeg // 7
 */
export function compareLidarDirection(
  mast: NumericSeries,
  lidar: NumericSeries,
  pairs: Uint8Array,
): LidarDirectionComparison {
  let count = 0;
  for (let i = 0; i < pairs.length; i++) count += pairs[i]!;
  const x = new Float64Array(count);
  const y = new Float64Array(count);
  let sin = 0;
  let cos = 0;
  let k = 0;
  for (let i = 0; i < pairs.length; i++) {
    if (pairs[i] !== 1) continue;
    const d = angleDifference(lidar[i]!, mast[i]!);
    x[k] = mast[i]!;
    y[k] = mast[i]! + d;
    sin += Math.sin(d * RAD);
    cos += Math.cos(d * RAD);
    k++;
  }
  const fit = fitLinearLeastSquares(x, y);
  return {
    pairCount: count,
    slope: fit ? fit.slope : null,
    offsetDeg: fit ? fit.intercept : null,
    rSquared: fit ? fit.rSquared : null,
    meanDifferenceDeg: count > 0 ? angleDifference(Math.atan2(sin, cos) / RAD, 0) : null,
  };
}
