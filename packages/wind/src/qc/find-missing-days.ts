import type { CalendarIndex, NumericSeries } from '../model/types.ts';

/**
 * Data-missing days (SPEC §3 QC rule "data-missing days"; alarm rule "consecutive days without data"):
 * local calendar days of the grid with fewer than `minValuesPerDay` values (default 1, i.e. no value at
 * all), and the longest run of consecutive such days.
 *
 * @example findMissingDays(speeds, calendar).longestRunDays // 3 after a three-day outage
 */
export function findMissingDays(
  values: NumericSeries,
  calendar: CalendarIndex,
  options: { minValuesPerDay?: number } = {},
): { days: Array<{ year: number; month: number; day: number; valueCount: number }>; longestRunDays: number } {
  if (calendar.dayIndex.length !== values.length)
    throw new Error('findMissingDays requires the calendar to match values');
  const minValues = options.minValuesPerDay ?? 1;
  const counts = new Float64Array(calendar.days.length);
  for (let i = 0; i < values.length; i++) if (!Number.isNaN(values[i]!)) counts[calendar.dayIndex[i]!]!++;
  const days: Array<{ year: number; month: number; day: number; valueCount: number }> = [];
  let run = 0;
  let longestRunDays = 0;
  calendar.days.forEach((d, k) => {
    if (counts[k]! < minValues) {
      days.push({ year: d.year, month: d.month, day: d.day, valueCount: counts[k]! });
      run++;
      longestRunDays = Math.max(longestRunDays, run);
    } else run = 0;
  });
  return { days, longestRunDays };
}
