import { isUsableFlag } from '../model/is-usable-flag.ts';
import type { FlagSeries, NumericSeries } from '../model/types.ts';

/**
 * Slots where both series hold a value whose flag is usable (invalid and icing never, suspicious when
 * included) and where `keep` (if given) agrees: 1 for a pair, else 0.
 *
 * @example usablePairs([5, NaN, 7], undefined, [5.1, 6, 7.2], Uint8Array.of(0, 0, 3)) // Uint8Array [1, 0, 0]
 */
export function usablePairs(
  x: NumericSeries,
  xFlags: FlagSeries | undefined,
  y: NumericSeries,
  yFlags: FlagSeries | undefined,
  options: { includeSuspicious?: boolean; keep?: (index: number) => boolean } = {},
): Uint8Array {
  const n = x.length;
  if (y.length !== n || (xFlags && xFlags.length !== n) || (yFlags && yFlags.length !== n)) {
    throw new Error('usablePairs requires series and flags of equal length');
  }
  const suspicious = options.includeSuspicious ?? true;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    if (Number.isNaN(x[i]!) || Number.isNaN(y[i]!)) continue;
    if (xFlags && !isUsableFlag(xFlags[i]!, suspicious)) continue;
    if (yFlags && !isUsableFlag(yFlags[i]!, suspicious)) continue;
    if (options.keep && !options.keep(i)) continue;
    out[i] = 1;
  }
  return out;
}
