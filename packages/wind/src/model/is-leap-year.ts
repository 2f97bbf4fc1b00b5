/**
 * Gregorian leap year test.
 *
 * @example isLeapYear(2016) // true
 * @example isLeapYear(1900) // false
 */
export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}
