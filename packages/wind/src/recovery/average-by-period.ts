import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import type { CalendarSums } from '../statistics/calendar-sums.ts';

/** Mean, coverage and maximum of one averaging period. */
export interface PeriodAverage {
  /**
   * Index of the period: month or day index into the calendar, clock-hour index, or for 'year' the
   * index into `years` of the result's calendar months (0 = the first year touched).
   */
  readonly period: number;
  /** The calendar year, for 'year' and 'month' periods. */
  readonly year?: number;
  readonly count: number;
  /** count / slots of the full period (brightwind `coverage`: full calendar year/month/day/hour). */
  readonly coverage: number;
  /** Arithmetic mean, or NaN when the period has no value. */
  readonly mean: number;
  /** The largest value, or NaN when the period has no value. */
  readonly max: number;
  /** Grid slot of that largest value (the first one on a tie), −1 when none: time = start + slot × interval. */
  readonly maxIndex: number;
}

/**
 * Arithmetic means, coverage and maxima (with their slot) per hour, day, month or year (brightwind
 * `average_data_by_period` / `coverage`: count of non-NaN values ÷ slots in the FULL period, e.g.
 * days-in-month × 144 for 10-min data; a year is 365 or 366 days). Periods are local calendar periods
 * from the period-start stamps.
 *
 * @param period 'hour' | 'day' | 'month' | 'year'
 * @param intervalMinutes averaging interval of the grid (10 for 10-min data)
 * @param options.sums the channel's `calendarSums` (month and year periods then need no pass over `values`)
 * @example averageByPeriod(speeds, calendar, 'month', 10)[0].coverage // 0.0414… for 185 values in January
 */
export function averageByPeriod(
  values: NumericSeries,
  calendar: CalendarIndex,
  period: 'hour' | 'day' | 'month' | 'year',
  intervalMinutes: number,
  options: { sums?: CalendarSums } = {},
): PeriodAverage[] {
  const n = values.length;
  if (calendar.monthIndex.length !== n)
    throw new Error('averageByPeriod requires the calendar to match values');
  const firstYear = calendar.months[0]?.year ?? 0;
  const years =
    calendar.months.length === 0 ? 0 : calendar.months[calendar.months.length - 1]!.year - firstYear + 1;
  const periods =
    period === 'hour'
      ? calendar.hourCount
      : period === 'day'
        ? calendar.days.length
        : period === 'month'
          ? calendar.months.length
          : years;
  const sums = new Float64Array(periods);
  const counts = new Float64Array(periods);
  const maxima = new Float64Array(periods).fill(Number.NEGATIVE_INFINITY);
  const maxIndex = new Int32Array(periods).fill(-1);
  // The accumulation is written out in both loops (a shared closure measured 3× slower on this path).
  const cells = options.sums;
  if (cells && (period === 'month' || period === 'year')) {
    // The channel's one sweep already holds every month's sums, counts and maximum.
    if (cells.monthMax.length !== calendar.months.length)
      throw new Error('averageByPeriod requires the sums of the same calendar');
    for (let m = 0; m < calendar.months.length; m++) {
      const k = period === 'month' ? m : calendar.months[m]!.year - firstYear;
      sums[k]! += cells.monthSums[m]!;
      counts[k]! += cells.monthCounts[m]!;
      if (cells.monthMaxIndex[m]! >= 0 && cells.monthMax[m]! > maxima[k]!) {
        maxima[k] = cells.monthMax[m]!;
        maxIndex[k] = cells.monthMaxIndex[m]!;
      }
    }
  } else if (period === 'month' || period === 'year') {
    // Months are consecutive runs of slots: one period key per run, not a lookup per slot (hot path).
    let i = 0;
    for (let m = 0; m < calendar.months.length; m++) {
      const month = calendar.months[m]!;
      const k = period === 'month' ? m : month.year - firstYear;
      let sum = 0;
      let count = 0;
      let max = maxima[k]!;
      let at = maxIndex[k]!;
      for (const end = i + month.slotCount; i < end; i++) {
        const v = values[i]!;
        // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
        if (v !== v) continue;
        sum += v;
        count++;
        if (v > max) {
          max = v;
          at = i;
        }
      }
      sums[k]! += sum;
      counts[k]! += count;
      maxima[k] = max;
      maxIndex[k] = at;
    }
  } else {
    const index = period === 'hour' ? calendar.hourIndex : calendar.dayIndex;
    for (let i = 0; i < n; i++) {
      const v = values[i]!;
      // biome-ignore lint/suspicious/noSelfCompare: NaN test without a call per value
      if (v !== v) continue;
      const k = index[i]!;
      sums[k]! += v;
      counts[k]!++;
      if (v > maxima[k]!) {
        maxima[k] = v;
        maxIndex[k] = i;
      }
    }
  }
  const slotsPerHour = 60 / intervalMinutes;
  const out: PeriodAverage[] = [];
  for (let p = 0; p < periods; p++) {
    let full: number;
    let year: number | undefined;
    if (period === 'hour') full = slotsPerHour;
    else if (period === 'day') full = 24 * slotsPerHour;
    else if (period === 'month') {
      full = calendar.months[p]!.fullMonthSlotCount;
      year = calendar.months[p]!.year;
    } else {
      year = firstYear + p;
      const isLeap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
      full = (isLeap ? 366 : 365) * 24 * slotsPerHour;
    }
    const c = counts[p]!;
    out.push({
      period: p,
      ...(year === undefined ? {} : { year }),
      count: c,
      coverage: c / full,
      mean: c > 0 ? sums[p]! / c : Number.NaN,
      max: c > 0 ? maxima[p]! : Number.NaN,
      maxIndex: maxIndex[p]!,
    });
  }
  return out;
}
