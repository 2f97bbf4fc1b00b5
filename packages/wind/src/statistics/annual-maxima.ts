import type { CalendarIndex, NumericSeries } from '../model/types.ts';

/** Highest value of one local calendar year. */
export interface AnnualMaximum {
  readonly year: number;
  /** Highest value of the year (same unit as the values). */
  readonly max: number;
  /** Values present in the year. */
  readonly count: number;
}

/**
 * Annual maxima of a series by local calendar year (from the period start, WIND-ANALYSIS §1): the
 * input of the Gumbel extreme-wind analysis (§8.9, one 10-min maximum per year). Years without a value
 * are left out; partial years are kept with their count so the caller can judge their coverage.
 *
 * @param values masked 10-min mean speeds (NaN = missing or excluded), m/s
 * @param calendar calendar index of the same grid
 * @returns one entry per year with values, oldest first
 * @example annualMaxima([20.5, 22.1], calendarOfTwoYears) // [{ year: 2023, max: 20.5, count: 1 }, { year: 2024, max: 22.1, count: 1 }]
 */
export function annualMaxima(values: NumericSeries, calendar: CalendarIndex): AnnualMaximum[] {
  const n = values.length;
  if (calendar.monthIndex.length !== n) throw new Error('annualMaxima requires the calendar to match values');
  const months = calendar.months;
  const monthMax = new Float64Array(months.length).fill(Number.NEGATIVE_INFINITY);
  const monthCount = new Float64Array(months.length);
  const monthIndex = calendar.monthIndex;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const m = monthIndex[i]!;
    monthCount[m]!++;
    if (v > monthMax[m]!) monthMax[m] = v;
  }
  const byYear = new Map<number, { max: number; count: number }>();
  months.forEach((month, m) => {
    if (monthCount[m] === 0) return;
    const entry = byYear.get(month.year) ?? { max: Number.NEGATIVE_INFINITY, count: 0 };
    entry.max = Math.max(entry.max, monthMax[m]!);
    entry.count += monthCount[m]!;
    byYear.set(month.year, entry);
  });
  return [...byYear.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([year, e]) => ({ year, max: e.max, count: e.count }));
}
