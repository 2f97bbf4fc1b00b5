import type { CivilTime } from './types.ts';

const DAY_MS = 86_400_000;

/**
 * Local calendar fields of a UTC epoch-ms stamp at a fixed UTC offset (no DST, WIND-ANALYSIS §1).
 * Uses the proleptic Gregorian days-to-civil algorithm (H. Hinnant, "chrono-compatible low-level date
 * algorithms", https://howardhinnant.github.io/date_algorithms.html), so no `Date` object is created.
 *
 * @param utcOffsetHours fixed offset of local standard time, e.g. 8 for Beijing time
 * @example civilTimeOf(Date.UTC(2016, 0, 9, 15, 30), 8) // { year: 2016, month: 1, day: 9, hour: 23, minute: 30, second: 0 }
 */
export function civilTimeOf(timestampMs: number, utcOffsetHours = 0): CivilTime {
  const local = timestampMs + utcOffsetHours * 3_600_000;
  const days = Math.floor(local / DAY_MS);
  let msOfDay = local - days * DAY_MS;
  const hour = Math.floor(msOfDay / 3_600_000);
  msOfDay -= hour * 3_600_000;
  const minute = Math.floor(msOfDay / 60_000);
  const second = Math.floor((msOfDay - minute * 60_000) / 1000);
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  const year = yoe + era * 400 + (month <= 2 ? 1 : 0);
  return { year, month, day, hour, minute, second };
}
