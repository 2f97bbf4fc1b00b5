import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import type { TLocalized } from '../i18n/language.ts';
import { interpolate, type Language } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId, ZQueryIdList } from '../text.schema.ts';
import { ZReceiptSummary } from '../wind-data/receipt.schema.ts';
import { ZParseRule, ZRecognition, ZRecognizedChannel } from './recognition.schema.ts';

/**
 * Raw files, parse rules, versions and the upload/parse calls (issue 5 part B; SPEC §2, §3, §5, §7).
 */

// ---------------------------------------------------------------------------------------------------
// Raw files.

/** `held`: kept raw, nothing stored, until a user confirms its doubts or its new layout in the preview (issue 40). */
export const RAW_FILE_STATUSES = [
  'pending',
  'parsing',
  'parsed',
  'failed',
  'stored_not_parsed',
  'held',
] as const;
export const ZRawFileStatus = z.enum(RAW_FILE_STATUSES);
export type TRawFileStatus = z.infer<typeof ZRawFileStatus>;

export const RAW_FILE_SOURCES = ['upload', 'email', 'ftp', 'seed'] as const;

/** Why a raw file was stored but not put into the store (besides INGEST_UNREADABLE_REASONS). */
export const INGEST_STORE_REASONS = {
  no_station: { zh: '未匹配到站点，仅保存原始文件', en: 'no site matched; the raw file is kept only' },
  store_only: {
    zh: '厂商二进制或中尺度文件，已保存原始文件，不解析',
    en: 'vendor binary or mesoscale file: stored as is, not parsed',
  },
  too_large: {
    zh: '文件过大（超过 {maxMb} MB），已保存但不解析',
    en: 'file too large (over {maxMb} MB): stored, not parsed',
  },
  interval_mismatch: {
    zh: '通道“{channel}”的时间间隔（{file} 分钟）与已存数据（{stored} 分钟）不一致',
    en: 'the interval of channel “{channel}” ({file} min) differs from the stored data ({stored} min)',
  },
  irregular_interval: { zh: '无法确定数据的时间间隔', en: 'the data interval cannot be determined' },
  no_values: { zh: '文件中没有可入库的数据', en: 'the file holds no values to store' },
  off_grid_rows: {
    zh: '已入库；{count} 行（{stamps} 个不同时间）的时间不在 {minutes} 分钟整点网格上，未入库（第一行：{first}）',
    en: 'stored; {count} {count|row|rows} ({stamps} distinct {stamps|time|times}) whose time is off the {minutes}-minute grid {count|was|were} left out (first: {first})',
  },
  snapped_stamps: {
    zh: '已入库；{snapped} 个时间偏离 {minutes} 分钟整点网格不超过 {toleranceS} 秒，已对齐到网格',
    en: 'stored; {snapped} {snapped|stamp|stamps} within {toleranceS} s of the {minutes}-minute grid {snapped|was|were} moved onto it',
  },
  off_grid_rows_snapped: {
    zh: '已入库；{snapped} 个时间偏离 {minutes} 分钟整点网格不超过 {toleranceS} 秒，已对齐到网格；另有 {count} 行（{stamps} 个不同时间）不在网格上，未入库（第一行：{first}）',
    en: 'stored; {snapped} {snapped|stamp|stamps} within {toleranceS} s of the {minutes}-minute grid {snapped|was|were} moved onto it; {count} more {count|row|rows} ({stamps} distinct {stamps|time|times}) off the grid {count|was|were} left out (first: {first})',
  },
  internal_error: {
    zh: '解析时发生内部错误，请联系管理员',
    en: 'internal error while parsing; contact the administrator',
  },
} as const satisfies Record<string, TLocalized>;

export function localizeStoreReason(
  reasonKey: string,
  details: Record<string, unknown> | undefined,
  language: Language,
): string | null {
  const entry = (INGEST_STORE_REASONS as Record<string, TLocalized>)[reasonKey];
  if (!entry) return null;
  // Files stored before rows and stamps were told apart counted stamps only.
  const params =
    reasonKey === 'off_grid_rows' && details && details.stamps === undefined
      ? { ...details, stamps: details.count }
      : (details ?? {});
  return interpolate(entry[language], params);
}

export const ZRawFile = z.object({
  id: z.number().int(),
  stationId: z.number().int().nullable(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  source: z.enum(RAW_FILE_SOURCES),
  status: ZRawFileStatus,
  progress: z.number().int(),
  reasonKey: z.string().nullable(),
  /** Localised to the request's language. */
  reason: z.string().nullable(),
  recognizedKind: z.string().nullable(),
  firstTime: z.string().nullable(),
  lastTime: z.string().nullable(),
  valueCount: z.number().int(),
  uploaderName: z.string(),
  createTime: z.string(),
  parseTime: z.string().nullable(),
  /** The file's data receipt (issue 30), null before one is queued. */
  receipt: ZReceiptSummary.nullable(),
});
export type TRawFile = z.infer<typeof ZRawFile>;

/** POST /web/station/raw_file/page. */
export const ZRawFilePageRequest = ZPageRequest.extend({
  stationId: ZId,
  status: ZRawFileStatus.optional(),
  fileName: z.string().trim().max(255).optional(),
});
export type TRawFilePageRequest = z.infer<typeof ZRawFilePageRequest>;

/** Ingest outcome of one uploaded file. */
export const ZIngestOutcome = z.object({
  fileName: z.string(),
  rawFileId: z.number().int(),
  status: z.enum(['parsed', 'failed', 'stored_not_parsed', 'duplicate', 'pending', 'held']),
  reasonKey: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TIngestOutcome = z.infer<typeof ZIngestOutcome>;

/** Upload contexts of SPEC §5: which extensions, how many files, what must be included. */
export const UPLOAD_CONTEXTS = {
  /**
   * Site data files (StationInfo / MeasureWind import); lidar and sodar files too (issue 31: WindCube
   * `.sta`, Scintec `.mnd`; a Halo `.hpl` raw scan is taken to be refused with its reason).
   */
  site: {
    extensions: ['csv', 'txt', 'xls', 'xlsx', 'dat', 'sta', 'mnd', 'hpl'],
    isMultiple: true,
    mustInclude: null,
  },
  /** Logger raw files, vendor binaries included. */
  logger: {
    extensions: ['rld', 'rwd', 'txt', 'csv', 'dat', 'xls', 'xlsx', 'sta', 'mnd', 'hpl'],
    isMultiple: true,
    mustInclude: null,
  },
  /** Generic single-file upload. */
  generic: { extensions: ['txt', 'csv', 'wnd', 'xls', 'xlsx', 'dat'], isMultiple: false, mustInclude: null },
  /** Mesoscale data: must include a .wnd file. */
  mesoscale: {
    extensions: ['wnd', 'txt', 'csv', 'xls', 'xlsx', 'dat'],
    isMultiple: true,
    mustInclude: 'wnd',
  },
} as const;
export type TUploadContext = keyof typeof UPLOAD_CONTEXTS;
/** Largest single data file accepted by the upload calls. */
export const DATA_UPLOAD_MAX_BYTES = 1024 * 1024 * 1024;
/** Most files in one upload. */
export const DATA_UPLOAD_MAX_FILES = 100;

export const ZDataUploadQuery = z.object({
  stationId: ZQueryId.optional(),
  context: z.enum(Object.keys(UPLOAD_CONTEXTS) as [TUploadContext, ...TUploadContext[]]).default('site'),
});

// ---------------------------------------------------------------------------------------------------
// Parsing calls.

export const ZPreviewRecognizeResult = z.object({
  /** Confirms this file in /data-parse/parse/text/recognize. */
  token: z.string(),
  fileName: z.string(),
  sizeBytes: z.number().int(),
  /** True for vendor binaries and .wnd: the file is stored as is, recognition is null. */
  storeOnly: z.boolean(),
  recognition: ZRecognition.nullable(),
});

/** POST /data-parse/parse/text/recognize: confirm a preview (token) or re-parse a raw file (rawFileId). */
export const ZRecognizeConfirm = z
  .object({
    stationId: ZId,
    token: z.string().uuid().optional(),
    rawFileId: ZId.optional(),
    rule: ZParseRule.optional(),
    channels: z.array(ZRecognizedChannel).max(2000).optional(),
    /**
     * The doubts of the preview the user confirmed as they are (issue 40): every doubt still open for the
     * confirmed rule and channels must be here, else the call is refused and nothing is stored.
     */
    acceptedDoubts: z.array(z.string().max(60)).max(4000).default([]),
    /** Read the site's next files of this layout with this rule (default), by a user or by nobody. */
    rememberLayout: z.boolean().default(true),
  })
  .refine((v) => (v.token === undefined) !== (v.rawFileId === undefined), {
    path: ['token'],
    ...vmsg('required'),
  });
export type TRecognizeConfirm = z.infer<typeof ZRecognizeConfirm>;
export type TRecognizeConfirmInput = z.input<typeof ZRecognizeConfirm>;

export const ZParseTask = z.object({
  taskId: z.number().int(),
  rawFileId: z.number().int(),
  status: z.enum(['parsed', 'failed', 'stored_not_parsed', 'duplicate', 'pending', 'parsing', 'held']),
  progress: z.number().int(),
  reasonKey: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TParseTask = z.infer<typeof ZParseTask>;

export const ZTaskIdQuery = z.object({ taskId: ZQueryId });

export const ZExportTemplate = z.object({
  name: z.string().trim().max(50).optional(),
  rule: ZParseRule,
  channels: z.array(ZRecognizedChannel).max(2000).default([]),
});

export const ZHeightStatisticsQuery = z.object({ channelName: z.string(requiredError('required')).max(200) });

// ---------------------------------------------------------------------------------------------------
// Parse rules (RuleManage).

export const ZParseRuleSave = z.object({
  id: ZId.optional(),
  name: z.string(requiredError('required')).trim().min(1, vmsg('required')).max(50, vmsg('maxLength')),
  rule: ZParseRule,
  channels: z.array(ZRecognizedChannel).max(2000).default([]),
  notes: z.string().trim().max(200).default(''),
});
export type TParseRuleSave = z.infer<typeof ZParseRuleSave>;

export const ZParseRuleRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  rule: ZParseRule,
  channels: z.array(ZRecognizedChannel),
  notes: z.string(),
  stationCount: z.number().int(),
  updaterName: z.string(),
  updateTime: z.string(),
});
export type TParseRuleRecord = z.infer<typeof ZParseRuleRecord>;

export const ZParseRulePageRequest = ZPageRequest.extend({ name: z.string().trim().max(50).optional() });

export const ZParseRuleOption = z.object({ id: z.number().int(), name: z.string() });

/** POST /web/station/updateParseRule. */
export const ZUpdateStationParseRule = z.object({ stationId: ZId, parseRuleId: ZId.nullable() });

// ---------------------------------------------------------------------------------------------------
// Original files export.

/** Sites one raw-data download may hold (the site list's selection). */
export const RAW_EXPORT_MAX_SITES = 100;

/** POST /data-parse/export/original_file: a site and an optional time range, or raw-file ids. */
export const ZOriginalFileExport = z
  .object({
    stationId: ZId.optional(),
    /** Several sites at once (the site list's selection): one folder per site code in the ZIP. */
    stationIds: z.array(ZId).min(1).max(RAW_EXPORT_MAX_SITES, vmsg('tooLarge')).optional(),
    ids: z.array(ZId).max(10_000).optional(),
    startTime: z.string().datetime({ offset: true }).optional(),
    endTime: z.string().datetime({ offset: true }).optional(),
  })
  .refine((v) => v.stationId !== undefined || (v.stationIds?.length ?? 0) > 0 || (v.ids?.length ?? 0) > 0, {
    path: ['stationId'],
    ...vmsg('required'),
  })
  .refine((v) => !v.startTime || !v.endTime || Date.parse(v.startTime) <= Date.parse(v.endTime), {
    path: ['startTime'],
    ...vmsg('startAfterEnd'),
  });

export type TOriginalFileExport = z.infer<typeof ZOriginalFileExport>;

// ---------------------------------------------------------------------------------------------------
// File-rule preview (site list): how each site's files arrive and are read.

/** POST /web/station/file_rules: the sites of the list's selection or page. */
export const ZFileRulePreviewRequest = z.object({
  stationIds: z.array(ZId).min(1, vmsg('required')).max(RAW_EXPORT_MAX_SITES, vmsg('tooLarge')),
});
export type TFileRulePreviewRequest = z.infer<typeof ZFileRulePreviewRequest>;

/** A file-match rule that routes files to a site: fixed to it, or any site whose code the file name holds. */
export const ZFileRulePreviewRule = z.object({
  id: z.number().int(),
  name: z.string(),
  stationMode: z.enum(['fixed', 'fromName']),
  dataSourceName: z.string().nullable(),
  folder: z.string(),
  inbox: z.string(),
  fileTypes: z.array(z.string()),
  isEnabled: z.boolean(),
});

export const ZFileRulePreviewRow = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
  /** The site's parse rule; null: files are read by recognition. */
  parseRuleName: z.string().nullable(),
  rules: z.array(ZFileRulePreviewRule),
  lastFile: z
    .object({ fileName: z.string(), status: z.string(), source: z.string(), createTime: z.string() })
    .nullable(),
  fileCount: z.number().int(),
});
export type TFileRulePreviewRow = z.infer<typeof ZFileRulePreviewRow>;

// ---------------------------------------------------------------------------------------------------
// Versions.

/** The name of a site's original version, made by the system: stored in Chinese, shown in the reader's language. */
export const ORIGINAL_VERSION_NAME: TLocalized = { zh: '原始数据', en: 'Original data' };

/** A version's name as shown: the original version's in the reader's language, a working version's as named. */
export function versionDisplayName(version: { kind: string; name: string }, language: Language): string {
  return version.kind === 'original' ? ORIGINAL_VERSION_NAME[language] : version.name;
}

/**
 * A label a record composed from a version's stored name and kept (a long-term reference made of another
 * site's version, `原始数据 · Spd80mN`), as the reader reads it: the original version's stored name, alone or
 * before ` · `, is its well-known key (issue 41); anything else stays as written.
 */
export function displayVersionLabel(label: string, language: Language): string {
  const stored = ORIGINAL_VERSION_NAME.zh;
  if (label === stored) return ORIGINAL_VERSION_NAME[language];
  if (label.startsWith(`${stored} · `)) return ORIGINAL_VERSION_NAME[language] + label.slice(stored.length);
  return label;
}

export const ZDatasetVersion = z.object({
  id: z.number().int(),
  stationId: z.number().int(),
  name: z.string(),
  kind: z.enum(['original', 'working']),
  isViewOnly: z.boolean(),
  sourceVersionId: z.number().int().nullable(),
  createTime: z.string(),
  /** Data range (ISO UTC) and counts; null before any data. */
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  channelCount: z.number().int(),
  valueCount: z.number().int(),
});
export type TDatasetVersion = z.infer<typeof ZDatasetVersion>;

export const ZVersionListQuery = z.object({ stationId: ZQueryId });
export const ZVersionMultiListQuery = z.object({ stationIds: ZQueryIdList });
export const ZStationVersions = z.object({ stationId: z.number().int(), versions: z.array(ZDatasetVersion) });
