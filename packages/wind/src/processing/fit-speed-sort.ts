import type { NumericSeries } from '../model/types.ts';

/**
 * SpeedSort line (King & Hurley 2005; WIND-ANALYSIS §7; brightwind `SpeedSort` within one sector):
 * sort reference x and target y independently, drop the lowest entries of both up to the first
 * x ≥ cutoff = min(0.5·mean x, 4 m/s) (brightwind uses 0.5·MOMM of the reference — pass
 * `referenceCutoffMps` to match), split the remaining sorted pairs into lower and upper halves and draw
 * the line through the two half-means. Below the cutoff the line runs from the origin to the line's
 * value at the cutoff (`predict`). Veer handling of brightwind's SpeedSort is not part of this fit.
 *
 * @returns slope, intercept, cutoff and count of points used; undefined with < 2 points above the cutoff
 * @example fitSpeedSort(ref, target).predict(8)
 */
export function fitSpeedSort(
  referenceMps: NumericSeries,
  targetMps: NumericSeries,
  options: { referenceCutoffMps?: number } = {},
):
  | { slope: number; intercept: number; cutoffMps: number; count: number; predict: (x: number) => number }
  | undefined {
  if (referenceMps.length !== targetMps.length)
    throw new Error('fitSpeedSort requires series of equal length');
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < referenceMps.length; i++) {
    const x = referenceMps[i]!;
    const y = targetMps[i]!;
    if (Number.isNaN(x) || Number.isNaN(y)) continue;
    xs.push(x);
    ys.push(y);
  }
  if (xs.length < 2) return undefined;
  const cutoff = options.referenceCutoffMps ?? Math.min((0.5 * xs.reduce((a, b) => a + b, 0)) / xs.length, 4);
  xs.sort((a, b) => a - b);
  ys.sort((a, b) => a - b);
  let first = 0;
  while (first < xs.length && xs[first]! < cutoff) first++;
  const x = xs.slice(first);
  const y = ys.slice(first);
  if (x.length < 2) return undefined;
  const half = Math.floor(x.length / 2);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const x1 = mean(x.slice(0, half));
  const y1 = mean(y.slice(0, half));
  const x2 = mean(x.slice(half));
  const y2 = mean(y.slice(half));
  if (x2 === x1) return undefined;
  const slope = (y2 - y1) / (x2 - x1);
  const intercept = y1 - slope * x1;
  const atCutoff = intercept + slope * cutoff;
  return {
    slope,
    intercept,
    cutoffMps: cutoff,
    count: x.length,
    predict: (v: number) =>
      v >= cutoff ? intercept + slope * v : cutoff > 0 ? (atCutoff / cutoff) * v : intercept,
  };
}
