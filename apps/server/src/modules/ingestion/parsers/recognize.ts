import {
  MAX_FILE_COLUMNS,
  type TFieldDelimiter,
  type TFileKind,
  type TParseRule,
  type TRecognition,
} from '@masthub/shared';
import { isAq500Result, recognizeAq500 } from './aq500.ts';
import { buildChannels, markLongerIntervalStatistics, type TColumnHeader } from './build-channels.ts';
import { CHINESE_WORDS } from './chinese-words.ts';
import { classifyFile, looksBinary } from './classify-file.ts';
import { decodeText, detectEncoding } from './decode-text.ts';
import { stampDoubts, valueDoubts, windDoubts } from './doubts.ts';
import { refuseHaloRawScan } from './halo-hpl.ts';
import { headerBlockFacts, headerHeightOf } from './header-facts.ts';
import { commentedHeader, dateColumnsOf, detectLayout, NUMBER_RE, rowsAboveData } from './layout.ts';
import { withoutNulPadding } from './nul-padding.ts';
import { intervalMs, parseTextBytes } from './parse-file.ts';
import { refuseRadialVelocityData } from './radial-velocity.ts';
import { KNOWN_MISSING } from './scan-rows.ts';
import { isScintecMnd, recognizeScintecMnd } from './scintec-mnd.ts';
import { splitFields, splitLines } from './split-lines.ts';
import { readSpreadsheetAsCsv, type TSpreadsheetOptions } from './spreadsheet.ts';
import { fileDoubt, layoutKeyOf, timeEvidence, withDeviceEvidence } from './time-evidence.ts';
import { detectTimeFormat, type TDetectedTimeFormat } from './time-formats.ts';
import { fitToGrid } from './time-grid.ts';
import { fitTurbulenceUnits } from './turbulence-units.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';
import { isWindCubeSta, readWindCube } from './windcube-sta.ts';

/** Bytes of the head read for structure, and of the tail read for the date format. */
const HEAD_BYTES = 1 << 20;
const TAIL_BYTES = 256 << 10;
const MAX_HEAD_LINES = 3000;
const PREVIEW_ROWS = 20;
const MAX_HEADER_ROWS = 10;
const SENTINELS = new Set([-999, -9999, 9999, 99999, -99999, -99.99, -999.9, -9999.9]);
const TIME_WORD_RE = new RegExp(
  `^\\s*"?(timestamp|date|time|date\\/time|date & time stamp|datetime|${CHINESE_WORDS.timeWords.join('|')})`,
  'i',
);

/** The default rule of a file that is not parsed. */
function emptyRule(encoding = 'utf-8'): TParseRule {
  return {
    encoding,
    fieldStartRow: 1,
    fieldDelimiter: ',',
    dataStartRow: 2,
    dataDelimiter: ',',
    dataStartColumn: 2,
    dateStartColumn: 1,
    dateEndColumn: 1,
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: '',
    utcOffsetMinutes: 0,
    timestampIsPeriodEnd: false,
  };
}

function notParsed(kind: TFileKind, headerRows: string[][], encoding?: string): TRecognition {
  return {
    kind,
    rule: emptyRule(encoding),
    channels: [],
    intervalMinutes: null,
    firstTime: null,
    lastTime: null,
    rowCount: 0,
    headerRows,
    previewRows: [],
    warnings: ['storedNotParsed'],
    doubts: [],
  };
}

/** The first lines of a text file that is stored only (.wnd), for later rule-writing. */
function firstLinesOf(bytes: Uint8Array): string[][] {
  if (looksBinary(bytes)) return [];
  const head = bytes.subarray(0, 4096);
  return splitLines(decodeText(head, detectEncoding(head)))
    .slice(0, MAX_HEADER_ROWS)
    .map((l) => [l.slice(0, 500)]);
}

type THeadKind = TFileKind | 'flag_log';

/** Kind signature of the first lines (IMPORTS.md §1 step 4, most specific first). */
function detectKind(lines: readonly string[]): THeadKind {
  const first = (lines.find((l) => l.trim() !== '') ?? '').trim();
  if (isWindCubeSta(lines)) return 'windcube_sta';
  if (/^"?TOA5"?,/.test(first)) return 'toa5';
  if (/^"?TOACI1"?,/.test(first)) return 'toaci1';
  const top = lines.slice(0, 60);
  if (first.startsWith('NRG Export Service') || top.some((l) => l.startsWith('Export version:'))) {
    return 'symphoniepro';
  }
  if (first.startsWith('NRG Systems Data Logger')) return 'logr';
  if (top.some((l) => l.includes('-----Logger Information-----'))) return 'nrg_sdr';
  if (/^Created .* by Windographer/i.test(first)) return 'windographer';
  if (/^Data Column\tFlag Name\tStart Time\tEnd Time/.test(first)) return 'flag_log';
  if (top.some((l) => /^rec nr:/i.test(l.trim()))) return 'windsim_tws';
  if (isWaspTab(lines)) return 'wasp_tab';
  return 'generic_csv';
}

/** WAsP .tab: line 3 = integer sector count + 2–3 numbers; line 4 = that many frequencies summing ≈ 100. */
function isWaspTab(lines: readonly string[]): boolean {
  const nums = (l: string | undefined) =>
    (l ?? '')
      .trim()
      .split(/\s+/)
      .filter((x) => x !== '')
      .map(Number);
  const l3 = nums(lines[2]);
  const l4 = nums(lines[3]);
  if (l3.length < 3 || l3.length > 4 || !Number.isInteger(l3[0]) || l3.some((x) => Number.isNaN(x)))
    return false;
  const sectors = l3[0]!;
  if (sectors < 4 || sectors > 72 || l4.length !== sectors || l4.some((x) => Number.isNaN(x))) return false;
  const sum = l4.reduce((a, b) => a + b, 0);
  return Math.abs(sum - 100) < 1;
}

function headOf(bytes: Uint8Array): Uint8Array {
  if (bytes.length <= HEAD_BYTES) return bytes;
  let end = HEAD_BYTES;
  while (end > 0 && bytes[end - 1] !== 0x0a && bytes[end - 1] !== 0x0d) end--;
  if (end === 0) {
    throw new UnreadableFileError('no line break in the first MB', 'line_too_long', {
      row: 1,
      maxBytes: HEAD_BYTES,
    });
  }
  return bytes.subarray(0, end);
}
function tailLinesOf(bytes: Uint8Array, encoding: string): string[] {
  if (bytes.length <= HEAD_BYTES) return [];
  let start = bytes.length - TAIL_BYTES;
  while (start < bytes.length && bytes[start] !== 0x0a && bytes[start] !== 0x0d) start++;
  return splitLines(decodeText(bytes.subarray(start), encoding)).filter((l) => l.trim() !== '');
}

/** Throws the reason a file without a recognisable data layout cannot be read. */
function refuseWithoutLayout(lines: readonly string[]): never {
  for (const d of ['\t', ',', ';'] as const) {
    const widest = Math.max(...lines.slice(0, 50).map((l) => splitFields(l, d).length));
    if (widest > MAX_FILE_COLUMNS) {
      throw new UnreadableFileError('too many columns', 'too_many_columns', {
        columns: widest,
        max: MAX_FILE_COLUMNS,
      });
    }
  }
  const headerOnly = lines.some((l) => TIME_WORD_RE.test(l));
  if (headerOnly) throw new UnreadableFileError('header but no data rows', 'no_data_rows');
  throw new UnreadableFileError('no time column', 'no_time_column');
}

/**
 * The columns of the sampled data rows (text, empty, their header, unit and processing), the tokens
 * that stand for a missing value (most frequent first; a numeric sentinel written two ways counts once)
 * and how many values were written with a decimal comma.
 */
function scanColumns(
  sampleRows: readonly string[][],
  at: {
    kind: TFileKind;
    columnCount: number;
    dateStart: number;
    dateEnd: number;
    header: readonly string[];
    unitsRow: readonly string[] | null;
    statsRow: readonly string[] | null;
    heightsRow: readonly string[] | null;
  },
): { columns: TColumnHeader[]; missingTokens: string[]; decimalCommaVotes: number } {
  const { kind, columnCount, dateStart, dateEnd, header, unitsRow, statsRow, heightsRow } = at;
  const missingCounts = new Map<string, number>();
  const columns: TColumnHeader[] = [];
  let decimalCommaVotes = 0;
  for (let c = 1; c <= columnCount; c++) {
    if (c - 1 >= dateStart && c - 1 <= dateEnd) continue;
    let numbers = 0;
    let texts = 0;
    for (const f of sampleRows) {
      const raw = (f[c - 1] ?? '').trim();
      const v = raw.replace(/^"|"$/g, '').trim();
      if (v === '') continue;
      if (NUMBER_RE.test(v)) {
        numbers++;
        if (/^-?\d+,\d+$/.test(v)) decimalCommaVotes++;
        const num = Number(v.replace(',', '.'));
        const isNrgSentinel = (kind === 'symphoniepro' || kind === 'logr') && num === -1000;
        if (SENTINELS.has(num) || isNrgSentinel) missingCounts.set(v, (missingCounts.get(v) ?? 0) + 1);
      } else if (KNOWN_MISSING.has(v.toLowerCase())) {
        missingCounts.set(v, (missingCounts.get(v) ?? 0) + 1);
      } else texts++;
    }
    columns.push({
      column: c,
      name: header[c - 1] ?? '',
      unitText: unitsRow ? (unitsRow[c - 1] ?? '') : '',
      processing: statsRow ? (statsRow[c - 1] ?? '') : '',
      heightText: heightsRow ? (heightsRow[c - 1] ?? '') : '',
      isText: texts > 0 && numbers === 0,
      isEmpty: texts === 0 && numbers === 0,
    });
  }
  // Numeric sentinels that are the same value written differently ('-999', '-999.0') need one token.
  const missingTokens: string[] = [];
  const seenValues = new Set<number>();
  for (const [token] of [...missingCounts].sort((a, b) => b[1] - a[1])) {
    const num = Number(token.replace(',', '.'));
    if (Number.isFinite(num)) {
      if (seenValues.has(num)) continue;
      seenValues.add(num);
    }
    missingTokens.push(token);
  }
  return { columns, missingTokens, decimalCommaVotes };
}

/**
 * The day/month order a time column's title states (TMY3 `Date (MM/DD/YYYY)`) where the values leave it
 * open: then the order is stated, not assumed.
 */
function withTitleOrder(detected: TDetectedTimeFormat | null, title: string): TDetectedTimeFormat | null {
  if (!detected?.isAmbiguous) return detected;
  const monthFirst = /\bMM?[/.-]DD?\b/i.test(title);
  const dayFirst = /\bDD?[/.-]MM?\b/i.test(title);
  if (monthFirst === dayFirst) return detected;
  // An ambiguous format is read day-first (time-formats.ts); a month-first title swaps its first two parts.
  const swapped = monthFirst
    ? detected.format.replace(
        /^(D+)([/.-])(M+)/,
        (_, d: string, sep: string, m: string) => `${'M'.repeat(d.length)}${sep}${'D'.repeat(m.length)}`,
      )
    : detected.format;
  return { format: swapped, isAmbiguous: false };
}

/** A file doubt: a typical meteorological year made for solar design is not a measured wind series. */
function typicalYearDoubt(format: string) {
  return {
    id: 'file:typicalYear',
    field: 'file' as const,
    column: null,
    reason: 'typicalYear',
    params: { format },
  };
}

/**
 * Recognises a logger file with no hand-made rule: encoding, kind, delimiter, header and data rows,
 * date columns and format, missing tokens, channels, interval, first and last time and row count.
 * Vendor binaries and non-time-series files come back as kind 'store_only' (or 'wasp_tab') with no
 * channels. Throws UnreadableFileError for files that cannot be read.
 */
export function recognize(
  bytes: Uint8Array,
  fileName: string,
  /**
   * `checkValues: false` reads the time axis alone (no value doubts): ingestion checks the values it parses
   * anyway, with the rule it chose (the preview checks them here).
   */
  options: TSpreadsheetOptions & { checkValues?: boolean } = {},
): TRecognition {
  if (bytes.length === 0) throw new UnreadableFileError('the file is empty', 'empty_file');
  const cls = classifyFile(fileName, bytes);
  if (cls === 'store_only') return notParsed('store_only', firstLinesOf(bytes));
  const warnings: string[] = [];
  let text = bytes;
  if (cls === 'spreadsheet') {
    const sheet = readSpreadsheetAsCsv(bytes, fileName, options);
    text = sheet.bytes;
    warnings.push(...sheet.warnings);
  }
  text = withoutNulPadding(text);
  if (looksBinary(text)) throw new UnreadableFileError('binary content', 'binary_content');
  const encoding = detectEncoding(text);
  const lines = splitLines(decodeText(headOf(text), encoding)).slice(0, MAX_HEAD_LINES);
  if (lines.every((l) => l.trim() === '')) throw new UnreadableFileError('the file is empty', 'empty_file');
  // Lidar and sodar files (issue 31): Halo raw scans are refused, Scintec blocks have their own reader.
  refuseHaloRawScan(lines, fileName);
  if (isScintecMnd(lines)) return recognizeScintecMnd(text);
  // Issue 40: AQ500 sodar result files have their own header; radial (line-of-sight) lidar data is refused.
  if (isAq500Result(lines)) return recognizeAq500(text, lines, encoding);
  refuseRadialVelocityData(lines);
  const headKind = detectKind(lines);
  if (headKind === 'wasp_tab' || headKind === 'flag_log') {
    return notParsed(
      headKind === 'wasp_tab' ? 'wasp_tab' : 'store_only',
      lines.slice(0, MAX_HEADER_ROWS).map((l) => splitFields(l, '\t')),
      encoding,
    );
  }
  let kind: TFileKind = headKind;
  const pinned: TFieldDelimiter | undefined =
    kind === 'symphoniepro' || kind === 'logr' || kind === 'nrg_sdr' || kind === 'windcube_sta'
      ? '\t'
      : kind === 'toa5'
        ? ','
        : undefined;
  const layout = detectLayout(lines, pinned);
  if (!layout) refuseWithoutLayout(lines);
  const { delimiter, dataIndex, dateStart, dateEnd, rows } = layout;

  // Header, units and processing rows above the data.
  const { headerIndex, unitsIndex, statsIndex, heightsIndex } = rowsAboveData(rows, dataIndex);
  // A file without a header row may name its columns in comment lines (`# Col. 3 : Wind speed at 2m (m/s)`).
  const commented = headerIndex < 0 ? commentedHeader(lines.slice(0, dataIndex)) : null;
  if (headerIndex < 0 && !commented) warnings.push('noHeaderRow');
  const header = headerIndex >= 0 ? rows[headerIndex]! : (commented ?? []);
  const columnCount = Math.max(header.length, layout.fieldCount);
  if (columnCount > MAX_FILE_COLUMNS) {
    throw new UnreadableFileError('too many columns', 'too_many_columns', {
      columns: columnCount,
      max: MAX_FILE_COLUMNS,
    });
  }
  if (kind === 'generic_csv') {
    const first = (header[dateStart] ?? '').trim();
    if (/^timestamp$/i.test(first) && header.some((h) => /^(Spd|Dir)_?\d/.test(h))) kind = 'brightwind';
    else if (first === 'Date/time' && delimiter === '\t') kind = 'ammonit';
  }
  if (cls === 'spreadsheet') kind = 'spreadsheet';

  // Sampled data rows: the head's, plus the tail's for the day/month order.
  const dataRows: string[][] = [];
  for (let i = dataIndex; i < rows.length; i++) {
    const f = rows[i];
    if (f && f.length >= 2 && dateColumnsOf(f)?.[0] === dateStart) dataRows.push(f);
  }
  const tailRows = tailLinesOf(text, encoding)
    .map((l) => splitFields(l, delimiter, MAX_FILE_COLUMNS + 1))
    .filter((f) => f.length > dateEnd && dateColumnsOf(f)?.[0] === dateStart);
  const stampOf = (f: string[]) => f.slice(dateStart, dateEnd + 1).join(' ');
  const detected = withTitleOrder(
    detectTimeFormat([...dataRows, ...tailRows].map(stampOf)),
    header.slice(dateStart, dateEnd + 1).join(' '),
  );
  if (!detected) throw new UnreadableFileError('no time column', 'no_time_column');
  if (detected.isAmbiguous) warnings.push(`dateOrderAmbiguous:${detected.format}`);

  // Missing tokens, text and empty columns, decimal comma.
  const { columns, missingTokens, decimalCommaVotes } = scanColumns([...dataRows, ...tailRows], {
    kind,
    columnCount,
    dateStart,
    dateEnd,
    header,
    unitsRow: unitsIndex >= 0 ? rows[unitsIndex]! : null,
    statsRow: statsIndex >= 0 ? rows[statsIndex]! : null,
    heightsRow: heightsIndex >= 0 ? rows[heightsIndex]! : null,
  });

  // Header block facts: time zone, stamp meaning, speed unit, NRG sensors.
  const headerBlock = lines.slice(0, Math.max(0, headerIndex >= 0 ? headerIndex : dataIndex));
  const facts = headerBlockFacts(headerBlock, kind, warnings, {
    title: header[dateStart] ?? '',
    stampsCarryZone: detected.format.includes('Z'),
  });
  const { utcOffsetMinutes, timestampIsPeriodEnd, speedUnit, sensors } = facts;
  const cube =
    kind === 'windcube_sta'
      ? readWindCube(headerBlock, header[dateStart] ?? '', columns, warnings)
      : undefined;
  if (cube) kind = cube.kind;
  const built = cube
    ? { channels: withDeviceEvidence(cube.channels, 'WindCube'), warnings: [], doubts: [] }
    : buildChannels(columns, {
        kind,
        sensors,
        speedUnit,
        headerHeightM: kind === 'generic_csv' ? headerHeightOf(headerBlock) : undefined,
      });
  warnings.push(...built.warnings);
  fitTurbulenceUnits(built.channels, [...dataRows, ...tailRows], missingTokens);

  const rule: TParseRule = {
    encoding,
    fieldStartRow: headerIndex + 1,
    fieldDelimiter: delimiter,
    dataStartRow: dataIndex + 1,
    dataDelimiter: delimiter,
    dataStartColumn: built.channels[0]?.column ?? dateEnd + 2,
    dateStartColumn: dateStart + 1,
    dateEndColumn: dateEnd + 1,
    dateFormat: detected.format,
    missingValue: missingTokens.join('|'),
    utcOffsetMinutes: cube?.utcOffsetMinutes ?? utcOffsetMinutes,
    timestampIsPeriodEnd: cube?.timestampIsPeriodEnd ?? timestampIsPeriodEnd,
  };
  if (delimiter === ';' && decimalCommaVotes > 0) rule.decimalSeparator = ',';

  // A pass over the whole file: row count, first and last time, step, order and duplicates, and the
  // values, which are checked against what the columns were read as (issue 40).
  const checkValues = options.checkValues !== false;
  const parsed = parseTextBytes(text, rule, checkValues ? built.channels : []);
  warnings.push(...parsed.warnings);
  const times = parsed.timesMs;
  const step = intervalMs(times);
  markLongerIntervalStatistics(built.channels, step === null ? null : step / 60000);
  if (step !== null) {
    const grid = fitToGrid(times, step, parsed.repeatedTimesMs);
    if (grid.offGridCount > 0) warnings.push(`offGridRows:${grid.offGridRowCount}|${grid.offGridCount}`);
  }
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const time = timeEvidence({
    title: header[dateStart] ?? '',
    sample: dataRows[0] ? stampOf(dataRows[0]) : '',
    format: detected.format,
    isAmbiguous: detected.isAmbiguous,
    warnings,
    periodLine: facts.periodLine,
    kind,
    device: cube ? 'WindCube' : undefined,
    stepMinutes: step === null ? null : step / 60000,
    statedZone: facts.zone,
    periodFormat: facts.tmy3 ? 'TMY3' : undefined,
  });
  const doubts = [
    ...(detected.isAmbiguous
      ? [fileDoubt('timeFormat', 'dateOrderAmbiguous', { format: detected.format })]
      : []),
    ...stampDoubts(times[0], times[times.length - 1]),
    ...built.doubts,
    ...(checkValues ? valueDoubts(parsed.columns, true) : []),
    ...windDoubts(built.channels),
    ...(facts.tmy3 ? [typicalYearDoubt('TMY3')] : []),
  ];

  return {
    kind,
    rule,
    channels: built.channels,
    intervalMinutes: step === null ? null : step / 60000,
    firstTime: iso(times[0]),
    lastTime: iso(times[times.length - 1]),
    rowCount: parsed.rowCount,
    headerRows:
      headerIndex >= 0
        ? rows.slice(headerIndex, Math.min(dataIndex, headerIndex + MAX_HEADER_ROWS)).map((f) => f ?? [])
        : [],
    previewRows: rows
      .slice(dataIndex)
      .filter((f): f is string[] => Boolean(f))
      .slice(0, PREVIEW_ROWS),
    warnings,
    ...(cube ? { remoteSensing: cube.device } : {}),
    time,
    doubts,
    layoutKey: layoutKeyOf(kind, delimiter, header, unitsIndex >= 0 ? rows[unitsIndex]! : []),
  };
}
