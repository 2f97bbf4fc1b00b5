import { z } from 'zod';
import { CHANNEL_ELEMENT_KEYS } from '../stations/channel-config.schema.ts';

/**
 * Logger-file recognition (issue 5): the parse rule of SPEC §3 and what auto-recognition proposes for a
 * file. The server's parser (apps/server/src/modules/ingestion/parsers) produces these; the preview
 * screen shows them and the parse-rule screens edit the rule.
 */

/** Field delimiters a rule may name; `' '` means a run of spaces (fixed-width exports). */
export const FIELD_DELIMITERS = [',', ';', '\t', ' '] as const;
export const ZFieldDelimiter = z.enum(FIELD_DELIMITERS);
export type TFieldDelimiter = z.infer<typeof ZFieldDelimiter>;

/** Kinds of file the recogniser tells apart (formats/IMPORTS.md §1). */
export const FILE_KINDS = [
  'toa5',
  'toaci1',
  'symphoniepro',
  'logr',
  'nrg_sdr',
  'windographer',
  'ammonit',
  'kintech',
  'brightwind',
  'generic_csv',
  'spreadsheet',
  'wasp_tab',
  'windsim_tws',
  'windcube_sta',
  'windcube_sta_floating',
  'scintec_mnd',
  'aq500',
  'store_only',
] as const;
export const ZFileKind = z.enum(FILE_KINDS);
export type TFileKind = z.infer<typeof ZFileKind>;

/** Statistic of a recognised channel; wider than the channel configuration's (gusts, totals, TI → other). */
export const RECOGNIZED_STATISTICS = ['mean', 'max', 'min', 'sd', 'sum', 'count', 'other'] as const;
export const ZStatistic = z.enum(RECOGNIZED_STATISTICS);
export type TStatistic = z.infer<typeof ZStatistic>;

/** The largest column count a file may have (a 10,000-column header is refused with a reason). */
export const MAX_FILE_COLUMNS = 2000;

/**
 * A parse rule (SPEC §3): how to read one logger's files. Rows and columns are 1-based, rows count
 * physical lines (CRLF, LF or lone CR) including blank ones.
 */
export const ZParseRule = z
  .object({
    /** 'utf-8' | 'gb18030' | 'gbk' | 'windows-1252' | 'latin1' | 'utf-16le' | 'utf-16be'. */
    encoding: z.string().trim().min(1).max(40),
    /** Row of the channel-name header; 0 when the file has none. */
    fieldStartRow: z.number().int().min(0).max(100_000),
    fieldDelimiter: ZFieldDelimiter,
    dataStartRow: z.number().int().min(1).max(100_000),
    dataDelimiter: ZFieldDelimiter,
    dataStartColumn: z.number().int().min(1).max(MAX_FILE_COLUMNS),
    dateStartColumn: z.number().int().min(1).max(MAX_FILE_COLUMNS),
    dateEndColumn: z.number().int().min(1).max(MAX_FILE_COLUMNS),
    /** Tokens YYYY YY M MM D DD H HH mm ss SSS Z (offset) and literal separators; 'EXCEL' = serial days. */
    dateFormat: z.string().trim().min(1).max(64),
    /** Whole-field tokens read as missing, joined with '|'; an empty field is always missing. */
    missingValue: z.string().max(200),
    /** The logger clock's fixed offset from UTC in minutes (UTC+8 → 480); ignored when stamps carry one. */
    utcOffsetMinutes: z
      .number()
      .int()
      .min(-14 * 60)
      .max(14 * 60),
    /** Stamps mark the end of the averaging period (Campbell); stored stamps are period starts. */
    timestampIsPeriodEnd: z.boolean(),
    /** Decimal mark of the values (',' in some semicolon-separated European exports). */
    decimalSeparator: z.enum(['.', ',']).optional(),
    /** The averaging period in minutes, used to shift period-end stamps; detected when absent. */
    intervalMinutes: z.number().positive().max(1440).nullish(),
  })
  .refine((r) => r.dateEndColumn >= r.dateStartColumn, {
    path: ['dateEndColumn'],
    message: 'dateEndColumn must not be before dateStartColumn',
  });
export type TParseRule = z.infer<typeof ZParseRule>;

/**
 * How sure recognition is of one thing it read (issue 40): `stated` — the file says it (a units row, a
 * header line, a sensor description, the device format's own column); `convention` — read from a naming
 * convention or implied by another stated fact (a name word, the unit's element, the site's logger zone);
 * `assumed` — a default taken without evidence.
 */
export const INFERENCE_CONFIDENCES = ['stated', 'convention', 'assumed'] as const;
export const ZInferenceConfidence = z.enum(INFERENCE_CONFIDENCES);
export type TInferenceConfidence = z.infer<typeof ZInferenceConfidence>;

/** One inference with its evidence: a key of INGEST_EVIDENCE_MESSAGES, ':' and the text it was read from. */
export const ZInference = z.object({
  confidence: ZInferenceConfidence,
  evidence: z.string().max(300),
});
export type TInference = z.infer<typeof ZInference>;

/** What each part of a channel was read from. */
export const ZChannelEvidence = z.object({
  element: ZInference,
  statistic: ZInference,
  height: ZInference,
  unit: ZInference,
});
export type TChannelEvidence = z.infer<typeof ZChannelEvidence>;

/** What the time axis was read from: the stamp column(s), their format, zone, interval and meaning. */
export const ZTimeEvidence = z.object({
  column: ZInference,
  format: ZInference,
  zone: ZInference,
  interval: ZInference,
  periodEnd: ZInference,
});
export type TTimeEvidence = z.infer<typeof ZTimeEvidence>;

/** What a doubt is about: a part of the time axis, a part of a channel, a channel's values, the file. */
export const DOUBT_FIELDS = [
  'timeColumn',
  'timeFormat',
  'zone',
  'interval',
  'periodEnd',
  'stamps',
  'element',
  'statistic',
  'height',
  'unit',
  'values',
  'file',
] as const;
export const ZDoubtField = z.enum(DOUBT_FIELDS);
export type TDoubtField = z.infer<typeof ZDoubtField>;

/**
 * Something recognition is not sure of, or a contradiction between what it read and the values (issue
 * 40 §1): shown next to its column in the preview; a file with an open doubt is stored only once the
 * user confirmed it (or changed what it is about), and unattended files with one are held.
 */
export const ZDoubt = z.object({
  /** Stable for the same layout: `field:column` (`field:file` for the file or its time axis). */
  id: z.string().max(60),
  field: ZDoubtField,
  /** 1-based source column; null for the time axis or the file. */
  column: z.number().int().nullable(),
  /** Key of INGEST_DOUBT_MESSAGES; its text is filled from `params`. */
  reason: z.string().max(60),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  /** What would resolve it when the values suggest it (a unit such as 'daPa', an element). */
  suggestion: z
    .object({ element: z.string().max(20).optional(), unit: z.string().max(20).optional() })
    .optional(),
});
export type TDoubt = z.infer<typeof ZDoubt>;

/** One recognised value column of a file. */
export const ZRecognizedChannel = z.object({
  /** 1-based source column. */
  column: z.number().int().min(1),
  /** The header text as in the file (Chinese kept). */
  name: z.string(),
  element: z.enum(CHANNEL_ELEMENT_KEYS),
  heightM: z.number().nullable(),
  statistic: ZStatistic,
  unit: z.string(),
  /** Stable key of the stored column, e.g. 'ws_80_N_mean'; '_2' for a second sensor with the same key. */
  dataKey: z.string().min(1).max(100),
  /** Boom orientation or sensor tag carried by the name ('N', 'S', 'sonic'); '' when none. */
  tag: z.string(),
  /**
   * The file's unit when it is not MastHub's (mph, knots, °F, K, kPa…): values are converted into `unit`
   * (m/s, °C, hPa) on import. Absent or '' when the file already used MastHub's unit.
   */
  sourceUnit: z.string().max(20).optional(),
  /** What element, statistic, height and unit were read from (issue 40); absent in rules written by hand. */
  evidence: ZChannelEvidence.optional(),
});
export type TRecognizedChannel = z.infer<typeof ZRecognizedChannel>;

/**
 * What a remote-sensing file (lidar, sodar) states about its device (issue 31), in the IEA Task 43 terms
 * of a measurement station (`measurement_station_type_id` lidar / sodar / floating_lidar); '' where the
 * file says nothing.
 */
export const ZRemoteSensingFacts = z.object({
  stationType: z.enum(['lidar', 'sodar', 'floating_lidar']),
  make: z.string(),
  model: z.string(),
  serial: z.string(),
  firmware: z.string(),
  /** The measurement heights the file's header lists, metres, ascending. */
  heightsM: z.array(z.number()),
  /** The device's own CNR threshold (WindCube `CNRThreshold=`), dB; null when not stated. */
  cnrThresholdDb: z.number().nullable(),
});
export type TRemoteSensingFacts = z.infer<typeof ZRemoteSensingFacts>;

/** What auto-recognition found in a file, for the preview and as the rule to confirm. */
export const ZRecognition = z.object({
  kind: ZFileKind,
  rule: ZParseRule,
  channels: z.array(ZRecognizedChannel),
  /** Modal step between consecutive stamps, minutes. */
  intervalMinutes: z.number().nullable(),
  /** ISO 8601 UTC, period start. */
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  rowCount: z.number().int().min(0),
  headerRows: z.array(z.array(z.string())),
  previewRows: z.array(z.array(z.string())),
  /** Warning keys of INGEST_WARNING_MESSAGES, optionally followed by ':' and a detail. */
  warnings: z.array(z.string()),
  /** Lidar and sodar files only: the device the header describes. */
  remoteSensing: ZRemoteSensingFacts.optional(),
  /** What the time axis was read from (issue 40). */
  time: ZTimeEvidence.optional(),
  /** What recognition is unsure of, or what the values contradict (issue 40); empty when nothing. */
  doubts: z.array(ZDoubt).default([]),
  /**
   * The file's layout (kind, delimiter, header and units rows) as a key: a later file with the same key is
   * read with the rule confirmed for this one.
   */
  layoutKey: z.string().max(80).optional(),
});
export type TRecognition = z.infer<typeof ZRecognition>;
