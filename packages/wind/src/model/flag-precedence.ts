import type { FlagCode } from './types.ts';

const RANK = [0, 1, 2, 4, 3] as const; // normal < filled < suspicious < icing < invalid

/**
 * The stronger of two flags by the precedence invalid > icing > suspicious > filled > normal
 * (WIND-ANALYSIS §2.3). Used when several QC rules flag the same value.
 *
 * @example strongerFlag(2, 4) // 4
 * @example strongerFlag(3, 4) // 3
 */
export function strongerFlag(a: FlagCode, b: FlagCode): FlagCode {
  return RANK[a] >= RANK[b] ? a : b;
}
