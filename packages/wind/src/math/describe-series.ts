import type { NumericSeries } from '../model/types.ts';

/** Count, mean, sample standard deviation (n − 1), minimum and maximum of the non-NaN values. */
export interface SeriesDescription {
  readonly count: number;
  readonly mean: number;
  /** Sample standard deviation (ddof 1); NaN for a single value. */
  readonly sd: number;
  readonly min: number;
  readonly max: number;
}

/**
 * Basic statistics of a series, skipping NaN (pandas `describe`/brightwind `basic_stats` definition;
 * two-pass standard deviation for precision).
 *
 * @returns the description, or undefined if no value is present
 * @example describeSeries([1, 2, NaN, 3]) // { count: 3, mean: 2, sd: 1, min: 1, max: 3 }
 */
export function describeSeries(values: NumericSeries): SeriesDescription | undefined {
  const n = values.length;
  let count = 0;
  let sum = 0;
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    count++;
    sum += v;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (count === 0) return undefined;
  const mean = sum / count;
  let squares = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const d = v - mean;
    squares += d * d;
  }
  return { count, mean, sd: count > 1 ? Math.sqrt(squares / (count - 1)) : Number.NaN, min, max };
}
