import type { NumericSeries } from '../model/types.ts';

/**
 * Speed-sort line (WIND-ANALYSIS §7, King & Hurley 2005; brightwind `SpeedSort`): sort x and y apart,
 * drop the lowest pairs up to the first x ≥ cutoff = min(0.5·mean x, 4 m/s), and draw the line through
 * the means of the lower and upper halves of what is left. Below the cutoff the prediction is the line
 * from the origin to the fitted line's value at the cutoff (see {@link speedSortPredict}).
 *
 * @returns slope, intercept, cutoff and count; undefined with fewer than 4 pairs above the cutoff
 */
export function fitSpeedSort(
  x: NumericSeries,
  y: NumericSeries,
): { slope: number; intercept: number; cutoffMps: number; count: number } | undefined {
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < x.length; i++) {
    if (Number.isNaN(x[i]!) || Number.isNaN(y[i]!)) continue;
    xs.push(x[i]!);
    ys.push(y[i]!);
  }
  if (xs.length < 4) return undefined;
  xs.sort((a, b) => a - b);
  ys.sort((a, b) => a - b);
  const meanX = xs.reduce((s, v) => s + v, 0) / xs.length;
  const cutoffMps = Math.min(0.5 * meanX, 4);
  const start = xs.findIndex((v) => v >= cutoffMps);
  if (start < 0 || xs.length - start < 4) return undefined;
  const keptX = xs.slice(start);
  const keptY = ys.slice(start);
  const half = Math.floor(keptX.length / 2);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const x1 = mean(keptX.slice(0, half));
  const y1 = mean(keptY.slice(0, half));
  const x2 = mean(keptX.slice(half));
  const y2 = mean(keptY.slice(half));
  if (!(x2 > x1)) return undefined;
  const slope = (y2 - y1) / (x2 - x1);
  return { slope, intercept: y1 - slope * x1, cutoffMps, count: keptX.length };
}

/** y of a speed-sort fit at x: the line above the cutoff, the line from the origin below it. */
export function speedSortPredict(
  fit: { slope: number; intercept: number; cutoffMps: number },
  x: number,
): number {
  if (x >= fit.cutoffMps) return fit.intercept + fit.slope * x;
  const atCutoff = fit.intercept + fit.slope * fit.cutoffMps;
  return fit.cutoffMps > 0 ? (atCutoff / fit.cutoffMps) * x : 0;
}
