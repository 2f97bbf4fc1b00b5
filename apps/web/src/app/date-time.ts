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
