import type { CalendarIndex, NumericSeries } from '../model/types.ts';

/**
 * Vector-mean direction and coverage per hour, day or month (brightwind `average_data_by_period` with
 * `wdir_column_names`: unit vectors, not speed-weighted; WIND-ANALYSIS §0, §1 hourly values).
 * A period whose mean vector rounds to zero at 5 decimals gets NaN, like brightwind.
 *
 * @param directionsDeg directions on the grid, NaN = missing
 * @param intervalMinutes averaging interval of the grid
 * @example averageDirectionByPeriod(dirs, calendar, 'day', 10)[0].mean // 91.18 for 9 Jan 2016 of the demo excerpt
 */
export function averageDirectionByPeriod(
  directionsDeg: NumericSeries,
  calendar: CalendarIndex,
  period: 'hour' | 'day' | 'month',
  intervalMinutes: number,
): Array<{ period: number; count: number; coverage: number; mean: number }> {
  const n = directionsDeg.length;
  if (calendar.monthIndex.length !== n)
    throw new Error('averageDirectionByPeriod requires the calendar to match values');
  const key =
    period === 'hour' ? calendar.hourIndex : period === 'day' ? calendar.dayIndex : calendar.monthIndex;
  const periods =
    period === 'hour' ? calendar.hourCount : period === 'day' ? calendar.days.length : calendar.months.length;
  const sin = new Float64Array(periods);
  const cos = new Float64Array(periods);
  const counts = new Float64Array(periods);
  const toRad = Math.PI / 180;
  for (let i = 0; i < n; i++) {
    const d = directionsDeg[i]!;
    if (Number.isNaN(d)) continue;
    const k = key[i]!;
    sin[k]! += Math.sin(d * toRad);
    cos[k]! += Math.cos(d * toRad);
    counts[k]!++;
  }
  const slotsPerHour = 60 / intervalMinutes;
  const out = [];
  for (let p = 0; p < periods; p++) {
    const c = counts[p]!;
    const full =
      period === 'hour'
        ? slotsPerHour
        : period === 'day'
          ? 24 * slotsPerHour
          : calendar.months[p]!.fullMonthSlotCount;
    let mean = Number.NaN;
    if (c > 0) {
      const s = sin[p]! / c;
      const co = cos[p]! / c;
      if (!(Math.round(s * 1e5) === 0 && Math.round(co * 1e5) === 0)) {
        mean = (Math.atan2(s, co) * 180) / Math.PI;
        if (mean < 0) mean = (mean + 360) % 360;
      }
    }
    out.push({ period: p, count: c, coverage: c / full, mean });
  }
  return out;
}
