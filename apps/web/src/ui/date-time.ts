import { parseUtcCode } from '@masthub/shared/time-zones.ts';
import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);

export const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
const WALL_TIME_FORMAT = 'YYYY-MM-DDTHH:mm:ss';

/** Minutes east of UTC for a stored `utc-code`; an unreadable code counts as Beijing time. */
export function utcOffsetMinutes(utcCode: string): number {
  return parseUtcCode(utcCode) ?? 8 * 60;
}

/**
 * An instant from the server (ISO 8601) as wall time in the user's time zone (SPEC §9), so every
 * screen shows the same clock whatever the browser's own zone is. Empty or invalid values give ''.
 */
export function formatDateTime(value: string | null | undefined, utcCode: string): string {
  if (!value) return '';
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return '';
  return instant.utcOffset(utcOffsetMinutes(utcCode)).format(DATE_TIME_FORMAT);
}

const DATE_FORMAT = 'YYYY-MM-DD';
const MINUTE_FORMAT = 'YYYY-MM-DD HH:mm';

/** An instant's calendar date in the user's time zone (`YYYY-MM-DD`); '' for empty or invalid values. */
export function formatDate(value: string | null | undefined, utcCode: string): string {
  if (!value) return '';
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return '';
  return instant.utcOffset(utcOffsetMinutes(utcCode)).format(DATE_FORMAT);
}

/** An instant to the minute in the user's time zone (`YYYY-MM-DD HH:mm`), for logger periods; '' when empty. */
export function formatDateMinute(value: string | null | undefined, utcCode: string): string {
  if (!value) return '';
  const instant = dayjs.utc(value);
  if (!instant.isValid()) return '';
  return instant.utcOffset(utcOffsetMinutes(utcCode)).format(MINUTE_FORMAT);
}

/**
 * The dates of a period [start, end) in the user's time zone, as people read a period: the end is
 * exclusive, so a period that ends at midnight ends on the day before (an analysis of November read in
 * Beijing time is 2024-11-01 – 2024-11-30, never 2024-10-31 – 2024-11-30 of its UTC stamps). An open or
 * invalid end gives ''.
 */
export function formatDateRange(
  start: string | null | undefined,
  end: string | null | undefined,
  utcCode: string,
): { start: string; end: string } {
  const endInstant = end ? dayjs.utc(end) : undefined;
  const last = endInstant?.isValid() ? endInstant.subtract(1, 'millisecond').toISOString() : null;
  const from = formatDate(start, utcCode);
  const to = formatDate(last, utcCode);
  return { start: from, end: from && to && to < from ? from : to };
}

/**
 * A wall time picked on screen (`2026-05-01 08:00:00`, read as the user's time zone) as an ISO instant
 * with that zone's offset, which the server parses unambiguously.
 */
export function wallTimeToIso(wallTime: string, utcCode: string): string {
  const minutes = utcOffsetMinutes(utcCode);
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  const offset = `${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${dayjs(wallTime).format(WALL_TIME_FORMAT)}${offset}`;
}
