import { speedSortFromSorted } from './speed-sort-from-sorted.ts';
import type { McpLine } from './types.ts';

/**
 * SpeedSort line of one sector as brightwind defines it (King & Hurley 2005; reference/brightwind-mcp/
 * METHODS.md §5): reference and target speeds sorted each on its own; the first i₀ entries of both dropped,
 * i₀ = the first index with x ≥ cutoff (0 when none reaches it); the kept m entries split at ⌊m/2⌋ and the
 * line drawn through the means of the two halves. Below the cutoff the prediction runs from the origin.
 *
 * @param cutoffMps c = min(0.5·L, 4) with L the long-term reference speed
 * @returns undefined when fewer than 2 entries remain (brightwind: NaN)
 * @internal
 * @example fitSpeedSortLine([3, 5, 7, 9], [4, 6, 8, 10], 2).slope // 1
 */
export function fitSpeedSortLine(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  cutoffMps: number,
): McpLine | undefined {
  const n = x.length;
  const xs = Float64Array.from(x).sort();
  const ys = Float64Array.from(y).sort();
  const line = speedSortFromSorted(xs, ys, cutoffMps);
  if (!line) return undefined;
  const { slope, offset, first, kept: m } = line;
  // r² of the line on the time-paired data, with brightwind's formula
  let my = 0;
  for (let i = 0; i < n; i++) my += y[i]!;
  my /= n;
  let rss = 0;
  let syy = 0;
  const atCutoff = slope * cutoffMps + offset;
  for (let i = 0; i < n; i++) {
    const xi = x[i]!;
    const p = xi >= cutoffMps ? slope * xi + offset : cutoffMps > 0 ? (atCutoff * xi) / cutoffMps : offset;
    rss += (y[i]! - p) ** 2;
    syy += (y[i]! - my) ** 2;
  }
  return {
    count: m,
    slope,
    offset,
    rSquared: syy > 0 ? 1 - rss / syy : Number.NaN,
    cutoffMps,
    targetCutoffMps: ys[first]!,
  };
}
