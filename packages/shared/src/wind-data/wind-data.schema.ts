import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { EXPORT_FORMAT_MAX, WIND_TABLE_MAX_ROWS } from '../constants.ts';
import { localizeUnreadableReason } from '../i18n/ingestion.ts';
import { interpolate, type Language, type TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { localizeStoreReason, ZDatasetVersion } from '../ingestion/timeseries.schema.ts';
import { ZId, ZQueryId } from '../text.schema.ts';

/**
 * Wind data of a site (MeasureWind, issue 7): versions, channels, the data table and charts, flag marks,
 * processing tasks and export (SPEC §2, §3, §4, §5, §9; DESIGN §3, §4, §6).
 */

/** The wind data table shows at most this many rows (SPEC §9), and as many by default. */
export const DATA_PAGE_MAX_ROWS = WIND_TABLE_MAX_ROWS;
/** Points per channel a chart asks for by default; the server aggregates into at most this many buckets. */
export const CHART_DEFAULT_POINTS = 2000;
export const CHART_MAX_POINTS = 10_000;
/** Channels in one chart request. */
export const CHART_MAX_CHANNELS = 12;
/** Tower-shadow correction angle (SPEC §5, §9). */
export const CORRECTION_ANGLE_LIMIT = 15;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

/** start ≤ end when both are given (SPEC §5 "start time not later than end time"). */
function startNotAfterEnd(v: { startTime?: string | undefined; endTime?: string | undefined }): boolean {
  return (
    v.startTime === undefined || v.endTime === undefined || Date.parse(v.startTime) < Date.parse(v.endTime)
  );
}
const startAfterEndIssue = { path: ['endTime'], ...vmsg('startAfterEnd') };

// ---------------------------------------------------------------------------------------------------
// Flags (SPEC §4, DESIGN §3).

/** Flag codes per value: 0 normal, 1 filled/corrected, 2 suspicious, 3 invalid, 4 icing. */
export const FLAG_CODES = [0, 1, 2, 3, 4] as const;
export type TFlagCode = (typeof FLAG_CODES)[number];
/** Flags a user may set by hand (SPEC §4: normal, suspicious, icing, invalid). */
export const MARK_FLAGS = [0, 2, 3, 4] as const;
export const ZMarkFlag = z.union([z.literal(0), z.literal(2), z.literal(3), z.literal(4)], vmsg('oneOf'));

// ---------------------------------------------------------------------------------------------------
// Versions.

/** POST /web/version/save: a working version copied from another version of the same site. */
export const ZVersionCreate = z.object({
  stationId: ZId,
  sourceVersionId: ZId,
  name: z.string(requiredError('required')).trim().min(1, vmsg('required')).max(50, vmsg('maxLength')),
});
export type TVersionCreate = z.infer<typeof ZVersionCreate>;

/** POST /web/version/rename. */
export const ZVersionRename = z.object({
  id: ZId,
  name: z.string(requiredError('required')).trim().min(1, vmsg('required')).max(50, vmsg('maxLength')),
});
export type TVersionRename = z.infer<typeof ZVersionRename>;

/** One step of a version's lineage: where it came from and what was done to it. */
export const ZLineageStep = z.object({
  step: z.string(),
  sourceVersionId: z.number().int().nullable().optional(),
  taskId: z.number().int().nullable().optional(),
  params: z.record(z.string(), z.unknown()).optional(),
  userName: z.string().optional(),
  time: z.string().optional(),
});
export type TLineageStep = z.infer<typeof ZLineageStep>;

/** A version with its lineage and the task running on it, if any (GET /web/version/detail). */
export const ZVersionDetail = ZDatasetVersion.extend({
  creatorName: z.string(),
  lineage: z.array(ZLineageStep),
  activeTaskId: z.number().int().nullable(),
});
export type TVersionDetail = z.infer<typeof ZVersionDetail>;

export const ZVersionIdQuery = z.object({ versionId: ZQueryId });

/** A channel of a version (GET /web/version/channels). */
export const ZVersionChannel = z.object({
  id: z.number().int(),
  dataKey: z.string(),
  name: z.string(),
  /** The channel's column name in exports (EXPORTS §2: `WS_80m_Avg`), unique within the version. */
  exportName: z.string(),
  /** Wind element code of packages/wind: ws, wd, T, RH, p, rho, other. */
  element: z.string(),
  heightM: z.number().nullable(),
  /** avg, sd, max or min. */
  statistic: z.string(),
  unit: z.string(),
  /** The logger file's unit when values were converted into `unit` on import (mph → m/s); '' otherwise. */
  sourceUnit: z.string(),
  intervalS: z.number().int(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  valueCount: z.number().int(),
});
export type TVersionChannel = z.infer<typeof ZVersionChannel>;

// ---------------------------------------------------------------------------------------------------
// Data table and charts.

/** POST /web/version/data/page: rows of a time range, at most 500 per page (SPEC §9). */
export const ZDataPageRequest = ZPageRequest.extend({
  versionId: ZId,
  /** Columns; all channels when absent. */
  channelIds: z.array(ZId).max(400).optional(),
  startTime: ZTime.optional(),
  endTime: ZTime.optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .max(DATA_PAGE_MAX_ROWS, vmsg('tooLarge'))
    .default(DATA_PAGE_MAX_ROWS),
}).refine(startNotAfterEnd, startAfterEndIssue);
export type TDataPageRequest = z.infer<typeof ZDataPageRequest>;

export const ZDataRow = z.object({
  /** Period start, ISO UTC. */
  time: z.string(),
  /** One value per column (null = missing). */
  values: z.array(z.number().nullable()),
  /** One flag per column. */
  flags: z.array(z.number().int()),
});
export type TDataRow = z.infer<typeof ZDataRow>;

export const ZDataPage = z.object({
  channels: z.array(ZVersionChannel),
  records: z.array(ZDataRow),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TDataPage = z.infer<typeof ZDataPage>;

/** POST /web/version/data/chart: time series downsampled on the server (min/avg/max per bucket). */
export const ZChartRequest = z
  .object({
    versionId: ZId,
    channelIds: z.array(ZId).min(1, vmsg('required')).max(CHART_MAX_CHANNELS, vmsg('tooLarge')),
    startTime: ZTime.optional(),
    endTime: ZTime.optional(),
    maxPoints: z.coerce.number().int().min(100).max(CHART_MAX_POINTS).default(CHART_DEFAULT_POINTS),
  })
  .refine(startNotAfterEnd, startAfterEndIssue);
export type TChartRequest = z.infer<typeof ZChartRequest>;

export const ZChartSeries = z.object({
  channelId: z.number().int(),
  name: z.string(),
  unit: z.string(),
  /** Per bucket; null where the bucket holds no value. Equal to min/max when not aggregated. */
  avg: z.array(z.number().nullable()),
  min: z.array(z.number().nullable()),
  max: z.array(z.number().nullable()),
  /** Strongest flag in the bucket by precedence (3 > 4 > 2 > 1 > 0). */
  flag: z.array(z.number().int()),
});
export type TChartSeries = z.infer<typeof ZChartSeries>;

export const ZChartData = z.object({
  /** Bucket start times, UTC epoch ms (shared by every series). */
  times: z.array(z.number()),
  /** Bucket width; equals the channel interval when the range was not aggregated. */
  bucketSeconds: z.number().int(),
  isAggregated: z.boolean(),
  startTime: z.string().nullable(),
  endTime: z.string().nullable(),
  series: z.array(ZChartSeries),
});
export type TChartData = z.infer<typeof ZChartData>;

// ---------------------------------------------------------------------------------------------------
// Manual marks and their undo.

/** POST /web/version/mark/save. */
export const ZMarkCreate = z
  .object({
    versionId: ZId,
    channelIds: z.array(ZId).min(1, vmsg('required')).max(400),
    startTime: ZTime,
    endTime: ZTime,
    flag: ZMarkFlag,
    note: z.string().trim().max(50, vmsg('maxLength')).default(''),
  })
  .refine(startNotAfterEnd, startAfterEndIssue);
export type TMarkCreate = z.infer<typeof ZMarkCreate>;

export const ZFlagMark = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  source: z.enum(['manual', 'qc']),
  taskId: z.number().int().nullable(),
  channelIds: z.array(z.number().int()),
  channelNames: z.array(z.string()),
  startTime: z.string(),
  endTime: z.string(),
  flag: z.number().int(),
  note: z.string(),
  changedCount: z.number().int(),
  /** QC runs: rule id → values changed. */
  ruleCounts: z.record(z.string(), z.number()),
  creatorName: z.string(),
  createTime: z.string(),
  isUndone: z.boolean(),
  undoerName: z.string().nullable(),
  undoTime: z.string().nullable(),
});
export type TFlagMark = z.infer<typeof ZFlagMark>;

/** POST /web/version/mark/page. */
export const ZMarkPageRequest = ZPageRequest.extend({ versionId: ZId });

// ---------------------------------------------------------------------------------------------------
// Processing tasks (SPEC §4: one per version at a time, deletion included).

export const TASK_KINDS = [
  'qc',
  'tower_shadow',
  'interpolation',
  'extrapolation',
  'representative_year',
  'delete_data',
  'import',
  'receipt_fix',
  'receipt_fix_undo',
  'calibration_fix',
  'calibration_fix_undo',
  'reconstruct',
  'reconstruct_undo',
] as const;
export const ZTaskKind = z.enum(TASK_KINDS);
export type TTaskKind = z.infer<typeof ZTaskKind>;
export const TASK_STATUSES = ['queued', 'running', 'succeeded', 'failed'] as const;
export type TTaskStatus = (typeof TASK_STATUSES)[number];

export const ZProcessingTask = z.object({
  id: z.number().int(),
  versionId: z.number().int(),
  stationId: z.number().int(),
  kind: ZTaskKind,
  status: z.enum(TASK_STATUSES),
  progress: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  /** What the task did (counts, fit, chosen year…), shape per kind. */
  result: z.record(z.string(), z.unknown()).nullable(),
  errorKey: z.string().nullable(),
  /** Localised to the request's language. */
  error: z.string().nullable(),
  creatorName: z.string(),
  createTime: z.string(),
  startTime: z.string().nullable(),
  finishTime: z.string().nullable(),
});
export type TProcessingTask = z.infer<typeof ZProcessingTask>;

/** Websocket frame announcing a task's progress or end (alongside stored SPEC messages). */
export const ZTaskEventFrame = z.object({ event: z.literal('task'), task: ZProcessingTask });
export type TTaskEventFrame = z.infer<typeof ZTaskEventFrame>;

export const ZTaskIdQueryP = z.object({ taskId: ZQueryId });
/** POST /data-process/process/task/page. */
export const ZTaskPageRequest = ZPageRequest.extend({ stationId: ZId, versionId: ZId.optional() });

/** Why a processing task failed (task.errorKey → localised text with task.error_details). */
export const PROCESSING_FAILURE_REASONS = {
  no_data: { zh: '所选通道在该时间范围内没有数据', en: 'the selected channels hold no data in this range' },
  too_few_pairs: {
    zh: '同期有效数据对不足 {minPairs} 个（实际 {count} 个）',
    en: 'fewer than {minPairs} concurrent valid pairs ({count})',
  },
  weak_correlation: {
    zh: '相关系数 r = {r} 低于要求的 {minR}',
    en: 'the correlation r = {r} is below the required {minR}',
  },
  wake_sectors_overlap: {
    zh: '两个风速计的尾流扇区重叠（撑杆方向相差小于 {minDeg}°），不能用国标法',
    en: 'the wake sectors of the two anemometers overlap (booms less than {minDeg}° apart); the GB method cannot be used',
  },
  channel_mismatch: {
    zh: '通道“{channel}”不适用于此处理（{expected}）',
    en: 'channel “{channel}” does not fit this processing ({expected})',
  },
  channel_not_in_version: {
    zh: '通道 #{channel} 不属于此版本',
    en: 'channel #{channel} does not belong to this version',
  },
  height_mismatch: {
    zh: '通道“{channel}”（{height} m）与“{other}”（{otherHeight} m）的高度不同',
    en: 'channels “{channel}” ({height} m) and “{other}” ({otherHeight} m) are at different heights',
  },
  no_shear_fit: {
    zh: '无法拟合风切变指数：各高度风速同时大于 3 m/s 的记录不足 {minCount} 条',
    en: 'the shear exponent cannot be fitted: fewer than {minCount} records with every height above 3 m/s',
  },
  interval_mismatch: {
    zh: '所选通道的时间间隔不一致',
    en: 'the selected channels have different intervals',
  },
  no_full_year: {
    zh: '数据不足连续 12 个月，无法选取代表年',
    en: 'less than 12 consecutive months of data; no representative year can be chosen',
  },
  no_rules: { zh: '没有可用的质量控制规则', en: 'no quality-control rule applies' },
  file_unreadable: {
    zh: '文件“{fileName}”无法识别：{reason}',
    en: 'the file “{fileName}” cannot be read: {reason}',
  },
  receipt_fix_stale: {
    zh: '该数据回执修正已应用或已撤销，版本数据未改变',
    en: 'this data receipt fix was already applied or undone; the version is unchanged',
  },
  receipt_channel_missing: {
    zh: '数据版本或通道配置中没有通道“{channel}”',
    en: 'channel “{channel}” is not in the data version or the channel configuration',
  },
  reconstruct_no_gaps: {
    zh: '所选通道在该时间范围内没有缺测，无需重建',
    en: 'the selected channels have no gaps in this range; nothing to reconstruct',
  },
  reconstruct_no_source: {
    zh: '没有找到可用于重建的数据源（通道：{channels}）',
    en: 'no source was found to reconstruct from (channels: {channels})',
  },
  reconstruct_all_rejected: {
    zh: '所有数据源均被拒绝：{reasons}',
    en: 'every source was rejected: {reasons}',
  },
  reconstruct_undo_stale: {
    zh: '该重建已撤销或不是本版本上已完成的重建任务，版本数据未改变',
    en: 'this reconstruction was already undone or is not a finished reconstruction of this version; the version is unchanged',
  },
  interrupted: {
    zh: '任务被中断（服务重启），版本数据未改变',
    en: 'the task was interrupted (server restart); the version is unchanged',
  },
  internal_error: {
    zh: '处理时发生内部错误，版本数据未改变，请联系管理员',
    en: 'internal error while processing; the version is unchanged — contact the administrator',
  },
} as const satisfies Record<string, TLocalized>;
export type TProcessingFailureReason = keyof typeof PROCESSING_FAILURE_REASONS;

export function localizeProcessingFailure(
  key: string | null,
  details: Record<string, unknown> | null | undefined,
  language: Language,
): string | null {
  if (key === null) return null;
  const entry = (PROCESSING_FAILURE_REASONS as Record<string, TLocalized>)[key];
  const params = { ...(details ?? {}) };
  // An import's unreadable file carries the parser's or the store's reason key: localise it too.
  const reasonKey = params['reasonKey'];
  if (typeof reasonKey === 'string') {
    params['reason'] =
      localizeUnreadableReason(reasonKey, params, language) ??
      localizeStoreReason(reasonKey, params, language) ??
      reasonKey;
  }
  return interpolate((entry ?? PROCESSING_FAILURE_REASONS.internal_error)[language], params);
}

const ZRange = { startTime: ZTime.optional(), endTime: ZTime.optional() };

/** POST /data-process/process/qc: run the site's quality-control rules (all enabled ones by default). */
export const ZQcRunRequest = z
  .object({ versionId: ZId, ruleIds: z.array(ZId).max(200).optional(), ...ZRange })
  .refine(startNotAfterEnd, startAfterEndIssue);
export type TQcRunRequest = z.infer<typeof ZQcRunRequest>;

export const TOWER_SHADOW_METHODS = ['gb', 'max', 'average'] as const;

/** One height of a tower-shadow merge: two cups (avg) and optionally their sd and max channels. */
export const ZTowerShadowPair = z.object({
  avgA: ZId,
  avgB: ZId,
  boomA: z.number(requiredError('required')).min(0, vmsg('tooSmall')).max(360, vmsg('tooLarge')),
  boomB: z.number(requiredError('required')).min(0, vmsg('tooSmall')).max(360, vmsg('tooLarge')),
  sdA: ZId.optional(),
  sdB: ZId.optional(),
  maxA: ZId.optional(),
  maxB: ZId.optional(),
});
export type TTowerShadowPair = z.infer<typeof ZTowerShadowPair>;

/** POST /data-process/process/tower_shadow (WIND-ANALYSIS §4). */
export const ZTowerShadowRequest = z
  .object({
    versionId: ZId,
    method: z.enum(TOWER_SHADOW_METHODS, vmsg('oneOf')),
    correctionAngle: z
      .number(requiredError('required'))
      .min(-CORRECTION_ANGLE_LIMIT, vmsg('correctionAngle'))
      .max(CORRECTION_ANGLE_LIMIT, vmsg('correctionAngle'))
      .default(0),
    /** Wake half-width θw in degrees (default 30°, a 60° wake sector). */
    wakeHalfWidth: z.number().min(5, vmsg('tooSmall')).max(60, vmsg('tooLarge')).default(30),
    /** Vane giving the wind direction (required by the GB method). */
    directionChannelId: ZId.optional(),
    pairs: z.array(ZTowerShadowPair).min(1, vmsg('required')).max(20),
    ...ZRange,
  })
  .refine(startNotAfterEnd, startAfterEndIssue)
  .refine((v) => v.method !== 'gb' || v.directionChannelId !== undefined, {
    path: ['directionChannelId'],
    ...vmsg('required'),
  });
export type TTowerShadowRequest = z.infer<typeof ZTowerShadowRequest>;

/** POST /data-process/process/interpolation: linear least-squares gap filling (WIND-ANALYSIS §5). */
export const ZInterpolationRequest = z
  .object({
    versionId: ZId,
    targetChannelId: ZId,
    predictorChannelId: ZId,
    minPairs: z.number().int().min(10, vmsg('tooSmall')).max(100_000).default(144),
    minR: z.number().min(0, vmsg('tooSmall')).max(1, vmsg('tooLarge')).default(0.8),
    ...ZRange,
  })
  .refine(startNotAfterEnd, startAfterEndIssue)
  .refine((v) => v.targetChannelId !== v.predictorChannelId, {
    path: ['predictorChannelId'],
    ...vmsg('oneOf'),
  });
export type TInterpolationRequest = z.infer<typeof ZInterpolationRequest>;

export const EXTRAPOLATION_SHEAR_MODES = ['overall', 'hourly', 'sector'] as const;

/** POST /data-process/process/extrapolation: a speed series at a new height (WIND-ANALYSIS §6). */
export const ZExtrapolationRequest = z
  .object({
    versionId: ZId,
    /** Speed averages at two or more heights; α is fitted from them (one channel: α = 1/7). */
    channelIds: z.array(ZId).min(1, vmsg('required')).max(12),
    /** Target height, integer in (0, 500] (SPEC §5). */
    targetHeight: z
      .number(requiredError('required'))
      .int(vmsg('number'))
      .gt(0, vmsg('tooSmall'))
      .max(500, vmsg('tooLarge')),
    shearMode: z.enum(EXTRAPOLATION_SHEAR_MODES, vmsg('oneOf')).default('overall'),
    /** Vane for the by-sector exponents. */
    directionChannelId: ZId.optional(),
    ...ZRange,
  })
  .refine(startNotAfterEnd, startAfterEndIssue)
  .refine((v) => v.shearMode !== 'sector' || v.directionChannelId !== undefined, {
    path: ['directionChannelId'],
    ...vmsg('required'),
  });
export type TExtrapolationRequest = z.infer<typeof ZExtrapolationRequest>;

export const REPRESENTATIVE_YEAR_METHODS = ['best', 'average'] as const;

export const ZYearPeriod = z
  .object({
    startYear: z.number(requiredError('required')).int(vmsg('number')).min(1950).max(2100),
    endYear: z.number(requiredError('required')).int(vmsg('number')).min(1950).max(2100),
  })
  .refine((p) => p.startYear < p.endYear, { path: ['endYear'], ...vmsg('startAfterEnd') });

/**
 * POST /data-process/process/representative_year (WIND-ANALYSIS §7): keep the best 12 consecutive months
 * (highest recovery) or the average year of up to 3 periods, optionally corrected to the long term
 * against a reference speed/direction (another version, e.g. a nearby station).
 */
export const ZRepresentativeYearRequest = z.object({
  versionId: ZId,
  method: z.enum(REPRESENTATIVE_YEAR_METHODS, vmsg('oneOf')),
  speedChannelId: ZId,
  /** Average-year periods (at most 3, SPEC §5). */
  periods: z.array(ZYearPeriod).max(3, vmsg('tooLarge')).default([]),
  reference: z
    .object({
      versionId: ZId,
      speedChannelId: ZId,
      directionChannelId: ZId,
      /** Long-term mean of the reference; computed from the reference's whole record when absent. */
      longTermMeanMps: z.number().positive().optional(),
    })
    .optional(),
});
export type TRepresentativeYearRequest = z.infer<typeof ZRepresentativeYearRequest>;

// ---------------------------------------------------------------------------------------------------
// Export (SPEC §9 formats 0–5; 6 Parquet, 7 Arrow; 8 WAsP .owc, 9 windIO energy resource, issue 46 §2).

export const EXPORT_FORMAT_CODES = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9] as const;
/**
 * Speed bins of the WAsP .tab (format 5): `edges` 0–1, 1–2 … (EXPORTS §3.2, the default); `centred`
 * on integers, 0–0.5, 0.5–1.5 … as brightwind's `export_tab_file` writes them.
 */
export const TAB_BIN_CHOICES = ['edges', 'centred'] as const;
export type TTabBins = (typeof TAB_BIN_CHOICES)[number];

/** POST /web/version/export (blob). */
export const ZVersionExportRequest = z
  .object({
    versionId: ZId,
    format: z
      .number(requiredError('required'))
      .int(vmsg('oneOf'))
      .min(0, vmsg('oneOf'))
      .max(EXPORT_FORMAT_MAX, vmsg('oneOf')),
    channelIds: z.array(ZId).max(400).optional(),
    /** WAsP .tab / .owc, windIO, Meteodyn, WindSim: the speed and direction channels to write (the height). */
    speedChannelId: ZId.optional(),
    directionChannelId: ZId.optional(),
    /** Include suspicious (flag 2) values; invalid and icing are always left out of formats 2–5. */
    includeSuspicious: z.boolean().default(true),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean().default(true),
    /** WAsP .tab (its speed bins too), .owc and windIO: 12 sectors (the default) or 16. */
    tabSectors: z.union([z.literal(12), z.literal(16)], vmsg('oneOf')).default(12),
    tabBins: z.enum(TAB_BIN_CHOICES, vmsg('oneOf')).default('edges'),
    ...ZRange,
  })
  .refine(startNotAfterEnd, startAfterEndIssue);
export type TVersionExportRequest = z.infer<typeof ZVersionExportRequest>;

export const ZVersionImportQuery = z.object({ versionId: ZQueryId });
