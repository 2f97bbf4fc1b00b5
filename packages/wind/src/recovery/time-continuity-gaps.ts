import type { NumericSeries } from '../model/types.ts';

/** One break in a series: the slots between two values that are missing. */
export interface TimeGap {
  /** Slot of the last value before the gap (brightwind "Date From"). */
  readonly fromIndex: number;
  /** Slot of the first value after it (brightwind "Date To"). */
  readonly toIndex: number;
  /** Missing slots in between. */
  readonly missingSlots: number;
  /** missingSlots × interval in days (brightwind "Days Lost"). */
  readonly daysLost: number;
}

/** Gaps and their total, for the data-recovery tab. */
export interface TimeContinuity {
  readonly gaps: readonly TimeGap[];
  readonly gapCount: number;
  readonly daysLost: number;
}

/**
 * Breaks in the time continuity of a series (brightwind `time_continuity_gaps`): every run of missing
 * slots between two present values — a slot whose value is missing counts as missing, like a row
 * absent from the file. Missing slots before the first or after the last value are not gaps (the
 * measurement had not started or has not reached there).
 *
 * @example timeContinuityGaps([1, NaN, NaN, 2], 10).gaps[0] // { fromIndex: 0, toIndex: 3, missingSlots: 2, daysLost: 0.01389 }
 */
export function timeContinuityGaps(values: NumericSeries, intervalMinutes: number): TimeContinuity {
  const gaps: TimeGap[] = [];
  let last = -1;
  for (let i = 0; i < values.length; i++) {
    if (Number.isNaN(values[i]!)) continue;
    if (last >= 0 && i - last > 1) {
      const missingSlots = i - last - 1;
      gaps.push({
        fromIndex: last,
        toIndex: i,
        missingSlots,
        daysLost: (missingSlots * intervalMinutes) / 1440,
      });
    }
    last = i;
  }
  return { gaps, gapCount: gaps.length, daysLost: gaps.reduce((sum, g) => sum + g.daysLost, 0) };
}
