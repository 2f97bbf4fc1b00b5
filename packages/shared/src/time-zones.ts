/** One option of the user's time zone (SPEC §9): `code` is sent as the `utc-code` header. */
export interface TUtcOption {
  code: string;
  label: string;
  offsetMinutes: number;
}

function formatOffset(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${sign}${hh}:${mm}`;
}

/**
 * A moment as a reader at a fixed UTC offset (a site's logger zone) reads it, with the zone named:
 * `2025-09-05 20:00 (UTC+08:00)`.
 */
export function formatZonedTime(moment: Date | number, offsetMinutes: number): string {
  const ms = typeof moment === 'number' ? moment : moment.getTime();
  const local = new Date(ms + offsetMinutes * 60_000).toISOString();
  return `${local.slice(0, 10)} ${local.slice(11, 16)} (UTC${formatOffset(offsetMinutes)})`;
}

/** UTC−12:00 … UTC+14:00 in 30-minute steps (53 options). */
export function listUtcOptions(): TUtcOption[] {
  const options: TUtcOption[] = [];
  for (let m = -12 * 60; m <= 14 * 60; m += 30) {
    const code = formatOffset(m);
    options.push({ code, label: `UTC${code}`, offsetMinutes: m });
  }
  return options;
}

/** Parses a `utc-code` header value (`+08:00`, `UTC+08:00`, `+8`) into minutes, or undefined. */
export function parseUtcCode(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const match = /^(?:UTC|GMT)?\s*([+-])(\d{1,2})(?::?(\d{2}))?$/i.exec(value.trim());
  if (!match) return undefined;
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0);
  const signed = match[1] === '-' ? -minutes : minutes;
  if (signed < -12 * 60 || signed > 14 * 60 || signed % 30 !== 0) return undefined;
  return signed;
}

/** Beijing time, the default for Chinese users. */
export const DEFAULT_UTC_CODE = '+08:00';

const DAY_MS = 86_400_000;

/** The calendar date (`YYYY-MM-DD`) of an instant on the wall clock of a fixed UTC offset. */
export function localDate(ms: number, utcOffsetMinutes: number): string {
  return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);
}

/** An instant to the minute (`YYYY-MM-DD HH:mm`) on the wall clock of a fixed UTC offset. */
export function localMinute(ms: number, utcOffsetMinutes: number): string {
  return new Date(ms + utcOffsetMinutes * 60_000).toISOString().slice(0, 16).replace('T', ' ');
}

/** `UTC+08:00` of an offset in minutes, to say which clock a written time is on. */
export function utcLabel(utcOffsetMinutes: number): string {
  return `UTC${formatOffset(utcOffsetMinutes)}`;
}

/**
 * The first and last calendar dates of a period [startMs, endMs) at a fixed UTC offset, as a period is
 * written for people: its end is exclusive, so a period ending at local midnight ends on the day before
 * (2024-10-31 16:00Z – 2024-11-30 16:00Z at UTC+08:00 reads 2024-11-01 – 2024-11-30).
 *
 * @example localDateRange(Date.UTC(2024, 9, 31, 16), Date.UTC(2024, 10, 30, 16), 480) // { start: '2024-11-01', end: '2024-11-30' }
 */
export function localDateRange(
  startMs: number,
  endMs: number,
  utcOffsetMinutes: number,
): { start: string; end: string } {
  return {
    start: localDate(startMs, utcOffsetMinutes),
    end: localDate(Math.max(startMs, endMs - 1), utcOffsetMinutes),
  };
}

/**
 * Measuring days of a site (issue 41), the one definition every screen, report and answer uses: the calendar
 * days of the site's zone (the fixed UTC offset its loggers write) from the day of the first record to the day
 * of the last record, both counted — a record belongs to the day of its period start (WIND-ANALYSIS §1).
 * Two full years of 10-minute data (first record 00:00 on 1 January, last 23:50 on 31 December of the next
 * year) are 730 or 731 days, not the 729 a difference of instants floored to days gives; one record is one day.
 * Days without data inside the span count (a site measures from its first record to its last); the recovery
 * rate says how much of that span holds data.
 *
 * @returns the number of days, or null without a first or last record (or a last before the first)
 * @example measuringDays(Date.UTC(2022, 11, 31, 16), Date.UTC(2024, 11, 31, 15, 50), 480) // 731
 */
export function measuringDays(
  firstRecordMs: number | null | undefined,
  lastRecordMs: number | null | undefined,
  utcOffsetMinutes: number,
): number | null {
  if (
    firstRecordMs === null ||
    firstRecordMs === undefined ||
    lastRecordMs === null ||
    lastRecordMs === undefined ||
    !Number.isFinite(firstRecordMs) ||
    !Number.isFinite(lastRecordMs) ||
    lastRecordMs < firstRecordMs
  ) {
    return null;
  }
  const dayOf = (ms: number) => Math.floor((ms + utcOffsetMinutes * 60_000) / DAY_MS);
  return dayOf(lastRecordMs) - dayOf(firstRecordMs) + 1;
}
