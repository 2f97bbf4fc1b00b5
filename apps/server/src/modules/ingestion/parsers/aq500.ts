import type {
  TChannelElement,
  TFieldDelimiter,
  TParseRule,
  TRecognition,
  TRecognizedChannel,
  TRemoteSensingFacts,
  TStatistic,
} from '@masthub/shared';
import { stampDoubts, valueDoubts } from './doubts.ts';
import { intervalMs, parseTextBytes } from './parse-file.ts';
import { splitFields } from './split-lines.ts';
import { withDeviceEvidence } from './time-evidence.ts';
import { UnreadableFileError } from './unreadable-file-error.ts';

/**
 * AQSystem AQ500 sodar result files (`YYMMDD_result.txt`, issue 40). No public licensed sample exists
 * (samples/LIDAR.md "Not found"); the layout below is the one public AQ500 readers expect, and our
 * fixture (fixtures/aq500-result.txt) is written in it:
 *
 *   [BOF] / [BOH], then `key=value` lines — `Number of levels=`, `Lowest level(LL m)=`,
 *   `Highest level(HL m)=`, `Interval(m)=`, `Data average time(min)=`, `No data=9999`,
 *   `ASCIICode.Decimal=46`, `ASCIICode.Data field separator=44` —, one `Data field <n[,n…]>: <what>` line
 *   per quantity (one field number per level for the per-height ones, lowest level first), [EOH], [BOD],
 *   one comma-separated row per period (`YYYYMMDD hh:mm` with the hour space-padded, a trailing
 *   separator), [EOD], [EOF]. The unit pads some header lines with NUL bytes (nul-padding.ts).
 *
 * Each row is one period, so the generic row parser reads it with a rule and channels made here. The
 * stamps' meaning is not stated: daily files run 00:00 → 23:50, which reads as period STARTS, so they are
 * taken as such and the preview says it is an assumption (`periodStartAssumed`). A per-height list whose
 * length is not the number of levels is not imported (no height could be trusted); values the logger
 * scales (`V * 100`, `deg C * 10`, `S/N*10`) are kept as 'other' under their own names, never as volts,
 * °C or %.
 */

const FIELD_LINE_RE = /^Data field\s+([\d,\s]+):\s*(.+?)\s*$/i;
const SCALED_RE = /\*\s*\d+/;

/** Whether the first lines are an AQ500 result file. */
export function isAq500Result(lines: readonly string[]): boolean {
  const top = lines
    .slice(0, 120)
    .map((l) => l.trim())
    .filter((l) => l !== '');
  if (top[0] !== '[BOF]' || !top.includes('[BOH]')) return false;
  return top.some((l) => /^AQ500\b/i.test(l) || FIELD_LINE_RE.test(l));
}

interface TField {
  fields: number[];
  description: string;
}

interface TAq500Layout {
  params: Map<string, string>;
  fields: TField[];
  heightsM: number[];
  delimiter: TFieldDelimiter;
  decimalSeparator: '.' | ',';
  /** 0-based line index of the first data row. */
  dataIndex: number;
}

const DELIMITER_BY_CODE: Record<number, TFieldDelimiter> = { 44: ',', 59: ';', 9: '\t', 32: ' ' };

function readLayout(lines: readonly string[]): TAq500Layout {
  const params = new Map<string, string>();
  const fields: TField[] = [];
  let endOfHeader = -1;
  for (let i = 0; i < lines.length && endOfHeader < 0; i++) {
    const line = lines[i]!.trim();
    if (line === '[EOH]') endOfHeader = i;
    const field = FIELD_LINE_RE.exec(line);
    if (field) {
      const numbers = field[1]!
        .split(',')
        .map((n) => Number(n.trim()))
        .filter((n) => Number.isInteger(n) && n >= 1);
      fields.push({ fields: numbers, description: field[2]! });
    } else if (line.includes('=')) {
      const eq = line.indexOf('=');
      params.set(line.slice(0, eq).trim().toLowerCase(), line.slice(eq + 1).trim());
    }
  }
  let dataIndex = endOfHeader + 1;
  while (dataIndex < lines.length && /^\[BOD\]$|^\s*$/.test(lines[dataIndex]!.trim())) dataIndex++;
  const number = (key: string) => Number.parseFloat(params.get(key) ?? '');
  const lowest = number('lowest level(ll m)');
  const interval = number('interval(m)');
  const highest = number('highest level(hl m)');
  let levels = number('number of levels');
  if (!Number.isInteger(levels) && Number.isFinite(highest))
    levels = Math.round((highest - lowest) / interval) + 1;
  const separator = DELIMITER_BY_CODE[Number(params.get('asciicode.data field separator') ?? 44)];
  if (
    endOfHeader < 0 ||
    fields.length === 0 ||
    !Number.isFinite(lowest) ||
    !(interval > 0) ||
    !(levels >= 1 && levels <= 200) ||
    // The level count, the step and the highest level must agree, or no height can be trusted.
    (Number.isFinite(highest) && Math.abs(lowest + (levels - 1) * interval - highest) > 1e-6) ||
    !separator
  ) {
    throw new UnreadableFileError('AQ500 header without a usable field list', 'aq500_fields_unknown');
  }
  return {
    params,
    fields,
    heightsM: Array.from({ length: levels }, (_, k) => lowest + k * interval),
    delimiter: separator,
    decimalSeparator: params.get('asciicode.decimal') === '44' ? ',' : '.',
    dataIndex,
  };
}

/** A per-height quantity's description → element, statistic, data-key statistic, unit. */
function quantityOf(description: string): [TChannelElement, TStatistic, string, string] | null {
  const d = description.toLowerCase();
  if (SCALED_RE.test(d)) return null;
  if (/^std[- ]?speed\b/.test(d)) return ['ws', 'sd', 'sd', 'm/s'];
  if (/^speed\b/.test(d)) return ['ws', 'mean', 'mean', 'm/s'];
  if (/^dir/.test(d)) return ['wd', 'mean', 'mean', 'deg'];
  if (/^std[- ]?w\b/.test(d)) return ['wsv', 'sd', 'sd', 'm/s'];
  if (/^vertical velocity\b|^w\b/.test(d)) return ['wsv', 'mean', 'mean', 'm/s'];
  return null;
}

/** A site sensor's description (one field) → element and unit; null when it is scaled or unknown. */
function siteQuantityOf(description: string): [TChannelElement, string] | null {
  const d = description.toLowerCase();
  if (SCALED_RE.test(d)) return null;
  if (/humidity/.test(d)) return ['RH', '%'];
  if (/pressure/.test(d)) return ['p', 'hPa'];
  return null;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/\(ll to hl\)/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 50);
}

function channelsOf(layout: TAq500Layout, warnings: string[]): TRecognizedChannel[] {
  const { heightsM } = layout;
  const channels: TRecognizedChannel[] = [];
  const absent: string[] = [];
  const add = (channel: Omit<TRecognizedChannel, 'tag'>) => channels.push({ ...channel, tag: '' });
  for (const { fields, description } of layout.fields) {
    if (fields.includes(1) && /date|time/i.test(description)) continue;
    if (fields.length === 1) {
      // `Pressure sensor(Hp)=False`: the unit has no such sensor, the column is empty.
      if (/=\s*false\s*$/i.test(description)) {
        absent.push(description);
        continue;
      }
      const name = description.replace(/=\s*true\s*$/i, '');
      const site = siteQuantityOf(name);
      add({
        column: fields[0]!,
        name,
        element: site ? site[0] : 'other',
        heightM: null,
        statistic: site ? 'mean' : 'other',
        unit: site ? site[1] : '',
        dataKey: site ? `${site[0]}_mean` : `other_${slug(name)}`,
      });
      continue;
    }
    if (fields.length !== heightsM.length) {
      warnings.push(`heightColumnsMismatch:${description}|${fields.length}|${heightsM.length}`);
      continue;
    }
    const quantity = quantityOf(description);
    fields.forEach((column, k) => {
      const heightM = heightsM[k]!;
      const [element, statistic, statKey, unit] = quantity ?? ['other', 'other', slug(description), ''];
      add({
        column,
        name: `${heightM}m ${description}`,
        element,
        heightM,
        statistic,
        unit,
        dataKey: element === 'other' ? `other_${heightM}_${statKey}` : `${element}_${heightM}_${statKey}`,
      });
    });
  }
  if (absent.length > 0) warnings.push(`unusedColumnsSkipped:${absent.join(', ')}`);
  return channels.sort((a, b) => a.column - b.column);
}

/** Recognition of an AQ500 result file: its rule, the channels per level, the device and the time span. */
export function recognizeAq500(text: Uint8Array, lines: readonly string[], encoding: string): TRecognition {
  const layout = readLayout(lines);
  const warnings: string[] = [];
  const channels = channelsOf(layout, warnings);
  if (!channels.some((c) => c.element === 'ws')) {
    throw new UnreadableFileError('AQ500 file without speed fields', 'aq500_fields_unknown');
  }
  const averageMinutes = Number.parseFloat(layout.params.get('data average time(min)') ?? '');
  const rule: TParseRule = {
    encoding,
    fieldStartRow: 0,
    fieldDelimiter: layout.delimiter,
    dataStartRow: layout.dataIndex + 1,
    dataDelimiter: layout.delimiter,
    dataStartColumn: channels[0]!.column,
    dateStartColumn: 1,
    dateEndColumn: 1,
    dateFormat: 'YYYYMMDD H:mm',
    missingValue: layout.params.get('no data') || '9999',
    utcOffsetMinutes: 0,
    timestampIsPeriodEnd: false,
    ...(averageMinutes > 0 ? { intervalMinutes: averageMinutes } : {}),
  };
  if (layout.decimalSeparator === ',') rule.decimalSeparator = ',';
  warnings.push('periodStartAssumed');
  const parsed = parseTextBytes(text, rule, channels);
  warnings.push(...parsed.warnings);
  const step = intervalMs(parsed.timesMs);
  const iso = (ms: number | undefined) => (ms === undefined ? null : new Date(ms).toISOString());
  const device: TRemoteSensingFacts = {
    stationType: 'sodar',
    make: 'AQSystem',
    model: 'AQ500',
    // The header names the site (`Station site name=`), not the unit's serial number.
    serial: '',
    firmware: layout.params.get('aq500 program version') ?? '',
    heightsM: layout.heightsM,
    cnrThresholdDb: null,
  };
  const dataLines = lines.slice(layout.dataIndex).filter((l) => /^\d{8}\s/.test(l.trim()));
  return {
    kind: 'aq500',
    rule,
    channels: withDeviceEvidence(channels, 'AQ500'),
    intervalMinutes: step === null ? null : step / 60000,
    firstTime: iso(parsed.timesMs[0]),
    lastTime: iso(parsed.timesMs[parsed.timesMs.length - 1]),
    rowCount: parsed.rowCount,
    headerRows: lines
      .slice(0, layout.dataIndex)
      .filter((l) => FIELD_LINE_RE.test(l.trim()))
      .slice(0, 10)
      .map((l) => [l.trim()]),
    previewRows: dataLines.slice(0, 20).map((l) => splitFields(l, layout.delimiter)),
    warnings,
    remoteSensing: device,
    doubts: [
      ...stampDoubts(parsed.timesMs[0], parsed.timesMs[parsed.timesMs.length - 1]),
      ...valueDoubts(parsed.columns, true),
    ],
  };
}
