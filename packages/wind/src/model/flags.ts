import type { FlagCode } from './types.ts';

/**
 * Flag codes (DESIGN §3, WIND-ANALYSIS §2.3): 0 normal, 1 filled/corrected, 2 suspicious,
 * 3 invalid, 4 icing. Statistics use 0–2 by default (2 is a user toggle), never 3 or 4.
 */
export const FLAG = { normal: 0, filled: 1, suspicious: 2, invalid: 3, icing: 4 } as const satisfies Record<
  string,
  FlagCode
>;
