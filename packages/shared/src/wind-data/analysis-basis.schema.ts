import { z } from 'zod';

/**
 * What every analysis leaves out of a version's series, and what it stood on (issue 41 §1). Invalid and
 * icing records are always out, and so is a value outside its element's physical limits; suspicious and
 * filled records by the caller's option — the same two options on every screen.
 */
export const ZFlagPolicy = z.object({
  /** Suspicious (flag 2) records are used (default). */
  includeSuspicious: z.boolean(),
  /** Filled or corrected (flag 1) records are used (default). */
  includeFilled: z.boolean(),
});
export type TFlagPolicy = z.infer<typeof ZFlagPolicy>;

/** The records of one channel left out of an analysis, by why. */
export const ZLeftOut = z.object({
  invalid: z.number().int(),
  icing: z.number().int(),
  suspicious: z.number().int(),
  filled: z.number().int(),
  /** Outside the element's physical limits (m/s 0–75, ° 0–360, °C −60–60, hPa 500–1100, % 0–100). */
  outsideLimits: z.number().int(),
});
export type TLeftOut = z.infer<typeof ZLeftOut>;

/** What an analysis stood on: the version, the period, and per channel the records used and left out. */
export const ZAnalysisBasis = z.object({
  versionId: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  /** Slots of the grid over the period. */
  records: z.number().int(),
  policy: ZFlagPolicy,
  channels: z.array(
    z.object({
      channelId: z.number().int(),
      name: z.string(),
      /** Records with a value. */
      present: z.number().int(),
      /** Of those, the records the analysis used. */
      used: z.number().int(),
      leftOut: ZLeftOut,
    }),
  ),
});
export type TAnalysisBasis = z.infer<typeof ZAnalysisBasis>;

/** The records left out of a basis in all, by why (for the one-line summary screens show). */
export function leftOutTotals(basis: TAnalysisBasis): TLeftOut & { total: number } {
  const sum: TLeftOut = { invalid: 0, icing: 0, suspicious: 0, filled: 0, outsideLimits: 0 };
  for (const c of basis.channels) {
    for (const key of Object.keys(sum) as (keyof TLeftOut)[]) sum[key] += c.leftOut[key];
  }
  return { ...sum, total: sum.invalid + sum.icing + sum.suspicious + sum.filled + sum.outsideLimits };
}
