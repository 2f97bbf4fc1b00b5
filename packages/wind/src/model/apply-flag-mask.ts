import { isUsableFlag } from './is-usable-flag.ts';
import type { FlagSeries, NumericSeries } from './types.ts';

/**
 * Copy of `values` with every value whose flag is not usable replaced by `NaN`, so statistics
 * only need to skip `NaN` (WIND-ANALYSIS §2.3: invalid and icing excluded, suspicious optional).
 *
 * @param flags optional flag codes parallel to `values`; without flags the values are copied as they are
 * @example applyFlagMask([5, 6, 7], Uint8Array.of(0, 3, 2)) // Float64Array [5, NaN, 7]
 */
export function applyFlagMask(
  values: NumericSeries,
  flags?: FlagSeries,
  options: { includeSuspicious?: boolean } = {},
): Float64Array {
  const n = values.length;
  if (flags && flags.length !== n) throw new Error('applyFlagMask requires flags to match values in length');
  const out = new Float64Array(n);
  const includeSuspicious = options.includeSuspicious ?? true;
  if (!flags) {
    for (let i = 0; i < n; i++) out[i] = values[i]!;
    return out;
  }
  for (let i = 0; i < n; i++) out[i] = isUsableFlag(flags[i]!, includeSuspicious) ? values[i]! : Number.NaN;
  return out;
}
