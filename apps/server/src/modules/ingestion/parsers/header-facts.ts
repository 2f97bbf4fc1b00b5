import type { TFileKind } from '@masthub/shared';
import type { TSensorFacts } from './build-channels.ts';

/** What the header block of a logger file says: NRG sensors, a time zone, a hub height, a stamp meaning. */

/** NRG `Sensor History` blocks: the last block of each channel (the current configuration). */
function readNrgSensors(lines: readonly string[]): Map<number, TSensorFacts> {
  const sensors = new Map<number, TSensorFacts>();
  let current: TSensorFacts | null = null;
  for (const line of lines) {
    if (line.trim() === 'Data') break;
    const m = /^([^:\t]+):?\t(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.trim().toLowerCase();
    const value = m[2]!.trim();
    if (key === 'channel') {
      current = { description: '', measurand: '', heightM: null, units: '', type: '' };
      const ch = Number(value);
      if (Number.isInteger(ch)) sensors.set(ch, current);
    } else if (current) {
      if (key === 'description') current.description = value;
      else if (key === 'type' || key === 'sensor type') current.type = value;
      else if (key === 'measurand') current.measurand = value;
      else if (key === 'units') current.units = value;
      else if (key === 'height') {
        const h = Number.parseFloat(value);
        current.heightM = Number.isFinite(h) && h > 0 ? h : null;
      }
    }
  }
  return sensors;
}

/**
 * Minutes of a `UTC-5:00` / `UTC+08:00` / `+8` / `-5` / `UTC +1,0 hrs` / `-8.0` / `+5.5` text: hours and
 * minutes, or decimal hours with a point or a comma.
 */
export function offsetMinutesOf(text: string): number | null {
  const t = text.trim();
  const decimal = /^(?:UTC|GMT)?\s*([+-]?)\s*(\d{1,2})[.,](\d{1,2})\s*(?:h|hr|hrs|hours?)?$/i.exec(t);
  const m = decimal
    ? null
    : /(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?(?:\s*(?:h|hr|hrs|hours?))?$/i.exec(t);
  const bare = decimal || m ? null : /^(\d{1,2})(?::(\d{2}))?(?:\s*(?:h|hr|hrs|hours?))?$/i.exec(t);
  let minutes: number;
  let sign = 1;
  if (decimal) {
    minutes = Math.round(Number(`${decimal[2]}.${decimal[3]}`) * 60);
    sign = decimal[1] === '-' ? -1 : 1;
  } else if (m) {
    minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
    sign = m[1] === '-' ? -1 : 1;
  } else if (bare) {
    minutes = Number(bare[1]) * 60 + Number(bare[2] ?? 0);
  } else return /^(UTC|GMT|Z)$/i.test(t) ? 0 : null;
  return minutes > 14 * 60 ? null : sign * minutes;
}

/** Header lines that state the logger clock's zone: `Time Zone: -5`, `Time sync: UTC +1,0 hrs`, `UTC offset = 8`. */
const ZONE_LINE_RE =
  /^\s*#?\s*(time ?zone|time sync|utc offset|timezone offset|zone)\s*(?:\(h(?:ours)?\))?\s*[:=\t]\s*(.+?)\s*$/i;
/** A zone in a time column's title: `Read time (UTC+2)`, `Date/Time [UTC+08:00]`, `Time (UTC)`. */
const TITLE_ZONE_RE = /[([]\s*((?:UTC|GMT)\s*(?:[+-]\s*\d{1,2}(?:[:.,]\d{1,2})?)?)\s*[)\]]/i;
/**
 * The first line of a TMY3 file: USAF station, "name", state, zone in hours, latitude, longitude,
 * elevation (`690150,"TWENTYNINE PALMS",CA,-8.0,34.300,-116.167,626`).
 */
const TMY3_FIRST_LINE_RE =
  /^\d{6},"?[^",]*"?,[A-Z]{2},(-?\d{1,2}(?:\.\d)?),-?\d{1,3}\.\d+,-?\d{1,3}\.\d+,-?\d+/;

/** Whether the header block opens with a TMY3 station line. */
export function isTmy3(headerBlock: readonly string[]): boolean {
  return TMY3_FIRST_LINE_RE.test(headerBlock[0]?.trim() ?? '');
}

/** Where the file states its zone: the offset in minutes and the text that says it. */
export interface TStatedZone {
  minutes: number;
  text: string;
  source: 'headerLine' | 'columnTitle';
}

/** The zone a header line, a TMY3 station line or the time column's title states; null when none does. */
export function statedZoneOf(headerBlock: readonly string[], timeTitle: string): TStatedZone | null {
  const tmy3 = TMY3_FIRST_LINE_RE.exec(headerBlock[0]?.trim() ?? '');
  if (tmy3) {
    const minutes = offsetMinutesOf(tmy3[1]!);
    if (minutes !== null) return { minutes, text: headerBlock[0]!.trim(), source: 'headerLine' };
  }
  for (const line of headerBlock) {
    const m = ZONE_LINE_RE.exec(line);
    if (!m) continue;
    const minutes = offsetMinutesOf(m[2]!);
    if (minutes !== null) return { minutes, text: m[2]!.trim(), source: 'headerLine' };
  }
  const title = TITLE_ZONE_RE.exec(timeTitle);
  if (title) {
    const minutes = offsetMinutesOf(title[1]!.replace(/\s+/g, ''));
    if (minutes !== null)
      return { minutes, text: timeTitle.trim().replace(/^"|"$/g, ''), source: 'columnTitle' };
  }
  return null;
}

/** The one height a reanalysis header states for its wind columns (Vortex `Hub-Height=100`). */
export function headerHeightOf(headerBlock: readonly string[]): number | undefined {
  for (const line of headerBlock) {
    const m = /\bHub[- _]?Height\s*[=:]\s*(\d{1,4}(?:\.\d+)?)\s*m?\b/i.exec(line);
    if (m && Number(m[1]) > 0) return Number(m[1]);
  }
  return undefined;
}

/** Facts the header block states: time zone, what a stamp means, a non-SI speed unit, NRG sensors. */
export function headerBlockFacts(
  headerBlock: readonly string[],
  kind: TFileKind,
  warnings: string[],
  time: { title: string; stampsCarryZone: boolean },
): {
  utcOffsetMinutes: number;
  timestampIsPeriodEnd: boolean;
  speedUnit: string | undefined;
  sensors: Map<number, TSensorFacts> | undefined;
  /** The header line that said what a stamp marks (beginning or end of its period), if one did. */
  periodLine: string | undefined;
  /** The zone the file states (a header line, the time column's title), if it does. */
  zone: TStatedZone | null;
  /** The file is a TMY3 typical meteorological year (its stamps end their hour). */
  tmy3: boolean;
} {
  // A zone the file states is its clock's; stamps carrying their own offset (NRG LOGR `…Z`) keep theirs,
  // and the header's zone is then the site's, not the stamps' (issue 40).
  let utcOffsetMinutes = 0;
  // WindCube headers are read by their own reader (windcube-sta.ts).
  const zone = kind === 'windcube_sta' ? null : statedZoneOf(headerBlock, time.title);
  if (zone) utcOffsetMinutes = zone.minutes;
  if (zone && !time.stampsCarryZone) warnings.push(`timeZoneFromFile:${zone.text}`);
  const tmy3 = isTmy3(headerBlock);
  let timestampIsPeriodEnd = kind === 'toa5' || kind === 'toaci1' || tmy3;
  const meaning = headerBlock.map((l) => /time stamps indicate the (beginning|end)/i.exec(l)).find(Boolean);
  if (meaning) timestampIsPeriodEnd = meaning[1]!.toLowerCase() === 'end';
  const periodLine = meaning ? meaning.input.trim() : undefined;
  let speedUnit: string | undefined;
  if (headerBlock.some((l) => /\bmph\b/i.test(l))) {
    speedUnit = 'mph';
    warnings.push('unitNotSi:mph');
  }
  const sensors = kind === 'logr' || kind === 'symphoniepro' ? readNrgSensors(headerBlock) : undefined;
  return { utcOffsetMinutes, timestampIsPeriodEnd, speedUnit, sensors, periodLine, zone, tmy3 };
}
