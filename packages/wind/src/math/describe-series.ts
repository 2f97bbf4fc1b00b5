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
 * Basic statistics of a series, skipping NaN (pandas `describe`/brightwind `basic_stats` definition).
 *
 * One pass with the data shifted by the first value (the "shifted data" variance algorithm): as exact
 * as two passes for series whose spread is not many orders of magnitude below their level (every
 * measured channel), and one pass instead of two over a five-year channel — every channel of every
 * analysis is described (1.8 → 1.1 ms per 267 444 slots on the 2-core CI machine).
 *
 * @returns the description, or undefined if no value is present
 * @example describeSeries([1, 2, NaN, 3]) // { count: 3, mean: 2, sd: 1, min: 1, max: 3 }
 */
export function describeSeries(values: NumericSeries): SeriesDescription | undefined {
  const n = values.length;
  const first = firstPresentIndex(values);
  if (first === n) return undefined;
  const shift = values[first]!;
  let count = 0;
  let sum = 0;
  let squares = 0;
  let min = shift;
  let max = shift;
  for (let i = first; i < n; i++) {
    const v = values[i]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
    if (v !== v) continue;
    count++;
    const d = v - shift;
    sum += d;
    squares += d * d;
    if (v < min) min = v;
    else if (v > max) max = v;
  }
  return finishDescription(count, shift, sum, squares, min, max);
}

/** Index of the first value that is not NaN (the shift of a shifted-data pass); the length when none. */
export function firstPresentIndex(values: NumericSeries): number {
  let first = 0;
  // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
  while (first < values.length && values[first]! !== values[first]!) first++;
  return first;
}

/**
 * The description from the sums of a shifted-data pass (values − `shift`): for passes that describe a
 * series while they do something else with it (`calendarSums`).
 */
export function finishDescription(
  count: number,
  shift: number,
  sum: number,
  squares: number,
  min: number,
  max: number,
): SeriesDescription {
  const mean = shift + sum / count;
  const variance = count > 1 ? Math.max(0, (squares - (sum * sum) / count) / (count - 1)) : Number.NaN;
  return { count, mean, sd: Math.sqrt(variance), min, max };
}
