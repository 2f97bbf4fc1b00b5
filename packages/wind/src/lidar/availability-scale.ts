import type { NumericSeries } from '../model/types.ts';

/**
 * Whether an availability (or quality) series is written as a percentage or a fraction: a fraction
 * when no finite value exceeds 1 and at least one lies strictly between 0 and 1, else a percentage
 * (an all-0/all-100 series stays a percentage).
 *
 * @example availabilityScale([0.95, 1, 0.4]) // 'fraction'
 * @example availabilityScale([100, 99, 0]) // 'percent'
 */
export function availabilityScale(values: NumericSeries): 'percent' | 'fraction' {
  let between = false;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    if (v > 1) return 'percent';
    if (v > 0 && v < 1) between = true;
  }
  return between ? 'fraction' : 'percent';
}
