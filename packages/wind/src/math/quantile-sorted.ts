/**
 * Quantile of an ascending-sorted array with linear interpolation between order statistics
 * (numpy/pandas default "linear": position p·(n − 1)).
 *
 * @internal
 * @returns the quantile, or undefined for an empty array
 * @example quantileSorted([1, 2, 3, 4], 0.9) // 3.7
 */
export function quantileSorted(sorted: ArrayLike<number>, p: number): number | undefined {
  const n = sorted.length;
  if (n === 0) return undefined;
  const position = p * (n - 1);
  const lower = Math.floor(position);
  const upper = Math.min(lower + 1, n - 1);
  const fraction = position - lower;
  return sorted[lower]! + (sorted[upper]! - sorted[lower]!) * fraction;
}
