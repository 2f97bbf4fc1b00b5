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
      current = { description: '', heightM: null, units: '', type: '' };
      const ch = Number(value);
      if (Number.isInteger(ch)) sensors.set(ch, current);
    } else if (current) {
      if (key === 'description') current.description = value;
      else if (key === 'type') current.type = value;
      else if (key === 'units') current.units = value;
      else if (key === 'height') {
        const h = Number.parseFloat(value);
        current.heightM = Number.isFinite(h) && h > 0 ? h : null;
      }
    }
  }
  return sensors;
}

/** Minutes of a `UTC-5:00` / `UTC+08:00` / `+8` text. */
export function offsetMinutesOf(text: string): number | null {
  const m = /(?:UTC|GMT)?\s*([+-])\s*(\d{1,2})(?::?(\d{2}))?/.exec(text);
  if (!m) return /^(UTC|GMT)$/i.test(text.trim()) ? 0 : null;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return minutes > 14 * 60 ? null : (m[1] === '-' ? -1 : 1) * minutes;
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
): {
  utcOffsetMinutes: number;
  timestampIsPeriodEnd: boolean;
  speedUnit: string | undefined;
  sensors: Map<number, TSensorFacts> | undefined;
  /** The header line that said what a stamp marks (beginning or end of its period), if one did. */
  periodLine: string | undefined;
} {
  let utcOffsetMinutes = 0;
  const tz = headerBlock.map((l) => /^Time Zone:\s*(.+)$/i.exec(l)).find(Boolean);
  if (tz && kind === 'symphoniepro') {
    const minutes = offsetMinutesOf(tz[1]!);
    if (minutes !== null) {
      utcOffsetMinutes = minutes;
      warnings.push(`timeZoneFromFile:${tz[1]!.trim()}`);
    }
  }
  let timestampIsPeriodEnd = kind === 'toa5' || kind === 'toaci1';
  const meaning = headerBlock.map((l) => /time stamps indicate the (beginning|end)/i.exec(l)).find(Boolean);
  if (meaning) timestampIsPeriodEnd = meaning[1]!.toLowerCase() === 'end';
  const periodLine = meaning ? meaning.input.trim() : undefined;
  let speedUnit: string | undefined;
  if (headerBlock.some((l) => /\bmph\b/i.test(l))) {
    speedUnit = 'mph';
    warnings.push('unitNotSi:mph');
  }
  const sensors = kind === 'logr' || kind === 'symphoniepro' ? readNrgSensors(headerBlock) : undefined;
  return { utcOffsetMinutes, timestampIsPeriodEnd, speedUnit, sensors, periodLine };
}
