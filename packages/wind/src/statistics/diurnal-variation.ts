import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import type { CalendarSums } from './calendar-sums.ts';

/** Daily (diurnal) variation: 24 hourly means, and the 12 × 24 month-by-hour matrix. */
export interface DiurnalVariation {
  /** Index = local hour of day 0–23 (from the period start); NaN mean without values. */
  readonly byHour: ReadonlyArray<{ readonly hour: number; readonly count: number; readonly mean: number }>;
  /** [month 1–12 → index 0–11][hour 0–23] means, NaN where empty (brightwind `dist_12x24`). */
  readonly byMonthHour: ReadonlyArray<Float64Array>;
  /** Counts behind `byMonthHour`. */
  readonly byMonthHourCount: ReadonlyArray<Float64Array>;
}

/**
 * Diurnal variation (WIND-ANALYSIS §8.6): mean per local hour of day (24 bins by period-start hour)
 * and the 12 × 24 month-by-hour matrix (brightwind `dist` against hour of day and `dist_12x24`).
 * The same table serves speed, WPD (pass ½ρv³ per record), TI, shear exponent or density.
 *
 * @param values the channel on its grid, NaN skipped
 * @param calendar calendar index of the same grid (its UTC offset sets the local hour; Beijing: +8)
 * @param options.sums the channel's `calendarSums` when the caller has them (no pass over `values` then)
 * @example diurnalVariation(speeds, calendar).byHour[0].mean // mean speed of 00:00–00:59 local
 */
export function diurnalVariation(
  values: NumericSeries,
  calendar: CalendarIndex,
  options: { sums?: CalendarSums } = {},
): DiurnalVariation {
  const n = values.length;
  if (calendar.hourOfDay.length !== n)
    throw new Error('diurnalVariation requires the calendar to match values');
  const sums = new Float64Array(12 * 24);
  const counts = new Float64Array(12 * 24);
  if (options.sums) {
    // The month × hour cells of the channel's one sweep, pooled by calendar month.
    const cells = options.sums;
    const months = calendar.months;
    if (cells.sums.length !== months.length * 24)
      throw new Error('diurnalVariation requires the sums of the same calendar');
    for (let m = 0; m < months.length; m++) {
      const row = (months[m]!.month - 1) * 24;
      for (let h = 0; h < 24; h++) {
        sums[row + h]! += cells.sums[m * 24 + h]!;
        counts[row + h]! += cells.counts[m * 24 + h]!;
      }
    }
  } else {
    const hourOfDay = calendar.hourOfDay;
    const monthOfYear = calendar.monthOfYear;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
      if (v !== v) continue;
      const cell = (monthOfYear[i]! - 1) * 24 + hourOfDay[i]!;
      sums[cell]! += v;
      counts[cell]!++;
    }
  }
  const byMonthHour: Float64Array[] = [];
  const byMonthHourCount: Float64Array[] = [];
  const hourSums = new Float64Array(24);
  const hourCounts = new Float64Array(24);
  for (let m = 0; m < 12; m++) {
    const row = new Float64Array(24);
    const rowCount = new Float64Array(24);
    for (let h = 0; h < 24; h++) {
      const cell = m * 24 + h;
      rowCount[h] = counts[cell]!;
      row[h] = counts[cell]! > 0 ? sums[cell]! / counts[cell]! : Number.NaN;
      hourSums[h]! += sums[cell]!;
      hourCounts[h]! += counts[cell]!;
    }
    byMonthHour.push(row);
    byMonthHourCount.push(rowCount);
  }
  const byHour = Array.from({ length: 24 }, (_, hour) => ({
    hour,
    count: hourCounts[hour]!,
    mean: hourCounts[hour]! > 0 ? hourSums[hour]! / hourCounts[hour]! : Number.NaN,
  }));
  return { byHour, byMonthHour, byMonthHourCount };
}
