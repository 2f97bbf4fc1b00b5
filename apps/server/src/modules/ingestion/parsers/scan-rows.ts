import type { TParseRule, TRecognizedChannel } from '@masthub/shared';
import { parseTimeBytes, type TCompiledTimeFormat } from './time-formats.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * The byte loop of a logger file (parse-file.ts plans it, this reads the rows): the measured hot path of
 * ingestion (bench/ingest-parse.ts). Keep it one function over locals.
 */

export const CR = 0x0d;
export const LF = 0x0a;
const QUOTE = 0x22;
export const SPACE = 0x20;
/** Longest data row accepted; anything longer is damage, not data. */
const MAX_ROW_BYTES = 4 << 20;

const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/** Slow path of parseNumber: exponents and anything unusual, through Number(). */
function parseNumberSlow(b: Uint8Array, s: number, e: number, decimalComma: boolean): number {
  let text = '';
  for (let i = s; i < e; i++) {
    const c = b[i]!;
    text += String.fromCharCode(decimalComma && c === 0x2c ? 0x2e : c);
  }
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(text)) return Number.NaN;
  return Number(text);
}

/**
 * A decimal number straight from bytes [s, e): sign, digits, one decimal mark, digits; exponents go to
 * the slow path. Returns NaN for anything else (missing tokens, text).
 */
function parseNumber(b: Uint8Array, s: number, e: number, decimalComma: boolean): number {
  while (s < e && b[s] === SPACE) s++;
  while (e > s && b[e - 1] === SPACE) e--;
  if (s >= e) return Number.NaN;
  let i = s;
  let c = b[i]!;
  let negative = false;
  if (c === 0x2d) {
    negative = true;
    i++;
  } else if (c === 0x2b) i++;
  let mantissa = 0;
  let digits = 0;
  let frac = 0;
  for (; i < e; i++) {
    const d = b[i]! - 0x30;
    if (d < 0 || d > 9) break;
    mantissa = mantissa * 10 + d;
    digits++;
  }
  if (i < e) {
    c = b[i]!;
    if (c === 0x2e || (decimalComma && c === 0x2c)) {
      i++;
      for (; i < e; i++) {
        const d = b[i]! - 0x30;
        if (d < 0 || d > 9) break;
        if (frac < 18) {
          mantissa = mantissa * 10 + d;
          frac++;
        }
        digits++;
      }
    }
  }
  if (i < e) {
    c = b[i]!;
    if ((c === 0x65 || c === 0x45) && digits > 0) return parseNumberSlow(b, s, e, decimalComma);
    return Number.NaN;
  }
  if (digits === 0) return Number.NaN;
  const v = frac === 0 ? mantissa : mantissa / POW10[frac]!;
  return negative ? -v : v;
}

/** Cell texts loggers write for "no value" (lower case): a missing value, not an invalid number. */
export const KNOWN_MISSING: ReadonlySet<string> = new Set([
  'nan',
  'inf',
  '-inf',
  '+inf',
  'n/a',
  '#n/a',
  'na',
  'null',
  '-',
  '--',
  '---',
  'none',
]);

/** Rows read into the row-major chunk before it is copied out into the columns. */
const CHUNK_ROWS = 256;

/**
 * Copies the first `rows` rows of the row-major chunk into the columns from row `firstRow` on, and
 * empties those rows again (NaN). Writing a row's values next to each other and the columns in runs of
 * CHUNK_ROWS keeps the byte loop's stores in one small buffer instead of one per channel.
 */
function flushChunk(chunk: Float32Array, values: Float32Array[], firstRow: number, rows: number): void {
  const width = values.length;
  for (let k = 0; k < width; k++) {
    const column = values[k]!;
    for (let r = 0, q = k; r < rows; r++, q += width) column[firstRow + r] = chunk[q]!;
  }
  chunk.fill(Number.NaN, 0, rows * width);
}

/** 'NaN' in any case (WindCube, pandas): the most common missing text, told without building a string. */
function isNanText(b: Uint8Array, s: number, e: number): boolean {
  return e - s === 3 && (b[s]! | 0x20) === 0x6e && (b[s + 1]! | 0x20) === 0x61 && (b[s + 2]! | 0x20) === 0x6e;
}

/** The times grown to `size` rows, and each column in `values` replaced by its grown copy. */
function growRows(times: Float64Array, values: Float32Array[], size: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(size);
  grown.set(times);
  for (let k = 0; k < values.length; k++) values[k] = growFloat32(values[k]!, size);
  return grown;
}

/** Throws for a file cut off in its last row, and for a file without one row of readable time. */
function checkEnd(
  b: Uint8Array,
  at: {
    lastRowOk: boolean;
    prevFields: number;
    lastFields: number;
    rowNumber: number;
    count: number;
    dateFormat: string;
  },
): void {
  const endsWithBreak = b[b.length - 1] === LF || b[b.length - 1] === CR;
  if (!endsWithBreak && (!at.lastRowOk || (at.prevFields > 0 && at.lastFields < at.prevFields))) {
    throw new UnreadableFileError('truncated last row', 'truncated_file', { row: at.rowNumber });
  }
  if (at.count === 0) {
    throw new UnreadableFileError('no row with a readable time', 'no_valid_rows', {
      dateFormat: at.dateFormat,
    });
  }
}

function growFloat32(a: Float32Array, size: number): Float32Array {
  const next = new Float32Array(size);
  next.set(a);
  next.fill(Number.NaN, a.length);
  return next;
}

export /** What the row loop reads with: the bytes as ASCII-compatible, the compiled time format, the columns. */
interface TParsePlan {
  b: Uint8Array;
  rule: TParseRule;
  format: TCompiledTimeFormat;
  chans: TRecognizedChannel[];
  /** Byte offset of the first data row, and the length. */
  start: number;
  n: number;
  delim: number;
  collapse: boolean;
  decimalComma: boolean;
  decimalMark: number;
  dateStart: number;
  dateEnd: number;
  multiDate: boolean;
  /** Channel index by 0-based column, -1 for none. */
  colToChannel: Int32Array;
  colLimit: number;
  missingTexts: Set<string>;
  /** The first two numeric missing-value sentinels (NaN when absent) and the others. */
  s0: number;
  s1: number;
  sMore: number[];
  offsetMinutes: number;
  /** Rows to allocate first, from the length of the first rows. */
  capacity: number;
}

export /** The rows as read, in file order: stamps, values per channel, and the counts behind the warnings. */
interface TScannedRows {
  times: Float64Array;
  values: Float32Array[];
  count: number;
  skipped: number;
  repeatedHeaders: number;
  invalidNumbers: number;
}

/**
 * The byte loop of parseTextBytes (the measured hot path, bench/ingest-parse.ts): one pass over the data
 * rows, numbers read in place, every plan value a local.
 */
export function scanRows(plan: TParsePlan): TScannedRows {
  const { b, rule, format, chans, start, n, delim, collapse, decimalComma, decimalMark } = plan;
  const { dateStart, dateEnd, multiDate, colToChannel, colLimit, missingTexts, s0, s1, sMore } = plan;
  const { offsetMinutes } = plan;
  let capacity = plan.capacity;
  let times = new Float64Array(capacity);
  const values: Float32Array[] = chans.map(() => new Float32Array(capacity));
  const width = chans.length;
  const chunk = new Float32Array(CHUNK_ROWS * width).fill(Number.NaN);
  let chunkStart = 0;
  const scratch = new Uint8Array(256);

  let count = 0;
  let skipped = 0;
  let repeatedHeaders = 0;
  let invalidNumbers = 0;
  let p = start;
  let prevFields = -1;
  let lastFields = -1;
  let lastRowOk = true;
  let rowNumber = rule.dataStartRow - 1;
  while (p < n) {
    let c = b[p]!;
    rowNumber++;
    if (c === LF || c === CR) {
      if (c === CR && b[p + 1] === LF) p++;
      p++;
      continue;
    }
    if (collapse) {
      while (p < n && (b[p] === SPACE || b[p] === 0x09)) p++;
      if (p >= n || b[p] === LF || b[p] === CR) continue;
    }
    const rowBegin = p;
    if (count === capacity) {
      capacity = Math.min(capacity * 2, 1 << 28);
      times = growRows(times, values, capacity);
    }
    const rowBase = (count - chunkStart) * width;
    let col = 0;
    let ds = -1;
    let de = -1;
    let scratchLen = 0;
    for (;;) {
      let fs = p;
      let fe: number;
      if (p < n && b[p] === QUOTE) {
        p++;
        fs = p;
        while (p < n) {
          c = b[p]!;
          if (c === QUOTE) {
            if (b[p + 1] === QUOTE) {
              p += 2;
              continue;
            }
            break;
          }
          if (c === LF || c === CR) break;
          p++;
        }
        fe = p;
        if (p < n && b[p] === QUOTE) p++;
        while (p < n) {
          c = b[p]!;
          if (c === delim || c === LF || c === CR) break;
          p++;
        }
      } else {
        const k = col < colLimit && (col < dateStart || col > dateEnd) ? colToChannel[col]! : -1;
        if (k >= 0) {
          // Fast path: scan and read a plain decimal in one pass; anything else falls back below.
          let negative = false;
          if (b[p] === 0x2d) {
            negative = true;
            p++;
          }
          let mantissa = 0;
          let digits = 0;
          let frac = 0;
          let seenMark = false;
          let plain = true;
          while (p < n) {
            c = b[p]!;
            const d = c - 0x30;
            if (d >= 0 && d <= 9) {
              if (digits < 15) {
                mantissa = mantissa * 10 + d;
                digits++;
                if (seenMark) frac++;
              } else if (!seenMark) plain = false;
              p++;
              continue;
            }
            if (c === delim || c === LF || c === CR) break;
            if (c === decimalMark && !seenMark) {
              seenMark = true;
              p++;
              continue;
            }
            plain = false;
            break;
          }
          if (plain && digits > 0) {
            const v0 = frac === 0 ? mantissa : mantissa / POW10[frac]!;
            const v = negative ? -v0 : v0;
            if (v !== s0 && v !== s1 && (sMore.length === 0 || !sMore.includes(v))) chunk[rowBase + k] = v;
            col++;
            if (p >= n) break;
            if (c !== delim) break;
            p++;
            if (collapse) {
              while (p < n && (b[p] === SPACE || b[p] === 0x09)) p++;
              if (p >= n || b[p] === LF || b[p] === CR) break;
            }
            continue;
          }
        }
        while (p < n) {
          c = b[p]!;
          if (c === delim || c === LF || c === CR) break;
          p++;
        }
        fe = p;
      }
      if (col < colLimit) {
        if (col >= dateStart && col <= dateEnd) {
          if (!multiDate) {
            ds = fs;
            de = fe;
          } else {
            if (col > dateStart && scratchLen < scratch.length) scratch[scratchLen++] = SPACE;
            for (let i = fs; i < fe && scratchLen < scratch.length; i++) scratch[scratchLen++] = b[i]!;
          }
        } else {
          const k = colToChannel[col]!;
          if (k >= 0) {
            const nanText = isNanText(b, fs, fe);
            const v = nanText ? Number.NaN : parseNumber(b, fs, fe, decimalComma);
            if (nanText) {
              // missing, known without building a string
            } else if (!Number.isNaN(v)) {
              if (v !== s0 && v !== s1 && (sMore.length === 0 || !sMore.includes(v))) chunk[rowBase + k] = v;
            } else if (fe > fs) {
              let token = '';
              for (let i = fs; i < fe && i < fs + 16; i++) token += String.fromCharCode(b[i]!);
              token = token.trim().toLowerCase();
              if (token !== '' && !KNOWN_MISSING.has(token) && !missingTexts.has(token)) invalidNumbers++;
            }
          }
        }
      }
      col++;
      if (p >= n) break;
      c = b[p]!;
      if (c !== delim) break;
      p++;
      if (collapse) {
        while (p < n && (b[p] === SPACE || b[p] === 0x09)) p++;
        if (p >= n || b[p] === LF || b[p] === CR) break;
      }
    }
    if (p - rowBegin > MAX_ROW_BYTES) {
      throw new UnreadableFileError('row too long', 'line_too_long', {
        row: rowNumber,
        maxBytes: MAX_ROW_BYTES,
      });
    }
    let t: number;
    if (multiDate)
      t = scratchLen > 0 ? parseTimeBytes(scratch, 0, scratchLen, format, offsetMinutes) : Number.NaN;
    else t = ds >= 0 ? parseTimeBytes(b, ds, de, format, offsetMinutes) : Number.NaN;
    if (!Number.isNaN(t)) {
      times[count++] = t;
      lastRowOk = true;
      if (count - chunkStart === CHUNK_ROWS) {
        flushChunk(chunk, values, chunkStart, CHUNK_ROWS);
        chunkStart = count;
      }
    } else {
      chunk.fill(Number.NaN, rowBase, rowBase + width);
      skipped++;
      lastRowOk = false;
      if (isHeaderLike(b, rowBegin, p)) repeatedHeaders++;
    }
    prevFields = lastFields;
    lastFields = col;
    if (p < n) {
      if (b[p] === CR && b[p + 1] === LF) p += 2;
      else p++;
    }
  }
  flushChunk(chunk, values, chunkStart, count - chunkStart);
  checkEnd(b, { lastRowOk, prevFields, lastFields, rowNumber, count, dateFormat: rule.dateFormat });
  return { times, values, count, skipped, repeatedHeaders, invalidNumbers };
}

/** A row that starts with a letter or a quoted letter: a repeated header rather than damaged data. */
function isHeaderLike(b: Uint8Array, s: number, e: number): boolean {
  let i = s;
  if (b[i] === QUOTE) i++;
  const c = b[i] ?? 0;
  return i < e && ((c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a) || c >= 0x80);
}
