import type { CalendarIndex, FlagSeries, NumericSeries } from '../model/types.ts';

/** Data recovery counts of one channel over a period (WIND-ANALYSIS §3). */
export interface RecoveryCounts {
  /** Ns: slots of the active period. */
  readonly shouldCount: number;
  /** Nl: slots with no record or a null value (and, by default, filled values). */
  readonly lackCount: number;
  /** Ni: present but flagged invalid (3) or icing (4). */
  readonly invalidCount: number;
  /** Nv = Ns − Nl − Ni (normal and suspicious values). */
  readonly validCount: number;
  /** Nv/Ns × 100 %; undefined when Ns = 0. */
  readonly validRatePct: number | undefined;
  /**
   * Nf: present values flagged filled (1) that `lackCount` holds (0 when filled values count as valid):
   * the slots a reconstruction (or an interpolation) gave a value (issue 45 §1 "Provenance").
   */
  readonly filledCount: number;
  /** Nv + Nf: the valid values when the filled ones count as valid (recovery after reconstruction). */
  readonly validWithFilledCount: number;
  /** (Nv + Nf)/Ns × 100 % (重建后完整率, recovery after reconstruction); undefined when Ns = 0. */
  readonly validWithFilledRatePct: number | undefined;
}

/** Recovery overall and per local calendar month. */
export interface DataRecovery {
  readonly overall: RecoveryCounts;
  readonly byMonth: ReadonlyArray<RecoveryCounts & { readonly year: number; readonly month: number }>;
}

/**
 * Data recovery rate (有效数据完整率, WIND-ANALYSIS §3; GB/T 18710 "(应测 − 缺测 − 无效)/应测",
 * NB/T 31147 γ = (Re − Ri − Rw)/Re): should = slots of the grid (the channel's active period),
 * lack = NaN values, invalid = flags 3/4, valid = the rest, rate = valid/should × 100 %.
 *
 * Filled values (flag 1) are counted as lack by default because "filled values never count"
 * (§2.3, §3); pass `filledCountsAsLack: false` for a derived channel (e.g. a tower-shadow merge)
 * whose values are all flagged 1 but were measured.
 *
 * Beside this measured recovery (实测完整率), every count carries the recovery after reconstruction
 * (重建后完整率, issue 45 §1): the filled values of `lackCount` counted as valid instead — a deliberate
 * second figure beside WIND-ANALYSIS §3's, never a replacement for it (lenders read the measured one).
 *
 * @param values the channel on its grid (NaN = no record)
 * @param flags optional flag codes; absent = all normal
 * @param calendar optional calendar index of the grid, for the per-month table
 * @example dataRecovery(values30DaysWith120MissingAnd200Invalid).overall.validRatePct // 92.59…
 * @example dataRecovery(values1000With100Missing50Invalid40Filled, flags).overall // 81 % measured, 85 % after
 */
export function dataRecovery(
  values: NumericSeries,
  flags?: FlagSeries,
  calendar?: CalendarIndex,
  options: { filledCountsAsLack?: boolean } = {},
): DataRecovery {
  const n = values.length;
  if (flags && flags.length !== n) throw new Error('dataRecovery requires flags to match values in length');
  if (calendar && calendar.monthIndex.length !== n) {
    throw new Error('dataRecovery requires the calendar index to match values in length');
  }
  const filledIsLack = options.filledCountsAsLack ?? true;
  const monthCount = calendar ? calendar.months.length : 0;
  const lack = new Float64Array(monthCount + 1);
  const invalid = new Float64Array(monthCount + 1);
  const filled = new Float64Array(monthCount + 1);
  // Months are consecutive runs of slots: count each run with local counters (hot path, every channel
  // of every analysis — 2.5 ms instead of 6.2 ms for a five-year channel on the 2-core CI machine).
  const runs = calendar ? calendar.months.map((m) => m.slotCount) : [n];
  let i = 0;
  for (let m = 0; m < runs.length; m++) {
    const end = i + runs[m]!;
    let l = 0;
    let inv = 0;
    let fil = 0;
    if (flags) {
      for (; i < end; i++) {
        const v = values[i]!;
        const f = flags[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v !== v) l++;
        else if (f === 1 && filledIsLack) {
          l++;
          fil++;
        } else if (f >= 3) inv++;
      }
    } else {
      for (; i < end; i++) {
        const v = values[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v !== v) l++;
      }
    }
    lack[m] = l;
    invalid[m] = inv;
    filled[m] = fil;
  }
  if (!calendar) return { overall: recoveryCounts(n, lack[0]!, invalid[0]!, filled[0]!), byMonth: [] };
  return recoveryFromCounts(calendar, lack, invalid, filled);
}

/** The counts of one period from its should, lack, invalid and filled (of the lack) counts. */
export function recoveryCounts(should: number, l: number, inv: number, fil = 0): RecoveryCounts {
  const valid = should - l - inv;
  return {
    shouldCount: should,
    lackCount: l,
    invalidCount: inv,
    validCount: valid,
    validRatePct: should > 0 ? (valid / should) * 100 : undefined,
    filledCount: fil,
    validWithFilledCount: valid + fil,
    validWithFilledRatePct: should > 0 ? ((valid + fil) / should) * 100 : undefined,
  };
}

/**
 * The recovery from the lack, invalid and filled (of the lack) counts of every month run of `calendar` (what
 * {@link dataRecovery} counts, or a sweep that counts them while it does more: `sweepChannel`).
 */
export function recoveryFromCounts(
  calendar: CalendarIndex,
  lack: ArrayLike<number>,
  invalid: ArrayLike<number>,
  filled?: ArrayLike<number>,
): DataRecovery {
  let totalLack = 0;
  let totalInvalid = 0;
  let totalFilled = 0;
  let should = 0;
  const byMonth = calendar.months.map((month, m) => {
    totalLack += lack[m]!;
    totalInvalid += invalid[m]!;
    const fil = filled ? filled[m]! : 0;
    totalFilled += fil;
    should += month.slotCount;
    return {
      year: month.year,
      month: month.month,
      ...recoveryCounts(month.slotCount, lack[m]!, invalid[m]!, fil),
    };
  });
  return { overall: recoveryCounts(should, totalLack, totalInvalid, totalFilled), byMonth };
}
