import type { TParseRule, TRecognizedChannel } from '@masthub/shared';
import { MAX_FILE_COLUMNS } from '@masthub/shared';
import { buildChannels, type TColumnHeader } from './build-channels.ts';
import { classifyFile, looksBinary } from './classify-file.ts';
import { decodeText, toAsciiCompatible } from './decode-text.ts';
import { refuseHaloRawScan } from './halo-hpl.ts';
import { withoutNulPadding } from './nul-padding.ts';
import { refuseRadialVelocityData } from './radial-velocity.ts';
import { CR, LF, SPACE, scanRows, type TParsePlan } from './scan-rows.ts';
import { isScintecMnd, parseScintecMnd } from './scintec-mnd.ts';
import { splitFields, splitLines } from './split-lines.ts';
import { readSpreadsheetAsCsv, type TSpreadsheetOptions } from './spreadsheet.ts';
import { compileTimeFormat, modalStep, type TCompiledTimeFormat } from './time-formats.ts';
import { snapToGrid } from './time-grid.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/** A parsed file: one time axis and one Float32 column per channel. */
export interface TParsedFile {
  /** UTC epoch ms of each record's period start, strictly increasing. */
  timesMs: Float64Array;
  /** NaN = missing. */
  columns: { channel: TRecognizedChannel; values: Float32Array }[];
  /** Records kept (after sorting and dropping repeated stamps). */
  rowCount: number;
  /** Non-blank data rows whose time could not be read (repeated header rows included). */
  skippedRows: number;
  /** Rows dropped because an earlier row had the same stamp. */
  duplicateTimestamps: number;
  /** The stamps of those dropped rows (period starts, ascending), so rows can be counted, not stamps. */
  repeatedTimesMs: Float64Array;
  /** Stamps jittered by the logger clock that were moved onto the grid (time-grid.ts snapToGrid). */
  snappedStamps?: number;
  /** How far off the grid a stamp could be and still be moved onto it, seconds. */
  snapToleranceS?: number;
  warnings: string[];
}

/** Byte offset where 1-based `row` starts (rows end at CRLF, LF or CR); -1 when the file is shorter. */
export function rowStart(b: Uint8Array, row: number): number {
  let p = 0;
  const n = b.length;
  for (let r = 1; r < row; r++) {
    while (p < n && b[p] !== LF && b[p] !== CR) p++;
    if (p >= n) return -1;
    if (b[p] === CR && b[p + 1] === LF) p += 2;
    else p++;
  }
  return p;
}

/** Rows of the file (rows end at CRLF, LF or CR; a last row without an ending counts, an empty end not). */
export function rowCount(b: Uint8Array): number {
  let rows = 0;
  let p = 0;
  while (p < b.length) {
    while (p < b.length && b[p] !== LF && b[p] !== CR) p++;
    rows++;
    if (b[p] === CR && b[p + 1] === LF) p += 2;
    else p++;
  }
  return rows;
}

/** The text of rows [from, to) decoded with the rule's encoding. */
function rowsText(b: Uint8Array, from: number, to: number, encoding: string, fatal: boolean): string[] {
  const start = rowStart(b, from);
  if (start < 0) return [];
  let end = start;
  for (let r = from; r < to && end < b.length; r++) {
    while (end < b.length && b[end] !== LF && b[end] !== CR) end++;
    if (b[end] === CR && b[end + 1] === LF) end += 2;
    else if (end < b.length) end++;
  }
  return decodeText(b.subarray(start, end), encoding, fatal)
    .split(/\r\n|\n|\r/)
    .slice(0, to - from);
}

/** Channels from the rule's header rows, when the caller gives none. */
function channelsFromHeader(
  b: Uint8Array,
  rule: TParseRule,
  dateCols: [number, number],
): TRecognizedChannel[] {
  if (rule.fieldStartRow < 1) return [];
  const rows = rowsText(b, rule.fieldStartRow, rule.dataStartRow, rule.encoding, false).map((l) =>
    splitFields(l, rule.fieldDelimiter, MAX_FILE_COLUMNS + 1),
  );
  const header = rows[0] ?? [];
  const unitsRow = rows.length >= 3 ? rows[1] : undefined;
  const processingRow = rows.length >= 3 ? rows[2] : undefined;
  const columns: TColumnHeader[] = [];
  for (let c = rule.dataStartColumn; c <= header.length; c++) {
    if (c >= dateCols[0] && c <= dateCols[1]) continue;
    columns.push({
      column: c,
      name: header[c - 1] ?? '',
      unitText: unitsRow?.[c - 1] ?? '',
      processing: processingRow?.[c - 1] ?? '',
      isText: false,
      isEmpty: (header[c - 1] ?? '').trim() === '',
    });
  }
  return buildChannels(columns, { kind: 'generic_csv' }).channels;
}

/** Spreadsheets become CSV first; store-only and binary files are refused. */
export function textBytesOf(
  bytes: Uint8Array,
  fileName: string,
  options: TSpreadsheetOptions = {},
): Uint8Array {
  if (bytes.length === 0) throw new UnreadableFileError('the file is empty', 'empty_file');
  const kind = classifyFile(fileName, bytes);
  if (kind === 'store_only') throw new UnreadableFileError('stored, not parsed', 'store_only');
  const text = withoutNulPadding(
    kind === 'spreadsheet' ? readSpreadsheetAsCsv(bytes, fileName, options).bytes : bytes,
  );
  if (looksBinary(text)) throw new UnreadableFileError('binary content', 'binary_content');
  return text;
}

/**
 * Parses a whole file with a rule: a hand-rolled loop over the bytes that reads numbers and stamps
 * straight from byte ranges into growing Float32/Float64 arrays (DESIGN.md §10). Rows out of order are
 * sorted, repeated stamps keep their first row, period-end stamps become period starts.
 * `channels` default to every value column of the header row. Throws UnreadableFileError.
 */
export function parseFile(
  bytes: Uint8Array,
  fileName: string,
  rule: TParseRule,
  channels?: TRecognizedChannel[],
  options: TSpreadsheetOptions = {},
): TParsedFile {
  const text = textBytesOf(bytes, fileName, options);
  // Lidar and sodar files (issue 31): Halo raw scans are refused, Scintec blocks have their own reader.
  const head = splitLines(decodeText(text.subarray(0, 8192), 'latin1')).slice(0, 60);
  refuseHaloRawScan(head, fileName);
  if (isScintecMnd(head)) return parseScintecMnd(text, rule, channels);
  refuseRadialVelocityData(head);
  return parseTextBytes(text, rule, channels);
}

/** parseFile for bytes already known to be text (no spreadsheet conversion). */

/** The number of LF bytes from `start` on, else (a file of lone CRs) of CR bytes. */
function lineBreaksFrom(b: Uint8Array, start: number): number {
  let count = 0;
  for (let p = b.indexOf(LF, start); p >= 0; p = b.indexOf(LF, p + 1)) count++;
  if (count > 0) return count;
  for (let p = b.indexOf(CR, start); p >= 0; p = b.indexOf(CR, p + 1)) count++;
  return count;
}

/** The header logic of parseTextBytes: checks the rule and the header row, maps columns to channels. */
function planParse(bytes: Uint8Array, rule: TParseRule, channels?: TRecognizedChannel[]): TParsePlan {
  if (rule.dateEndColumn < rule.dateStartColumn) {
    throw new UnreadableFileError('date end column before start', 'bad_rule', { detail: 'dateEndColumn' });
  }
  let format: TCompiledTimeFormat;
  try {
    format = compileTimeFormat(rule.dateFormat);
  } catch {
    throw new UnreadableFileError('bad date format', 'bad_rule', { detail: `dateFormat ${rule.dateFormat}` });
  }
  const { bytes: b, label } = toAsciiCompatible(bytes, rule.encoding);
  const ruleUtf8 = { ...rule, encoding: label };
  if (rule.fieldStartRow >= 1) {
    const headerStart = rowStart(b, rule.fieldStartRow);
    if (headerStart < 0) {
      throw new UnreadableFileError('header row missing', 'header_row_missing', {
        row: rule.fieldStartRow,
        rows: rowCount(b),
      });
    }
    // A strict decode of the header catches a wrong encoding (GBK bytes read as UTF-8).
    rowsText(b, rule.fieldStartRow, rule.fieldStartRow + 1, label, true);
  }
  const dateCols: [number, number] = [rule.dateStartColumn, rule.dateEndColumn];
  const chans = channels ?? channelsFromHeader(b, ruleUtf8, dateCols);

  const start = rowStart(b, rule.dataStartRow);
  if (start < 0 || start >= b.length) {
    throw new UnreadableFileError('no data rows', 'no_data_rows');
  }
  const n = b.length;
  const delim = rule.dataDelimiter.charCodeAt(0);
  const collapse = delim === SPACE;
  const decimalComma = rule.decimalSeparator === ',' && delim !== 0x2c;
  const decimalMark = decimalComma ? 0x2c : 0x2e;
  const dateStart = rule.dateStartColumn - 1;
  const dateEnd = rule.dateEndColumn - 1;
  const multiDate = dateEnd > dateStart;
  let maxCol = dateEnd;
  for (const ch of chans) maxCol = Math.max(maxCol, ch.column - 1);
  if (maxCol >= MAX_FILE_COLUMNS) {
    throw new UnreadableFileError('too many columns', 'too_many_columns', {
      columns: maxCol + 1,
      max: MAX_FILE_COLUMNS,
    });
  }
  const colToChannel = new Int32Array(maxCol + 2).fill(-1);
  chans.forEach((ch, k) => {
    colToChannel[ch.column - 1] = k;
  });
  const colLimit = maxCol + 1;
  const sentinels: number[] = [];
  const missingTexts = new Set<string>();
  for (const token of rule.missingValue.split('|')) {
    const t = token.trim();
    if (t === '') continue;
    const v = Number(t);
    if (Number.isFinite(v)) sentinels.push(v);
    else missingTexts.add(t.replace(/^"|"$/g, '').toLowerCase());
  }
  const s0 = sentinels[0] ?? Number.NaN;
  const s1 = sentinels[1] ?? Number.NaN;
  const sMore = sentinels.slice(2);
  const offsetMinutes = rule.utcOffsetMinutes;

  // Capacity: the line breaks after the first data row, counted by the native byte search (a file of
  // lone CRs counts those), so the columns are allocated once instead of doubling and trimming.
  const capacity = Math.min(lineBreaksFrom(b, start) + 2, 1 << 26);
  return {
    b,
    rule,
    format,
    chans,
    start,
    n,
    delim,
    collapse,
    decimalComma,
    decimalMark,
    dateStart,
    dateEnd,
    multiDate,
    colToChannel,
    colLimit,
    missingTexts,
    s0,
    s1,
    sMore,
    offsetMinutes,
    capacity,
  };
}

export function parseTextBytes(
  bytes: Uint8Array,
  rule: TParseRule,
  channels?: TRecognizedChannel[],
): TParsedFile {
  const plan = planParse(bytes, rule, channels);
  const { chans } = plan;
  const { times, values, count, skipped, repeatedHeaders, invalidNumbers } = scanRows(plan);
  const warnings: string[] = [];
  if (skipped - repeatedHeaders > 0) warnings.push(`skippedRows:${skipped - repeatedHeaders}`);
  if (repeatedHeaders > 0) warnings.push(`repeatedHeaderRows:${repeatedHeaders}`);
  if (invalidNumbers > 0) warnings.push(`invalidNumbers:${invalidNumbers}`);

  // Order and duplicates: sort (stable) only when needed, keep the first row of a repeated stamp.
  let backwards = 0;
  let needsSort = false;
  for (let i = 1; i < count; i++) {
    const d = times[i]! - times[i - 1]!;
    if (d < 0) backwards++;
    if (d <= 0) needsSort = true;
  }
  let outTimes: Float64Array;
  let outValues: Float32Array[];
  let duplicates = 0;
  const repeated: number[] = [];
  if (needsSort) {
    const order = new Uint32Array(count);
    for (let i = 0; i < count; i++) order[i] = i;
    const tt = times;
    if (backwards > 0) order.sort((a, z) => tt[a]! - tt[z]! || a - z);
    const keep: number[] = [];
    for (let i = 0; i < count; i++) {
      const idx = order[i]!;
      if (keep.length > 0 && tt[keep[keep.length - 1]!] === tt[idx]) {
        duplicates++;
        repeated.push(tt[idx]!);
        continue;
      }
      keep.push(idx);
    }
    outTimes = new Float64Array(keep.length);
    for (let i = 0; i < keep.length; i++) outTimes[i] = tt[keep[i]!]!;
    outValues = values.map((src) => {
      const dst = new Float32Array(keep.length);
      for (let i = 0; i < keep.length; i++) dst[i] = src[keep[i]!]!;
      return dst;
    });
    if (backwards > 0) warnings.push(`rowsOutOfOrder:${backwards}`);
    if (duplicates > 0) warnings.push(`duplicateTimestamps:${duplicates}`);
  } else {
    const fit = <T extends Float32Array | Float64Array>(a: T): T =>
      (a.length > count * 1.25 ? a.slice(0, count) : a.subarray(0, count)) as T;
    outTimes = fit(times);
    outValues = values.map(fit);
  }
  const repeatedTimesMs = Float64Array.from(repeated);
  const interval = rule.intervalMinutes ? rule.intervalMinutes * 60000 : intervalMs(outTimes);
  // Stamps a few seconds off the grid (a logger clock's jitter) are records of the grid (issue 40).
  const snap = interval ? snapToGrid(outTimes, interval) : { snapped: 0, toleranceMs: 0 };
  if (snap.snapped > 0) {
    warnings.push(`snappedStamps:${snap.snapped}|${interval! / 60000}|${snap.toleranceMs / 1000}`);
  }
  if (rule.timestampIsPeriodEnd) {
    if (interval) {
      for (let i = 0; i < outTimes.length; i++) outTimes[i] = outTimes[i]! - interval;
      for (let i = 0; i < repeatedTimesMs.length; i++) repeatedTimesMs[i] = repeatedTimesMs[i]! - interval;
    }
  }
  return {
    timesMs: outTimes,
    columns: chans.map((channel, k) => ({ channel, values: outValues[k]! })),
    rowCount: outTimes.length,
    skippedRows: skipped,
    duplicateTimestamps: duplicates,
    repeatedTimesMs,
    snappedStamps: snap.snapped,
    snapToleranceS: snap.toleranceMs / 1000,
    warnings,
  };
}

/**
 * The modal step of sorted stamps, ms (null with fewer than two). A step within 2 % of a whole minute is
 * that minute (a few jittered stamps, 09:59 and 10:02 apart, make no 599-second logger).
 */
export function intervalMs(times: Float64Array): number | null {
  const steps = new Float64Array(Math.max(0, times.length - 1));
  for (let i = 1; i < times.length; i++) steps[i - 1] = times[i]! - times[i - 1]!;
  const step = modalStep(steps);
  if (step === null || step < 60_000) return step;
  const minutes = Math.round(step / 60_000) * 60_000;
  return Math.abs(step - minutes) <= step * 0.02 ? minutes : step;
}
