import type { McpValidationBlocks } from './mcp-validation-blocks.ts';

/** A line of one fold: y = slope·x + offset (SpeedSort: from the origin below `cutoff`, else NaN). */
export type McpFoldLine = { slope: number; offset: number; cutoff: number } | undefined;

/** Line of a linear method from centred sums [n, Σx', Σy', Σx'², Σy'², Σx'y'] (x' = x − cx, y' = y − cy). */
function lineFromSums(method: string, s: Float64Array, o: number, cx: number, cy: number): McpFoldLine {
  const n = s[o]!;
  if (n < 2) return undefined;
  const mx = s[o + 1]! / n;
  const my = s[o + 2]! / n;
  const sxx = s[o + 3]! - n * mx * mx;
  const syy = s[o + 4]! - n * my * my;
  const sxy = s[o + 5]! - n * mx * my;
  const meanX = cx + mx;
  const meanY = cy + my;
  if (!(sxx > 0)) return undefined;
  let slope: number;
  if (method === 'ols') slope = sxy / sxx;
  else if (method === 'tls') {
    if (sxy === 0) return undefined;
    slope = (syy - sxx + Math.sqrt((syy - sxx) ** 2 + 4 * sxy * sxy)) / (2 * sxy);
  } else if (method === 'variance_ratio') {
    if (!(syy > 0)) return undefined;
    slope = Math.sign(sxy) * Math.sqrt(syy / sxx);
  } else if (method === 'speed_ratio') {
    if (!(meanX > 0)) return undefined;
    return { slope: meanY / meanX, offset: 0, cutoff: Number.NaN };
  } else {
    // through the origin: Σxy/Σx² from the centred sums
    const rawXy = s[o + 5]! + cy * s[o + 1]! + cx * s[o + 2]! + n * cx * cy;
    const rawXx = s[o + 3]! + 2 * cx * s[o + 1]! + n * cx * cx;
    return rawXx > 0 ? { slope: rawXy / rawXx, offset: 0, cutoff: Number.NaN } : undefined;
  }
  return { slope, offset: meanY - slope * meanX, cutoff: Number.NaN };
}

/**
 * The refits of a linear MCP method (OLS, TLS, variance ratio, speed ratio, through the origin) for a
 * block cross-validation: centred sums per (block, sector) are added once, and a fold's line is the
 * whole sum minus the left-out block's, so each fold costs one pass over the sectors, not the periods.
 *
 * @param sectors S ≥ 1; the returned lines are per sector, index S the all-sector line
 * @internal
 * @example linearLinesOfFold(x, y, blocks, 1, 'ols', mean(x), mean(y))(0)[1]?.slope
 */
export function linearLinesOfFold(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  split: Pick<McpValidationBlocks, 'blocks' | 'block' | 'sector'>,
  sectors: number,
  method: string,
  meanX: number,
  meanY: number,
): (leftOut: number) => McpFoldLine[] {
  const { blocks, block, sector } = split;
  const S = sectors;
  // per (block, sector) centred sums; index (b·(S+1) + s)·6, s = S is the all-sector sum
  const W = S + 1;
  const sums = new Float64Array((blocks + 1) * W * 6);
  for (let i = 0; i < x.length; i++) {
    const dx = x[i]! - meanX;
    const dy = y[i]! - meanY;
    for (const s of [sector[i]!, S]) {
      for (const b of [block[i]!, blocks]) {
        const o = (b * W + s) * 6;
        sums[o]! += 1;
        sums[o + 1]! += dx;
        sums[o + 2]! += dy;
        sums[o + 3]! += dx * dx;
        sums[o + 4]! += dy * dy;
        sums[o + 5]! += dx * dy;
      }
    }
  }
  const fold = new Float64Array(W * 6);
  return (b) => {
    for (let k = 0; k < W * 6; k++) fold[k] = sums[blocks * W * 6 + k]! - sums[b * W * 6 + k]!;
    const lines: McpFoldLine[] = [];
    for (let s = 0; s <= S; s++) lines.push(lineFromSums(method, fold, s * 6, meanX, meanY));
    return lines;
  };
}
