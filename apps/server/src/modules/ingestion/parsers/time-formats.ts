import { CHINESE_WORDS } from './chinese-words.ts';

/**
 * Time-stamp formats: detection from sample stamps (IMPORTS.md §3) and a compiled per-format parser that
 * reads a stamp straight from a byte range — no string per row. Format tokens: YYYY YY M MM D DD H HH mm
 * ss SSS (fraction) Z (offset ±HH:mm, ±HHmm or 'Z'); everything else is a literal separator, matched
 * leniently as "one or more non-digit bytes" so that 年/月/日 work in any encoding. 'EXCEL' reads Excel
 * serial day numbers.
 */

/** The Chinese date and time marks 年 月 日 时 分 (chinese-words.json). */
const { year: YEAR, month: MONTH, day: DAY, hour: HOUR, minute: MINUTE } = CHINESE_WORDS.dateMarks;

/** Formats offered by the `date_formats` call; detection produces others of the same grammar. */
export const DATE_FORMATS: readonly string[] = [
  'YYYY-MM-DD HH:mm:ss',
  'YYYY-MM-DD HH:mm',
  'YYYY-MM-DD HH:mm:ss.SSS',
  'YYYY-MM-DDTHH:mm:ssZ',
  'YYYY-MM-DD HH:mm:ssZ',
  'YYYY/MM/DD HH:mm:ss',
  'YYYY/MM/DD HH:mm',
  'YYYY/M/D H:mm',
  'YYYY/M/D H:mm:ss',
  'YYYY.MM.DD HH:mm:ss',
  `YYYY${YEAR}M${MONTH}D${DAY} H:mm`,
  `YYYY${YEAR}M${MONTH}D${DAY} H:mm:ss`,
  'DD/MM/YYYY HH:mm',
  'DD/MM/YYYY HH:mm:ss',
  'DD/MM/YYYY HH:mm:ssZ',
  'DD/MM/YY HH:mm',
  'DD.MM.YYYY HH:mm:ss',
  'DD-MM-YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'MM/DD/YYYY HH:mm:ss',
  'M/D/YY H:mm',
  'MM-DD-YYYY HH:mm:ss',
  'YYYYMMDDHHmm',
  'YYYYMMDDHHmmss',
  'EXCEL',
];

enum Op {
  Year4 = 1,
  Year2 = 2,
  Month = 3,
  Day = 4,
  Hour = 5,
  Minute = 6,
  Second = 7,
  Fraction = 8,
  Offset = 9,
  Literal = 10,
}

/** A format compiled for the byte parser. */
export interface TCompiledTimeFormat {
  readonly format: string;
  readonly ops: Int8Array;
  /** 1 when the numeric token has a fixed width (no separator next to it), else 0. */
  readonly fixed: Int8Array;
  readonly isExcel: boolean;
}

const TOKENS: [string, Op][] = [
  ['YYYY', Op.Year4],
  ['SSS', Op.Fraction],
  ['YY', Op.Year2],
  ['MM', Op.Month],
  ['DD', Op.Day],
  ['HH', Op.Hour],
  ['mm', Op.Minute],
  ['ss', Op.Second],
  ['M', Op.Month],
  ['D', Op.Day],
  ['H', Op.Hour],
  ['m', Op.Minute],
  ['s', Op.Second],
  ['Z', Op.Offset],
];

/** Compiles a format string; throws on a format with no year, month and day. */
export function compileTimeFormat(format: string): TCompiledTimeFormat {
  if (format.trim().toUpperCase() === 'EXCEL') {
    return { format, ops: new Int8Array(0), fixed: new Int8Array(0), isExcel: true };
  }
  const ops: Op[] = [];
  let i = 0;
  while (i < format.length) {
    const hit = TOKENS.find(([t]) => format.startsWith(t, i));
    if (hit) {
      ops.push(hit[1]);
      i += hit[0].length;
    } else {
      if (ops[ops.length - 1] !== Op.Literal) ops.push(Op.Literal);
      i++;
    }
  }
  // A fraction ('.SSS') or an offset (' Z') needs no literal of its own: their readers skip the mark.
  for (let k = 1; k < ops.length; k++) {
    if ((ops[k] === Op.Fraction || ops[k] === Op.Offset) && ops[k - 1] === Op.Literal) ops.splice(--k, 1);
  }
  while (ops[ops.length - 1] === Op.Literal) ops.pop();
  if (
    !ops.includes(Op.Month) ||
    !ops.includes(Op.Day) ||
    !(ops.includes(Op.Year4) || ops.includes(Op.Year2))
  ) {
    throw new Error(`compileTimeFormat: "${format}" needs a year, a month and a day`);
  }
  const fixed = new Int8Array(ops.length);
  for (let k = 0; k < ops.length; k++) {
    const o = ops[k]!;
    if (o === Op.Literal || o === Op.Offset || o === Op.Fraction) continue;
    const prev = ops[k - 1];
    const next = ops[k + 1];
    const numeric = (x: Op | undefined) =>
      x !== undefined && x !== Op.Literal && x !== Op.Offset && x !== Op.Fraction;
    if (numeric(prev) || numeric(next)) fixed[k] = 1;
  }
  return { format, ops: Int8Array.from(ops), fixed, isExcel: false };
}

/** Days from 1970-01-01 to the first of a month, cached per (year, month) for 1900–2155. */
const MONTH_DAYS_CACHE = new Float64Array(256 * 12).fill(Number.NaN);
function daysFromCivil(y: number, m: number): number {
  // Howard Hinnant's days_from_civil for day 1 of the month.
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const mp = (m + 9) % 12;
  const doy = Math.floor((153 * mp + 2) / 5);
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}
function monthStartDays(y: number, m: number): number {
  const idx = (y - 1900) * 12 + (m - 1);
  if (idx < 0 || idx >= MONTH_DAYS_CACHE.length) return daysFromCivil(y, m);
  let v = MONTH_DAYS_CACHE[idx]!;
  if (Number.isNaN(v)) {
    v = daysFromCivil(y, m);
    MONTH_DAYS_CACHE[idx] = v;
  }
  return v;
}
const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function parseExcelSerial(b: Uint8Array, s: number, e: number): number {
  let text = '';
  for (let i = s; i < e; i++) {
    const c = b[i]!;
    if (c !== 0x22 && c !== 0x20) text += String.fromCharCode(c);
  }
  if (!/^\d+(\.\d+)?$/.test(text)) return Number.NaN;
  const serial = Number(text);
  if (serial < 1 || serial > 2_958_465) return Number.NaN;
  return Math.round((serial - 25569) * 86400) * 1000;
}

/**
 * Reads a stamp from bytes [s, e) with a compiled format: UTC epoch ms of the wall-clock time, minus the
 * stamp's own offset when it carries one. Returns NaN when the bytes do not fit the format.
 * `hasOffset` (out) tells whether the stamp carried an offset.
 */
export function parseTimeBytes(
  b: Uint8Array,
  s: number,
  e: number,
  f: TCompiledTimeFormat,
  defaultOffsetMinutes: number,
): number {
  if (f.isExcel) return parseExcelSerial(b, s, e);
  while (s < e && (b[s] === 0x20 || b[s] === 0x22 || b[s] === 0x09)) s++;
  while (e > s && (b[e - 1] === 0x20 || b[e - 1] === 0x22 || b[e - 1] === 0x09)) e--;
  const ops = f.ops;
  const fixed = f.fixed;
  let year = -1;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let second = 0;
  let fracMs = 0;
  let offset = Number.NaN;
  let i = s;
  let hasSecond = false;
  for (let k = 0; k < ops.length; k++) {
    const op = ops[k]!;
    if (op === Op.Literal) {
      const start = i;
      while (i < e) {
        const c = b[i]!;
        if (c >= 0x30 && c <= 0x39) break;
        i++;
      }
      if (i === start || i - start > 16) return Number.NaN;
      continue;
    }
    if (op === Op.Fraction) {
      if (i < e && (b[i] === 0x2e || b[i] === 0x2c)) {
        i++;
        let scale = 100;
        while (i < e) {
          const d = b[i]! - 0x30;
          if (d < 0 || d > 9) break;
          fracMs += d * scale;
          scale /= 10;
          i++;
        }
      }
      continue;
    }
    if (op === Op.Offset) {
      const r = readOffset(b, i, e);
      if (r < 0) continue;
      offset = OFFSET_OUT[0]!;
      i = r;
      continue;
    }
    const width = op === Op.Year4 ? 4 : 2;
    const minDigits = fixed[k] === 1 || op === Op.Year4 ? width : 1;
    let v = 0;
    let n = 0;
    while (i < e && n < width) {
      const d = b[i]! - 0x30;
      if (d < 0 || d > 9) break;
      v = v * 10 + d;
      n++;
      i++;
    }
    if (n < minDigits) return Number.NaN;
    switch (op) {
      case Op.Year4:
        year = v;
        break;
      case Op.Year2:
        year = v < 70 ? 2000 + v : 1900 + v;
        break;
      case Op.Month:
        month = v;
        break;
      case Op.Day:
        day = v;
        break;
      case Op.Hour:
        hour = v;
        break;
      case Op.Minute:
        minute = v;
        break;
      default:
        second = v;
        hasSecond = true;
    }
  }
  // Lenient tail: seconds, a fraction and an offset the format did not name.
  if (!hasSecond && i + 2 < e + 0 && b[i] === 0x3a && isDigit(b[i + 1]) && isDigit(b[i + 2])) {
    second = (b[i + 1]! - 0x30) * 10 + (b[i + 2]! - 0x30);
    i += 3;
  }
  if (i < e && b[i] === 0x2e && isDigit(b[i + 1])) {
    i++;
    let scale = 100;
    while (i < e && isDigit(b[i])) {
      fracMs += (b[i]! - 0x30) * scale;
      scale /= 10;
      i++;
    }
  }
  if (i < e && Number.isNaN(offset)) {
    const r = readOffset(b, i, e);
    if (r >= 0) {
      offset = OFFSET_OUT[0]!;
      i = r;
    }
  }
  if (i !== e) return Number.NaN;
  if (year < 0 || month < 1 || month > 12 || day < 1 || day > DAYS_IN_MONTH[month - 1]!) return Number.NaN;
  if (day === 29 && month === 2 && !(year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)))
    return Number.NaN;
  if (hour > 24 || minute > 59 || second > 60 || (hour === 24 && (minute > 0 || second > 0)))
    return Number.NaN;
  const days = monthStartDays(year, month) + day - 1;
  const off = !Number.isNaN(offset) ? offset : defaultOffsetMinutes;
  return (days * 1440 + hour * 60 + minute - off) * 60000 + second * 1000 + Math.round(fracMs);
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

const OFFSET_OUT = new Float64Array(1);
/** Reads ' Z', ' UTC', '+08:00', '+0800', '-06' at i; returns the index after it or -1. */
function readOffset(b: Uint8Array, i: number, e: number): number {
  while (i < e && b[i] === 0x20) i++;
  if (i >= e) return -1;
  let c = b[i]!;
  if (c === 0x5a /* Z */) {
    OFFSET_OUT[0] = 0;
    return i + 1;
  }
  if (c === 0x55 /* U */ && b[i + 1] === 0x54 && b[i + 2] === 0x43) {
    i += 3;
    if (i >= e) {
      OFFSET_OUT[0] = 0;
      return i;
    }
    c = b[i]!;
  }
  if (c !== 0x2b && c !== 0x2d) return -1;
  const sign = c === 0x2d ? -1 : 1;
  i++;
  if (!isDigit(b[i]) || !isDigit(b[i + 1])) return -1;
  const hh = (b[i]! - 0x30) * 10 + (b[i + 1]! - 0x30);
  i += 2;
  let mm = 0;
  if (b[i] === 0x3a) i++;
  if (i + 1 < e + 1 && isDigit(b[i]) && isDigit(b[i + 1])) {
    mm = (b[i]! - 0x30) * 10 + (b[i + 1]! - 0x30);
    i += 2;
  }
  if (hh > 14 || mm > 59) return -1;
  OFFSET_OUT[0] = sign * (hh * 60 + mm);
  return i;
}

const encoder = new TextEncoder();
/** parseTimeBytes for a string (recognition, tests). */
export function parseTimeString(text: string, f: TCompiledTimeFormat, defaultOffsetMinutes = 0): number {
  const b = encoder.encode(text);
  return parseTimeBytes(b, 0, b.length, f, defaultOffsetMinutes);
}

const STAMP_RE = new RegExp(
  String.raw`^\s*"?(\d{1,4})([-/._]|${YEAR})(\d{1,2})([-/._]|${MONTH})(\d{1,4})${DAY}?(?:(\s+[A-Za-z]+)?(\s+|T)(\d{1,2})[:${HOUR}](\d{2})(?:[:${MINUTE}](\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|[+-]\d{2}:?\d{2})?"?\s*$`,
);
const COMPACT_RE = /^\s*"?(\d{4})(\d{2})(\d{2})(?:(T|\s?)(\d{2})(\d{2})(\d{2})?)?"?\s*$/;

/** Whether a text could start a time stamp (used to find data rows before the format is known). */
export function looksLikeStamp(text: string): boolean {
  return STAMP_RE.test(text) || COMPACT_RE.test(text);
}
/** Whether a text is a date without a time (the time then sits in the next column). */
export function isDateOnly(text: string): boolean {
  const m = STAMP_RE.exec(text);
  return m !== null && m[8] === undefined;
}
/** Whether a text is a compact date without a time (`20200101`). */
export function isCompactDateOnly(text: string): boolean {
  const m = COMPACT_RE.exec(text);
  return m !== null && m[5] === undefined;
}
/** Whether a text is a time of day written HHMM (`0000`, `2330`), as beside a compact date. */
export function isCompactTimeOnly(text: string): boolean {
  const m = /^\s*"?(\d{2})(\d{2})"?\s*$/.exec(text);
  return m !== null && Number(m[1]) <= 23 && Number(m[2]) <= 59;
}
/** Whether a text is a time of day (`15:30`, `15:30:00`). */
export function isTimeOnly(text: string): boolean {
  return /^\s*"?\d{1,2}:\d{2}(:\d{2}([.,]\d+)?)?"?\s*$/.test(text);
}

export interface TDetectedTimeFormat {
  format: string;
  /** Day/month order could not be told from the values; day-first was assumed. */
  isAmbiguous: boolean;
}

/**
 * The format of sample stamps (in file order). Day-first vs month-first (IMPORTS.md §3): a first field
 * > 12 means day-first, a second field > 12 month-first; otherwise the order giving the more regular
 * time step wins, ties go to day-first with `isAmbiguous`.
 */
export function detectTimeFormat(samples: readonly string[]): TDetectedTimeFormat | null {
  const clean = samples.filter((s) => s.trim() !== '');
  if (clean.length === 0) return null;
  const compact = clean.map((s) => COMPACT_RE.exec(s));
  if (compact.filter(Boolean).length >= clean.length * 0.9) {
    const m = compact.find(Boolean)!;
    const time =
      m[5] === undefined ? '' : `${m[4] === 'T' ? 'T' : m[4] === ' ' ? ' ' : ''}HHmm${m[7] ? 'ss' : ''}`;
    return { format: `YYYYMMDD${time}`, isAmbiguous: false };
  }
  const matches = clean.map((s) => STAMP_RE.exec(s)).filter((m): m is RegExpExecArray => m !== null);
  if (matches.length < clean.length * 0.9) return null;
  const first = matches[0]!;
  const g = (m: RegExpExecArray, k: number) => Number(m[k]);
  const padded = (k: number) => matches.every((m) => (m[k] ?? '').length === 2);
  const anyOver = (k: number, limit: number) => matches.some((m) => g(m, k) > limit);
  const sep1 = first[2]!;
  const sep2 = first[4]!;
  const chinese = sep1 === YEAR;
  const hasTime = matches.some((m) => m[8] !== undefined);
  const hasSeconds = matches.some((m) => m[10] !== undefined);
  const hasFraction = matches.some((m) => m[11] !== undefined);
  const hasOffset = matches.some((m) => m[12] !== undefined);
  const tSep = first[7]?.includes('T') ? 'T' : ' ';
  let time = '';
  if (hasTime) {
    const h = padded(8) ? 'HH' : 'H';
    time = `${tSep}${h}:mm${hasSeconds ? ':ss' : ''}${hasFraction ? '.SSS' : ''}`;
  }
  const offset = hasOffset ? 'Z' : '';
  const m1 = padded(3) ? 'MM' : 'M';
  if ((first[1] ?? '').length === 4) {
    const dayFirst = anyOver(3, 12);
    const mid = dayFirst ? (padded(3) ? 'DD' : 'D') : m1;
    const last = dayFirst ? (padded(5) ? 'MM' : 'M') : padded(5) ? 'DD' : 'D';
    const date = chinese ? `YYYY${YEAR}${mid}${MONTH}${last}${DAY}` : `YYYY${sep1}${mid}${sep2}${last}`;
    return { format: date + time + offset, isAmbiguous: false };
  }
  const yearLen = (first[5] ?? '').length;
  if (yearLen !== 4 && yearLen !== 2) return null;
  if (yearLen === 2 && anyOver(1, 31)) {
    const date = `YY${sep1}${m1}${sep2}${padded(5) ? 'DD' : 'D'}`;
    return { format: date + time + offset, isAmbiguous: false };
  }
  const y = yearLen === 4 ? 'YYYY' : 'YY';
  const a = padded(1) ? 2 : 1;
  const bb = padded(3) ? 2 : 1;
  const build = (dayFirst: boolean) => {
    const p1 = dayFirst ? 'D'.repeat(a) : 'M'.repeat(a);
    const p2 = dayFirst ? 'M'.repeat(bb) : 'D'.repeat(bb);
    return `${p1}${sep1}${p2}${sep2}${y}${time}${offset}`;
  };
  if (anyOver(1, 12)) return { format: build(true), isAmbiguous: false };
  if (anyOver(3, 12)) return { format: build(false), isAmbiguous: false };
  const dayFirst = build(true);
  const monthFirst = build(false);
  const regularity = (format: string) => {
    const f = compileTimeFormat(format);
    const times = clean.map((s) => parseTimeString(s, f));
    return stepRegularity(times);
  };
  const rd = regularity(dayFirst);
  const rm = regularity(monthFirst);
  if (rm > rd) return { format: monthFirst, isAmbiguous: false };
  return { format: dayFirst, isAmbiguous: rd === rm };
}

/** Share of consecutive steps equal to the modal positive step (1 = perfectly regular). */
function stepRegularity(times: number[]): number {
  const steps: number[] = [];
  for (let i = 1; i < times.length; i++) {
    const d = times[i]! - times[i - 1]!;
    if (!Number.isNaN(d)) steps.push(d);
  }
  if (steps.length === 0) return 0;
  const mode = modalStep(steps);
  if (mode === null) return 0;
  return steps.filter((d) => d === mode).length / steps.length;
}

/** The most frequent positive value (ties → the smaller). */
export function modalStep(steps: ArrayLike<number>): number | null {
  const counts = new Map<number, number>();
  for (let i = 0; i < steps.length; i++) {
    const d = steps[i]!;
    if (d > 0) counts.set(d, (counts.get(d) ?? 0) + 1);
  }
  let best: number | null = null;
  let bestCount = 0;
  for (const [d, c] of counts) {
    if (c > bestCount || (c === bestCount && best !== null && d < best)) {
      best = d;
      bestCount = c;
    }
  }
  return best;
}
