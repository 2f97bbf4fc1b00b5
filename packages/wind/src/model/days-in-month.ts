import { isLeapYear } from './is-leap-year.ts';

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/**
 * Number of days in a calendar month (`month` 1–12).
 *
 * @example daysInMonth(2024, 2) // 29
 */
export function daysInMonth(year: number, month: number): number {
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw new Error('daysInMonth requires month to be an integer in 1..12');
  }
  return month === 2 && isLeapYear(year) ? 29 : DAYS[month - 1]!;
}
