import { type LinearFit, linearFitFrom } from './fit-linear-least-squares.ts';

/** What {@link fitGroupedLines} gives. */
export interface GroupedLines {
  /** fitLinearLeastSquares of each group's pairs. */
  readonly byGroup: ReadonlyArray<LinearFit | undefined>;
  /** Σx of each group, in order (the group's mean x is this over its count). */
  readonly groupSumX: Float64Array;
  /** fitLinearLeastSquares of all pairs. */
  readonly overall: LinearFit | undefined;
  /** fitThroughOrigin of all pairs. */
  readonly throughOrigin: { slope: number; rSquared: number; count: number } | undefined;
}

/**
 * The least-squares lines of pairs grouped in one array (group g at `offsets[g]`…`offsets[g + 1]`, no
 * NaN): every group's, all pairs' and all pairs' through the origin — what fitLinearLeastSquares per
 * group, fitLinearLeastSquares and fitThroughOrigin over all give, in two passes instead of six: each sum
 * adds the same terms in the same order as the function's own pass, so the numbers are the same.
 *
 * @example fitGroupedLines(gx, gy, Int32Array.of(0, 10, 25)).byGroup[1]?.slope
 */
export function fitGroupedLines(gx: Float64Array, gy: Float64Array, offsets: Int32Array): GroupedLines {
  const groups = offsets.length - 1;
  const n = offsets[groups]!;
  const sumX = new Float64Array(groups);
  const sumY = new Float64Array(groups);
  // Pass 1: the sums of every group, of all pairs, and of the through-origin fit.
  let allX = 0;
  let allY = 0;
  let oxy = 0;
  let oxx = 0;
  let oy = 0;
  for (let g = 0; g < groups; g++) {
    let sx = 0;
    let sy = 0;
    for (let j = offsets[g]!; j < offsets[g + 1]!; j++) {
      const x = gx[j]!;
      const y = gy[j]!;
      sx += x;
      sy += y;
      allX += x;
      allY += y;
      oxy += x * y;
      oxx += x * x;
      oy += y;
    }
    sumX[g] = sx;
    sumY[g] = sy;
  }
  const meanX = allX / n;
  const meanY = allY / n;
  const slope0 = oxy / oxx;
  const meanY0 = oy / n;
  const withOrigin = n > 0 && oxx > 0;
  // Pass 2: the centred sums of every group and of all pairs, the residuals of the through-origin fit.
  let axx = 0;
  let ayy = 0;
  let axy = 0;
  let ssRes = 0;
  let ssTot = 0;
  const byGroup: Array<LinearFit | undefined> = [];
  for (let g = 0; g < groups; g++) {
    const count = offsets[g + 1]! - offsets[g]!;
    const mx = sumX[g]! / count;
    const my = sumY[g]! / count;
    let sxx = 0;
    let syy = 0;
    let sxy = 0;
    for (let j = offsets[g]!; j < offsets[g + 1]!; j++) {
      const x = gx[j]!;
      const y = gy[j]!;
      const dx = x - mx;
      const dy = y - my;
      sxx += dx * dx;
      syy += dy * dy;
      sxy += dx * dy;
      const ax = x - meanX;
      const ay = y - meanY;
      axx += ax * ax;
      ayy += ay * ay;
      axy += ax * ay;
      ssRes += (y - slope0 * x) ** 2;
      ssTot += (y - meanY0) ** 2;
    }
    byGroup.push(count < 2 ? undefined : linearFitFrom(count, mx, my, sxx, syy, sxy));
  }
  return {
    byGroup,
    groupSumX: sumX,
    overall: n < 2 ? undefined : linearFitFrom(n, meanX, meanY, axx, ayy, axy),
    throughOrigin: withOrigin
      ? { slope: slope0, rSquared: ssTot > 0 ? 1 - ssRes / ssTot : Number.NaN, count: n }
      : undefined,
  };
}
