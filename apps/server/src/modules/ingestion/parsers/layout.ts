import type { TFieldDelimiter } from '@masthub/shared';
import { MAX_FILE_COLUMNS } from '@masthub/shared';
import { normalizeUnit } from './channel-names.ts';
import { splitFields } from './split-lines.ts';
import {
  isCompactDateOnly,
  isCompactTimeOnly,
  isDateOnly,
  isTimeOnly,
  looksLikeStamp,
} from './time-formats.ts';

/** The rows of a logger file around its data: the data block, its date columns and the rows above it. */

const DELIMITERS: TFieldDelimiter[] = ['\t', ',', ';', ' '];
export const STAT_ROW_WORDS = new Set([
  'avg',
  'max',
  'min',
  'std',
  'smp',
  'tot',
  'wvc',
  'tmx',
  'tmn',
  'sd',
  'mean',
  '',
]);
export const NUMBER_RE = /^\s*"?[+-]?(\d+([.,]\d*)?|[.,]\d+)([eE][+-]?\d+)?"?\s*$/;

export interface TLayout {
  delimiter: TFieldDelimiter;
  /** 0-based line index of the first data row. */
  dataIndex: number;
  dateStart: number;
  dateEnd: number;
  fieldCount: number;
  rows: (string[] | null)[];
}

/** A compact date (`20200101`) in the years a logger or a reanalysis writes, not a record counter (`21980722`). */
function plausibleCompactDate(text: string): boolean {
  const year = Number(text.trim().replace(/^"/, '').slice(0, 4));
  return year >= 1900 && year <= 2100;
}

/**
 * Date columns of a row: of its first four fields, the first stamp with a time of day (a date and time, a
 * date then a time column, a compact date then an HHMM column); else the first date alone. A number that
 * merely looks like a compact date (ZephIR's `Reference` counter 21980722 before `Time and Date`) is
 * never taken over a stamp with a time, nor when its year is implausible.
 */
export function dateColumnsOf(fields: readonly string[]): [number, number] | null {
  let dateOnly: [number, number] | null = null;
  for (let c = 0; c < Math.min(4, fields.length); c++) {
    const f = fields[c]!;
    if (!looksLikeStamp(f)) continue;
    if (isDateOnly(f) && c + 1 < fields.length && isTimeOnly(fields[c + 1]!)) return [c, c + 1];
    // Vortex and similar series: `20200101 0000` (a compact date, then the time as HHMM).
    if (isCompactDateOnly(f)) {
      if (!plausibleCompactDate(f)) continue;
      if (c + 1 < fields.length && isCompactTimeOnly(fields[c + 1]!)) return [c, c + 1];
      dateOnly ??= [c, c];
      continue;
    }
    if (isDateOnly(f)) {
      dateOnly ??= [c, c];
      continue;
    }
    return [c, c];
  }
  return dateOnly;
}

/**
 * Delimiter, first data row and date columns. Data sit at the end of a logger file, so per candidate
 * delimiter the data block is found from the last stamped row upwards: rows whose leading fields read as a
 * stamp in the same columns, blank lines and single odd rows (repeated headers) allowed, ending at two
 * odd rows in a row (header, units, metadata). The candidate with the most block rows wins, then the
 * most fields; ties keep the earlier of tab, comma, semicolon, space.
 */
export function detectLayout(lines: readonly string[], pinned?: TFieldDelimiter): TLayout | null {
  let best: TLayout | null = null;
  let bestRows = 0;
  for (const d of pinned ? [pinned] : DELIMITERS) {
    const rows = lines.map((l) => (l.trim() === '' ? null : splitFields(l, d, MAX_FILE_COLUMNS + 1)));
    const keys: (string | null)[] = rows.map((f) => {
      if (!f || f.length < 2) return null;
      const dc = dateColumnsOf(f);
      return dc ? `${dc[0]}:${dc[1]}` : null;
    });
    let last = rows.length - 1;
    let seen = 0;
    while (last >= 0 && seen < 5 && keys[last] === null) {
      if (rows[last] !== null) seen++;
      last--;
    }
    if (last < 0 || keys[last] === null) continue;
    const key = keys[last]!;
    let dataIndex = last;
    let odd = 0;
    for (let i = last; i >= 0; i--) {
      if (rows[i] === null) continue;
      if (keys[i] === key) {
        dataIndex = i;
        odd = 0;
      } else if (++odd >= 2) break;
    }
    const counts = new Map<number, number>();
    let dataRows = 0;
    for (let i = dataIndex; i <= last; i++) {
      if (keys[i] !== key) continue;
      dataRows++;
      const len = rows[i]!.length;
      counts.set(len, (counts.get(len) ?? 0) + 1);
    }
    let fieldCount = 0;
    let fieldCountRows = 0;
    for (const [len, c] of counts) {
      if (c > fieldCountRows || (c === fieldCountRows && len > fieldCount)) {
        fieldCount = len;
        fieldCountRows = c;
      }
    }
    if (fieldCount < 2) continue;
    const better =
      best === null ||
      dataRows > bestRows ||
      (dataRows === bestRows && d !== ' ' && fieldCount > best.fieldCount);
    if (better) {
      const [a, b] = key.split(':').map(Number);
      best = { delimiter: d, dataIndex, dateStart: a!, dateEnd: b!, fieldCount, rows };
      bestRows = dataRows;
    }
  }
  return best;
}

export function isUnitsRow(fields: readonly string[]): boolean {
  const filled = fields.filter((f) => f.trim() !== '');
  if (filled.length === 0) return false;
  const unitLike = filled.filter((f) => normalizeUnit(f) !== null || /^(TS|RN|unitless|-)$/i.test(f.trim()));
  return unitLike.length >= filled.length * 0.5;
}
function isStatsRow(fields: readonly string[]): boolean {
  const filled = fields.filter((f) => f.trim() !== '');
  return filled.length > 0 && fields.every((f) => STAT_ROW_WORDS.has(f.trim().toLowerCase()));
}
function isHeaderRow(fields: readonly string[] | null): boolean {
  if (!fields || fields.length < 2) return false;
  const filled = fields.filter((f) => f.trim() !== '');
  const numeric = filled.filter((f) => NUMBER_RE.test(f));
  return filled.length >= 2 && numeric.length <= filled.length * 0.5;
}

/** A row of heights under the names, as reanalysis and weather downloads write it: `height,0,2,10,0,10,80`. */
function isHeightsRow(fields: readonly string[]): boolean {
  if (!/^\s*"?(height|heights|height \(m\)|height_m|z|level|agl)"?\s*$/i.test(fields[0] ?? '')) return false;
  const rest = fields.slice(1).filter((f) => f.trim() !== '');
  return rest.length > 0 && rest.every((f) => NUMBER_RE.test(f));
}

/** The header, units, processing and heights rows just above the data (−1 where there is none). */
export function rowsAboveData(
  rows: readonly (string[] | null)[],
  dataIndex: number,
): { headerIndex: number; unitsIndex: number; statsIndex: number; heightsIndex: number } {
  let headerIndex = -1;
  let unitsIndex = -1;
  let statsIndex = -1;
  let heightsIndex = -1;
  for (let i = dataIndex - 1, steps = 0; i >= 0 && steps < 4; i--) {
    const f = rows[i];
    if (!f) continue;
    steps++;
    if (isStatsRow(f) && statsIndex < 0 && headerIndex < 0) statsIndex = i;
    else if (isHeightsRow(f) && heightsIndex < 0 && headerIndex < 0) heightsIndex = i;
    else if (isUnitsRow(f) && unitsIndex < 0 && headerIndex < 0) unitsIndex = i;
    else if (isHeaderRow(f)) {
      headerIndex = i;
      break;
    } else break;
  }
  // Units, processing and heights rows count only under a header.
  return headerIndex < 0
    ? { headerIndex, unitsIndex: -1, statsIndex: -1, heightsIndex: -1 }
    : { headerIndex, unitsIndex, statsIndex, heightsIndex };
}

/**
 * Column names a comment block gives a file without a header row (`# Col. 3 : Wind speed at 2m (m/s)`,
 * a ground weather station's export); null when it gives none.
 */
export function commentedHeader(headerBlock: readonly string[]): string[] | null {
  const header: string[] = [];
  for (const line of headerBlock) {
    const m = /^\s*#\s*Col(?:umn)?\.?\s*(\d{1,4})\s*[:=]\s*(.+?)\s*$/i.exec(line);
    if (m && Number(m[1]) >= 1) header[Number(m[1]) - 1] = m[2]!;
  }
  return header.length >= 2 ? Array.from(header, (h) => h ?? '') : null;
}
