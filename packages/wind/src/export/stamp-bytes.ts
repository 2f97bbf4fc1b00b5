import { civilTimeOf } from '../model/civil-time-of.ts';
import { formatCivilTime } from '../model/format-civil-time.ts';
import type { TimeGrid } from '../model/types.ts';

const DAY_MS = 86_400_000;
const ZERO = 48;

/**
 * Writes the stamps of a grid's steps as `formatCivilTime(civilTimeOf(stamp, utcOffsetHours), pattern)`
 * would, into a byte buffer: the date part (YYYY, MM, DD and the text between) is formatted once a day
 * and copied, the time fields (HH, mm, ss) are two digits computed from the time of day exactly as
 * {@link civilTimeOf} computes them. Returns `(out, at, i) => position after step i's stamp`.
 */
export function stampWriter(
  grid: TimeGrid,
  utcOffsetHours: number,
  pattern: string,
): (out: Uint8Array, at: number, i: number) => number {
  const stepMs = grid.intervalMinutes * 60_000;
  const offsetMs = utcOffsetHours * 3_600_000;
  // The pattern as parts: a text piece with calendar fields (formatted per day) or one time field.
  const parts = pattern.split(/(HH|mm|ss)/).filter((p) => p !== '');
  const kinds = parts.map((p) => (p === 'HH' ? 1 : p === 'mm' ? 2 : p === 'ss' ? 3 : 0));
  let day = Number.NaN;
  let dayParts: Uint8Array[] = [];
  const encoder = new TextEncoder();
  return (out, at, i) => {
    const stamp = grid.startMs + i * stepMs;
    // The same arithmetic as civilTimeOf (same roundings for any offset).
    const local = stamp + offsetMs;
    const days = Math.floor(local / DAY_MS);
    if (days !== day) {
      const civil = civilTimeOf(stamp, utcOffsetHours);
      dayParts = parts.map((p, k) => (kinds[k] === 0 ? encoder.encode(formatCivilTime(civil, p)) : EMPTY));
      day = days;
    }
    let msOfDay = local - days * DAY_MS;
    const hour = Math.floor(msOfDay / 3_600_000);
    msOfDay -= hour * 3_600_000;
    const minute = Math.floor(msOfDay / 60_000);
    const second = Math.floor((msOfDay - minute * 60_000) / 1000);
    let q = at;
    for (let k = 0; k < kinds.length; k++) {
      const kind = kinds[k]!;
      if (kind === 0) {
        const bytes = dayParts[k]!;
        for (let b = 0; b < bytes.length; b++) out[q++] = bytes[b]!;
        continue;
      }
      const value = kind === 1 ? hour : kind === 2 ? minute : second;
      out[q++] = ZERO + ((value / 10) | 0);
      out[q++] = ZERO + (value % 10);
    }
    return q;
  };
}

const EMPTY = new Uint8Array(0);

/** Room a stamp of `pattern` takes at most (years of any width). */
export function maxStampBytes(pattern: string): number {
  return pattern.length * 3 + 32;
}
