/**
 * Whether a value with this flag enters statistics (WIND-ANALYSIS §2.3).
 *
 * Normal (0) and filled (1) are used; suspicious (2) is used unless `includeSuspicious` is false;
 * invalid (3), icing (4) and unknown codes are excluded.
 *
 * @example isUsableFlag(2) // true
 * @example isUsableFlag(2, false) // false
 */
export function isUsableFlag(flag: number, includeSuspicious = true): boolean {
  return flag === 0 || flag === 1 || (flag === 2 && includeSuspicious);
}
