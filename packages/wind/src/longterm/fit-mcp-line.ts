import { fitLinearLeastSquares } from '../math/fit-linear-least-squares.ts';
import { fitOrthogonalLeastSquares } from '../math/fit-orthogonal-least-squares.ts';
import { fitThroughOrigin } from '../math/fit-through-origin.ts';
import { fitVarianceRatio } from '../math/fit-variance-ratio.ts';
import type { NumericSeries } from '../model/types.ts';
import type { McpLine, McpMethod } from './types.ts';

/** brightwind's r² for any line: 1 − Σ(y − (slope·x + offset))²/Syy (vertical residuals). */
function rSquaredOf(x: NumericSeries, y: NumericSeries, slope: number, offset: number, syy: number): number {
  let rss = 0;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    const e = yi - (slope * xi + offset);
    rss += e * e;
  }
  return syy > 0 ? 1 - rss / syy : Number.NaN;
}

/**
 * One MCP line on concurrent pairs (WIND-ANALYSIS §7, §13) for the methods that are a straight line over all
 * pairs: OLS (Sxy/Sxx), orthogonal / total least squares (the closed form of scipy ODR's linear fit),
 * variance ratio (sign(r)·s_y/s_x), speed ratio (ȳ/x̄, offset 0) and OLS through the origin (Σxy/Σx²).
 * SpeedSort is {@link fitSpeedSortLine}.
 *
 * @returns undefined with fewer than 2 pairs or no spread in x
 * @internal
 * @example fitMcpLine([5, 7, 6, 9, 4, 8], [6, 8.5, 7, 11, 5, 9.5], 'ols')?.slope // 1.2
 */
export function fitMcpLine(
  x: NumericSeries,
  y: NumericSeries,
  method: Exclude<McpMethod, 'speed_sort'> | 'ols_through_origin',
): McpLine | undefined {
  const ols = fitLinearLeastSquares(x, y);
  if (!ols) return undefined;
  let slope: number;
  let offset: number;
  if (method === 'ols') {
    slope = ols.slope;
    offset = ols.intercept;
  } else if (method === 'tls') {
    const tls = fitOrthogonalLeastSquares(x, y);
    if (!tls) return undefined;
    slope = tls.slope;
    offset = tls.intercept;
  } else if (method === 'variance_ratio') {
    const vr = fitVarianceRatio(x, y);
    if (!vr) return undefined;
    slope = vr.slope;
    offset = vr.intercept;
  } else if (method === 'speed_ratio') {
    if (!(ols.meanX > 0)) return undefined;
    slope = ols.meanY / ols.meanX;
    offset = 0;
  } else {
    const origin = fitThroughOrigin(x, y);
    if (!origin) return undefined;
    slope = origin.slope;
    offset = 0;
  }
  return {
    count: ols.count,
    slope,
    offset,
    rSquared:
      method === 'ols'
        ? 1 - (ols.syy - ols.slope * ols.sxy) / ols.syy
        : rSquaredOf(x, y, slope, offset, ols.syy),
  };
}
