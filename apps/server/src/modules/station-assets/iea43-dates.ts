/**
 * Dates of the IEA Task 43 data model (issue 44). The model's dates carry no time zone as a rule (the demos
 * write `2020-04-12T12:00:00`): they are the local time of the logger in force, whose `offset_from_utc_hrs`
 * says how far from UTC it is. MastHub stores instants (UTC), so an import reads a zone-less date in the
 * offset of the logger in force at that local time (none stated: UTC), a date with a zone as given; an
 * export writes each date back zone-less in the local time of the logger in force at that instant — the same
 * text the file had. A file without loggers is read and written as UTC; a site made in MastHub without a
 * logger is written in its own time base with the zone written out.
 */

const ZONE_RE = /(Z|[+-]\d{2}:?\d{2})$/;
const HOUR_MS = 3_600_000;

/** A logger's clock as the file states it: local from/to (texts, zone-less as written) and offset. */
export interface TFileClock {
  from: string;
  to: string | null;
  offsetHrs: number | null;
}

/** A logger's clock as stored: instants and offset. */
export interface TStoredClock {
  from: Date;
  to: Date | null;
  offsetHrs: number | null;
}

/** `2020-04-12T12:00` → `2020-04-12T12:00:00`, to compare local texts. */
function normalizedLocal(text: string): string {
  const base = text.replace(ZONE_RE, '');
  return base.length === 16 ? `${base}:00` : base.slice(0, 19);
}

/** The offset (hours) of the file's logger in force at a local time; 0 (UTC) when no logger says one. */
export function fileOffsetAt(clocks: readonly TFileClock[], localText: string): number {
  const local = normalizedLocal(localText);
  const inForce = clocks.find(
    (c) => normalizedLocal(c.from) <= local && (c.to === null || local < normalizedLocal(c.to)),
  );
  return (inForce ?? clocks[0])?.offsetHrs ?? 0;
}

/** Reads a data-model date: with a zone as given, without one in the offset of the logger in force. */
export function readIea43Date(text: string, clocks: readonly TFileClock[] = []): Date {
  if (ZONE_RE.test(text)) return new Date(text);
  const utcReading = new Date(`${text}Z`);
  return new Date(utcReading.getTime() - fileOffsetAt(clocks, text) * HOUR_MS);
}

/** The offset of the stored logger in force at an instant (before every logger: the first one's). */
export function storedOffsetAt(clocks: readonly TStoredClock[], at: Date): number | null {
  if (clocks.length === 0) return null;
  const t = at.getTime();
  const inForce = clocks.find((c) => c.from.getTime() <= t && (c.to === null || t < c.to.getTime()));
  return (inForce ?? clocks[0])!.offsetHrs ?? 0;
}

/** Local time at `offsetHrs`, zone-less: `2020-04-12T12:00:00`. */
export function formatLocal(date: Date, offsetHrs: number): string {
  return new Date(date.getTime() + offsetHrs * HOUR_MS).toISOString().slice(0, 19);
}

/** `+08:00` for 8 h, `-05:30` for −5.5 h. */
function zoneOf(offsetHrs: number): string {
  const minutes = Math.round(Math.abs(offsetHrs) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${offsetHrs < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * A writer of data-model dates for a site: zone-less in the local time of the logger in force when the site
 * has loggers, else in the site's time base with its zone written out (so no reader has to guess).
 */
export function iea43DateWriter(
  clocks: readonly TStoredClock[],
  siteOffsetHrs: number,
  options: { imported: boolean } = { imported: false },
) {
  return (date: Date): string => {
    const offset = storedOffsetAt(clocks, date);
    if (offset !== null) return formatLocal(date, offset);
    // An imported file without loggers was read as UTC: written back the same way.
    if (options.imported) return formatLocal(date, 0);
    return `${formatLocal(date, siteOffsetHrs)}${zoneOf(siteOffsetHrs)}`;
  };
}
