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
