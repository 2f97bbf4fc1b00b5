import type {
  TChannelElement,
  TParseRule,
  TRecognition,
  TRecognizedChannel,
  TRemoteSensingFacts,
} from '@masthub/shared';
import { decodeText, detectEncoding } from './decode-text.ts';
import { stampDoubts, valueDoubts } from './doubts.ts';
import type { TParsedFile } from './parse-file.ts';
import { splitLines } from './split-lines.ts';
import { withDeviceEvidence } from './time-evidence.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * Scintec sodar `.mnd` files (APRun "FORMAT-1", samples/LIDAR.md): a header (`FORMAT-1`, the first time,
 * the device type, `? <variables> <heights>`), `# file information` (`key : value`), `# variable
 * definitions` (`long name # symbol # unit # type # 0 # invalid value`), then one block per period:
 * `YYYY-MM-DD HH:MM:SS HH:MM:SS` (stamp and averaging length), a `#` title row and one row per height.
 * Each variable has its own invalid marker (99.99, 999.9, 99.999, 99, 9.99E+37…): a value equal to its
 * variable's marker is missing. Stamps mark the period end (the blocks run 00:15 → 24:00); the file
 * names no time zone. Rows do not fit the one-row-per-time layout of parse-file.ts, so the blocks are
 * flattened into virtual columns: 1 is the time, 2 + h·V + v the v-th title column at the h-th height.
 */

/** Variables kept: symbol → element, statistic, data-key statistic. The rest are listed as skipped. */
const KEPT: Record<string, [TChannelElement, 'mean' | 'sd', string]> = {
  speed: ['ws', 'mean', 'mean'],
  sigspeed: ['ws', 'sd', 'sd'],
  dir: ['wd', 'mean', 'mean'],
  sigphi: ['wd', 'sd', 'sd'],
  w: ['wsv', 'mean', 'mean'],
  sigw: ['wsv', 'sd', 'sd'],
};

const BLOCK_RE = /^(\d{4})-(\d{2})-(\d{2})\s+(\d{2}):(\d{2}):(\d{2})\s+(\d{1,2}):(\d{2}):(\d{2})\s*$/;
const HEAD_LINES = 400;

interface TVariable {
  longName: string;
  symbol: string;
  unit: string;
  /** The invalid marker as a number; NaN when it is not numeric (the error-code bit mask). */
  invalid: number;
}

interface TMndLayout {
  variables: TVariable[];
  /** Symbols of the title row, column order ('z' first). */
  symbols: string[];
  heightsM: number[];
  info: Map<string, string>;
  deviceType: string;
  /** 0-based line index of the first block stamp and of its title row. */
  firstBlockLine: number;
  titleLine: number;
}

/** Whether the first lines are a Scintec `.mnd` file. */
export function isScintecMnd(lines: readonly string[]): boolean {
  if (!/^FORMAT-\d+\s*$/.test(lines[0]?.trim() ?? '')) return false;
  return lines
    .slice(0, HEAD_LINES)
    .some((l) => /^#\s*(variable definitions|beginning of data block)/i.test(l));
}

/** Header, variables, title symbols and the heights of the first block. */
function readLayout(lines: readonly string[]): TMndLayout {
  const info = new Map<string, string>();
  const variables: TVariable[] = [];
  let section = '';
  let i = 0;
  for (; i < lines.length; i++) {
    const line = lines[i]!;
    if (BLOCK_RE.test(line.trim())) break;
    const marker = /^#\s*(file information|file type|variable definitions|beginning of data block)/i.exec(
      line,
    );
    if (marker) section = marker[1]!.toLowerCase();
    else if (line.startsWith('#') || line.trim() === '') continue;
    else if (section === 'file information') {
      const colon = line.indexOf(':');
      if (colon > 0) info.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
    } else if (section === 'variable definitions') {
      // One line per variable, in the order of the title row. The error-code line has five fields, no
      // invalid value (`error code # - - groundclutter - # # E # IIIIIIII`): it is a variable too, or
      // every later one takes the name and marker of the next.
      const parts = line.split('#').map((p) => p.trim());
      if (parts.length >= 5) {
        const invalidText = parts[parts.length - 1]!;
        const invalid = /^[+-]?\d/.test(invalidText) ? Number(invalidText) : Number.NaN;
        variables.push({ longName: parts[0]!, symbol: parts[1]!, unit: parts[2]!, invalid });
      }
    }
  }
  const firstBlockLine = i;
  if (firstBlockLine >= lines.length || variables.length === 0) {
    throw new UnreadableFileError('no data block', 'no_data_rows');
  }
  let titleLine = firstBlockLine + 1;
  while (titleLine < lines.length && !lines[titleLine]!.startsWith('#')) titleLine++;
  const symbols =
    titleLine < lines.length
      ? lines[titleLine]!.slice(1).trim().split(/\s+/)
      : variables.map((v) => v.symbol);
  const heightsM: number[] = [];
  for (let r = titleLine + 1; r < lines.length; r++) {
    const t = lines[r]!.trim();
    if (t === '' || t.startsWith('#') || BLOCK_RE.test(t)) break;
    const z = Number(t.split(/\s+/)[0]);
    if (Number.isFinite(z)) heightsM.push(z);
  }
  return {
    variables,
    symbols,
    heightsM,
    info,
    deviceType: lines[2]?.trim() ?? '',
    firstBlockLine,
    titleLine,
  };
}

function channelsOf(layout: TMndLayout): { channels: TRecognizedChannel[]; skipped: string[] } {
  const { symbols, variables, heightsM } = layout;
  const width = symbols.length;
  const channels: TRecognizedChannel[] = [];
  const skipped: string[] = [];
  symbols.forEach((symbol, v) => {
    if (v === 0) return;
    const kept = KEPT[symbol.toLowerCase()];
    if (!kept) {
      skipped.push(symbol);
      return;
    }
    const [element, statistic, statKey] = kept;
    const variable = variables[v];
    heightsM.forEach((heightM, h) => {
      channels.push({
        column: 2 + h * width + v,
        name: `${heightM}m ${variable?.longName ?? symbol} (${symbol})`,
        element,
        heightM,
        statistic,
        unit: element === 'wd' ? 'deg' : 'm/s',
        dataKey: `${element}_${heightM}_${statKey}`,
        tag: '',
      });
    });
  });
  return { channels, skipped };
}

/** The file's markers of the kept variables, for the rule's missing-value field. */
function keptMarkers(layout: TMndLayout): string {
  const markers = new Set<number>();
  layout.symbols.forEach((symbol, v) => {
    const invalid = layout.variables[v]?.invalid;
    if (KEPT[symbol.toLowerCase()] && invalid !== undefined && Number.isFinite(invalid)) markers.add(invalid);
  });
  return [...markers].join('|');
}

function textLines(bytes: Uint8Array, encoding?: string): { lines: string[]; encoding: string } {
  const label = encoding ?? detectEncoding(bytes);
  return { lines: splitLines(decodeText(bytes, label)), encoding: label };
}

/**
 * Reads every block of a `.mnd` file into the time axis and the channels' columns: each value equal to
 * its variable's invalid marker becomes NaN. Period-end stamps become period starts by the block's own
 * averaging length (or the rule's interval). Blocks going back in time or repeating a stamp are dropped
 * and counted.
 */
export function parseScintecMnd(
  bytes: Uint8Array,
  rule: TParseRule,
  channels?: readonly TRecognizedChannel[],
): TParsedFile {
  const { lines } = textLines(bytes, rule.encoding);
  const layout = readLayout(lines);
  const chans = channels && channels.length > 0 ? [...channels] : channelsOf(layout).channels;
  const width = layout.symbols.length;
  const heightIndex = new Map(layout.heightsM.map((h, k) => [h, k]));
  // The channel index of each virtual column (2 + h·V + v).
  const slot = new Map<number, number>(chans.map((ch, k) => [ch.column, k]));
  const markers = layout.symbols.map((_, v) => layout.variables[v]?.invalid ?? Number.NaN);
  const times: number[] = [];
  const values: number[][] = chans.map(() => []);
  let duplicates = 0;
  const repeated: number[] = [];
  let skipped = 0;
  let current = -1;
  let accept = false;
  const offsetMs = rule.utcOffsetMinutes * 60_000;
  for (let i = layout.firstBlockLine; i < lines.length; i++) {
    const line = lines[i]!;
    const t = line.trim();
    if (t === '' || t.startsWith('#')) continue;
    const block = BLOCK_RE.exec(t);
    if (block) {
      const [y, mo, d, hh, mi, ss, dh, dm, ds] = block.slice(1).map(Number) as number[];
      const lengthMs = ((dh! * 60 + dm!) * 60 + ds!) * 1000;
      let ms = Date.UTC(y!, mo! - 1, d!, hh!, mi!, ss!) - offsetMs;
      if (rule.timestampIsPeriodEnd) ms -= rule.intervalMinutes ? rule.intervalMinutes * 60_000 : lengthMs;
      accept = times.length === 0 || ms > times[times.length - 1]!;
      if (!accept) {
        duplicates++;
        repeated.push(ms);
        continue;
      }
      times.push(ms);
      for (const column of values) column.push(Number.NaN);
      current = times.length - 1;
      continue;
    }
    if (current < 0) {
      skipped++;
      continue;
    }
    if (!accept) continue;
    const fields = t.split(/\s+/);
    const h = heightIndex.get(Number(fields[0]));
    if (h === undefined) {
      skipped++;
      continue;
    }
    for (let v = 1; v < fields.length && v < width; v++) {
      const k = slot.get(2 + h * width + v);
      if (k === undefined) continue;
      const value = Number(fields[v]);
      if (Number.isFinite(value) && value !== markers[v]) values[k]![current] = value;
    }
  }
  if (times.length === 0) {
    throw new UnreadableFileError('no block with a readable time', 'no_valid_rows', {
      dateFormat: 'YYYY-MM-DD HH:mm:ss',
    });
  }
  const warnings: string[] = [];
  if (duplicates > 0) warnings.push(`duplicateTimestamps:${duplicates}`);
  if (skipped > 0) warnings.push(`skippedRows:${skipped}`);
  return {
    timesMs: Float64Array.from(times),
    columns: chans.map((channel, k) => ({ channel, values: Float32Array.from(values[k]!) })),
    rowCount: times.length,
    skippedRows: skipped,
    duplicateTimestamps: duplicates,
    repeatedTimesMs: Float64Array.from(repeated.sort((a, b) => a - b)),
    warnings,
  };
}

/** Recognition of a `.mnd` file: its rule, the kept channels per height, the device and the time span. */
export function recognizeScintecMnd(bytes: Uint8Array): TRecognition {
  const { lines, encoding } = textLines(bytes);
  const layout = readLayout(lines);
  const { channels, skipped } = channelsOf(layout);
  const first = BLOCK_RE.exec(lines[layout.firstBlockLine]!.trim())!;
  const intervalMinutes = Number(first[7]) * 60 + Number(first[8]) + Number(first[9]) / 60;
  const rule: TParseRule = {
    encoding,
    fieldStartRow: layout.titleLine + 1,
    fieldDelimiter: ' ',
    dataStartRow: layout.firstBlockLine + 1,
    dataDelimiter: ' ',
    dataStartColumn: 2,
    dateStartColumn: 1,
    dateEndColumn: 2,
    dateFormat: 'YYYY-MM-DD HH:mm:ss',
    missingValue: keptMarkers(layout),
    utcOffsetMinutes: 0,
    timestampIsPeriodEnd: true,
    intervalMinutes,
  };
  const parsed = parseScintecMnd(bytes, rule, channels);
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const device: TRemoteSensingFacts = {
    stationType: 'sodar',
    make: 'Scintec',
    model: layout.deviceType,
    serial: layout.info.get('device serial number') ?? '',
    firmware: layout.info.get('software version') ?? '',
    heightsM: [...layout.heightsM].sort((a, b) => a - b),
    cnrThresholdDb: null,
  };
  const warnings = [...parsed.warnings];
  if (skipped.length > 0) warnings.push(`unusedColumnsSkipped:${skipped.join(', ')}`);
  const rowsOf = (from: number) =>
    lines
      .slice(from, from + layout.heightsM.length + 1)
      .filter((l) => l.trim() !== '' && !l.startsWith('#'))
      .map((l) => l.trim().split(/\s+/));
  return {
    kind: 'scintec_mnd',
    rule,
    channels: withDeviceEvidence(channels, 'Scintec .mnd'),
    intervalMinutes,
    firstTime: iso(parsed.timesMs[0]),
    lastTime: iso(parsed.timesMs[parsed.timesMs.length - 1]),
    rowCount: parsed.rowCount,
    headerRows: [layout.symbols, ...layout.variables.slice(0, 9).map((v) => [v.longName, v.symbol, v.unit])],
    previewRows: rowsOf(layout.titleLine + 1).slice(0, 20),
    warnings,
    remoteSensing: device,
    doubts: [
      ...stampDoubts(parsed.timesMs[0], parsed.timesMs[parsed.timesMs.length - 1]),
      ...valueDoubts(parsed.columns, true),
    ],
  };
}
