import type { CivilTime } from './types.ts';

/**
 * Formats calendar fields with the tokens YYYY, MM, DD, HH, mm, ss (zero-padded); other characters are
 * copied. No locale, no time zone: the caller chooses the local time (see {@link civilTimeOf}).
 *
 * @example formatCivilTime({ year: 2016, month: 1, day: 9, hour: 15, minute: 30, second: 0 }, 'DD.MM.YYYY HH:mm') // '09.01.2016 15:30'
 */
export function formatCivilTime(time: CivilTime, pattern: string): string {
  return pattern.replace(/YYYY|MM|DD|HH|mm|ss/g, (token) => {
    switch (token) {
      case 'YYYY':
        return String(time.year).padStart(4, '0');
      case 'MM':
        return pad(time.month);
      case 'DD':
        return pad(time.day);
      case 'HH':
        return pad(time.hour);
      case 'mm':
        return pad(time.minute);
      default:
        return pad(time.second);
    }
  });
}

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
