import { civilTimeOf } from '../model/civil-time-of.ts';
import { formatCivilTime } from '../model/format-civil-time.ts';
import type { ObservedWindClimate } from './observed-wind-climate.ts';

/** "+08:00", "-03:30", "+00:00": a fixed UTC offset as ISO 8601 writes it. */
export function utcOffsetText(utcOffsetHours: number): string {
  const minutes = Math.round(Math.abs(utcOffsetHours) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${utcOffsetHours < 0 ? '-' : '+'}${hh}:${mm}`;
}

/**
 * The period of a climate's records as local ISO 8601 stamps with their offset (period-beginning stamps,
 * EXPORTS common conventions): `{ from: '2016-01-09T15:30:00+08:00', to: … }`.
 */
export function climatePeriod(
  climate: ObservedWindClimate,
  utcOffsetHours: number,
): { from: string; to: string } {
  const stamp = (ms: number) =>
    `${formatCivilTime(civilTimeOf(ms, utcOffsetHours), 'YYYY-MM-DDTHH:mm:ss')}${utcOffsetText(utcOffsetHours)}`;
  return { from: stamp(climate.firstStampMs), to: stamp(climate.lastStampMs) };
}

/** A text on one line: control characters (and U+2028/2029 line breaks) become spaces. */
export function singleLine(text: string): string {
  let out = '';
  for (const c of text) {
    const code = c.codePointAt(0)!;
    out += code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029 ? ' ' : c;
  }
  return out;
}
