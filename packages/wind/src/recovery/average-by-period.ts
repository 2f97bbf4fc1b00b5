import type { CalendarIndex, NumericSeries } from '../model/types.ts';

/** Mean and coverage of one averaging period. */
export interface PeriodAverage {
  /** Index of the period (month or day index into the calendar, or clock-hour index). */
  readonly period: number;
  readonly count: number;
  /** count / slots of the full period (brightwind `coverage`: full calendar month/day/hour). */
  readonly coverage: number;
  /** Arithmetic mean, or NaN when the period has no value. */
  readonly mean: number;
}

/**
 * Arithmetic means and coverage per hour, day or month (brightwind `average_data_by_period` /
 * `coverage`: count of non-NaN values ÷ slots in the FULL period, e.g. days-in-month × 144 for
 * 10-min data). Periods are local calendar periods from the period-start stamps.
 *
 * @param period 'hour' | 'day' | 'month'
 * @param intervalMinutes averaging interval of the grid (10 for 10-min data)
 * @example averageByPeriod(speeds, calendar, 'month', 10)[0].coverage // 0.0414… for 185 values in January
 */
export function averageByPeriod(
  values: NumericSeries,
  calendar: CalendarIndex,
  period: 'hour' | 'day' | 'month',
  intervalMinutes: number,
): PeriodAverage[] {
  const n = values.length;
  if (calendar.monthIndex.length !== n)
    throw new Error('averageByPeriod requires the calendar to match values');
  const key =
    period === 'hour' ? calendar.hourIndex : period === 'day' ? calendar.dayIndex : calendar.monthIndex;
  const periods =
    period === 'hour' ? calendar.hourCount : period === 'day' ? calendar.days.length : calendar.months.length;
  const sums = new Float64Array(periods);
  const counts = new Float64Array(periods);
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const k = key[i]!;
    sums[k]! += v;
    counts[k]!++;
  }
  const slotsPerHour = 60 / intervalMinutes;
  const out: PeriodAverage[] = [];
  for (let p = 0; p < periods; p++) {
    const full =
      period === 'hour'
        ? slotsPerHour
        : period === 'day'
          ? 24 * slotsPerHour
          : calendar.months[p]!.fullMonthSlotCount;
    const c = counts[p]!;
    out.push({ period: p, count: c, coverage: c / full, mean: c > 0 ? sums[p]! / c : Number.NaN });
  }
  return out;
}
