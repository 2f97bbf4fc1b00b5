import { civilTimeOf } from './civil-time-of.ts';
import { daysInMonth } from './days-in-month.ts';
import type { CalendarDay, CalendarIndex, CalendarMonth, TimeGrid } from './types.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/**
 * Per-slot calendar tables (hour of day, month, month/day/clock-hour period indices) of a grid in
 * local standard time, from the period START of each slot (WIND-ANALYSIS §1). Computed once per
 * grid and shared by the statistics; the civil date is derived only when the local day changes.
 *
 * @param utcOffsetHours fixed offset of local standard time (Beijing: 8)
 * @example buildCalendarIndex(createTimeGrid({ startMs: Date.UTC(2023, 11, 31, 23, 50), intervalMinutes: 10, length: 2 }), 0).monthOfYear // [12, 1]
 */
export function buildCalendarIndex(grid: TimeGrid, utcOffsetHours = 0): CalendarIndex {
  const n = grid.length;
  const stepMs = grid.intervalMinutes * 60_000;
  const offsetMs = utcOffsetHours * HOUR_MS;
  const hourOfDay = new Uint8Array(n);
  const monthOfYear = new Uint8Array(n);
  const monthIndex = new Uint16Array(n);
  const dayIndex = new Uint32Array(n);
  const hourIndex = new Uint32Array(n);
  const slotsPerDay = DAY_MS / stepMs;
  const monthList: Array<{ year: number; month: number; slotCount: number; fullMonthSlotCount: number }> = [];
  const dayList: Array<{ year: number; month: number; day: number; slotCount: number }> = [];
  let currentDay = Number.NaN;
  let currentMonth = 0;
  let firstHour = Number.NaN;
  for (let i = 0; i < n; i++) {
    const local = grid.startMs + i * stepMs + offsetMs;
    const day = Math.floor(local / DAY_MS);
    const absoluteHour = Math.floor(local / HOUR_MS);
    if (i === 0) firstHour = absoluteHour;
    if (day !== currentDay) {
      currentDay = day;
      const civil = civilTimeOf(day * DAY_MS, 0);
      const last = monthList[monthList.length - 1];
      if (!last || last.year !== civil.year || last.month !== civil.month) {
        monthList.push({
          year: civil.year,
          month: civil.month,
          slotCount: 0,
          fullMonthSlotCount: daysInMonth(civil.year, civil.month) * slotsPerDay,
        });
      }
      currentMonth = civil.month;
      dayList.push({ year: civil.year, month: civil.month, day: civil.day, slotCount: 0 });
    }
    monthList[monthList.length - 1]!.slotCount++;
    dayList[dayList.length - 1]!.slotCount++;
    hourOfDay[i] = absoluteHour - day * 24;
    monthOfYear[i] = currentMonth;
    monthIndex[i] = monthList.length - 1;
    dayIndex[i] = dayList.length - 1;
    hourIndex[i] = absoluteHour - firstHour;
  }
  const months: CalendarMonth[] = monthList;
  const days: CalendarDay[] = dayList;
  return {
    hourOfDay,
    monthOfYear,
    monthIndex,
    dayIndex,
    hourIndex,
    months,
    days,
    hourCount: n === 0 ? 0 : hourIndex[n - 1]! + 1,
  };
}
