import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';
import { MCP_METHOD_KEYS, MCP_PERIOD_KEYS, MCP_PERIOD_NAMES } from './longterm.schema.ts';

/**
 * Statistics analysis of a data version (StasticAnalysis tab, issue 7): the 11 tabs of SPEC §2 with the
 * SPEC §3 report rows and the series their charts need (WIND-ANALYSIS §8–§9), the xlsx export and the
 * home-map rose charts of a site. Every number is JSON-safe: a value that cannot be computed is null.
 * Here the request, its options and the texts the server words it with; the result's sections are in
 * statistics-result.schema.ts, the home-map charts in home-rose.schema.ts.
 */

/** The 11 tabs, in screen order (SPEC §2). Also the sheet order of the export. */
export const STATISTICS_TABS = [
  'summary',
  'recovery',
  'frequency',
  'turbulence',
  'airDensity',
  'monthly',
  'daily',
  'rose',
  'correlation',
  'extreme',
  'shear',
] as const;
export type TStatisticsTab = (typeof STATISTICS_TABS)[number];

/** Direction sectors offered: 12 (WAsP/MCP) or 16 (GB reports, the default). */
export const STATISTICS_SECTOR_OPTIONS = [12, 16] as const;
/** Weibull fitting methods of WIND-ANALYSIS §8.2 (WAsP by default). */
/**
 * Speed bins of the joint speed × direction table (issue 46 §3): centred on integers, [k − 0.5, k + 0.5)
 * with a first bin [0, 0.5) (WIND-ANALYSIS §0; brightwind's `freq_table` bins; the default), or from
 * integers, [k, k + 1).
 */
export const JOINT_TABLE_BIN_KINDS = ['centred', 'integer_start'] as const;
export type TJointTableBins = (typeof JOINT_TABLE_BIN_KINDS)[number];

export const WEIBULL_METHODS = ['wasp', 'mle', 'ls', 'moment'] as const;
export type TWeibullMethod = (typeof WEIBULL_METHODS)[number];
/** At most this many points of a correlation scatter go to the browser. */
export const CORRELATION_SCATTER_MAX_POINTS = 2000;
/**
 * Averaging of the correlation tab's pairs (WIND-ANALYSIS §8.8 with §13's alignment): the records themselves
 * (the default) or the long-term workbench's hourly, daily or monthly means with a coverage threshold.
 */
export const CORRELATION_PERIOD_KEYS = ['10min', ...MCP_PERIOD_KEYS] as const;
export type TCorrelationPeriod = (typeof CORRELATION_PERIOD_KEYS)[number];
export const CORRELATION_PERIOD_NAMES: Record<TCorrelationPeriod, TLocalized> = {
  '10min': { zh: '10 分钟（原始记录）', en: '10-min (records)' },
  ...MCP_PERIOD_NAMES,
};
/** An explicit shear choice: speed averages at 2–8 different heights (issue 29: any chosen set of heights). */
export const SHEAR_MIN_HEIGHTS = 2;
export const SHEAR_MAX_HEIGHTS = 8;
/** The MOMM's default monthly coverage threshold (WIND-ANALYSIS §8.6: skip months below 80 %). */
export const MOMM_DEFAULT_MIN_COVERAGE = 0.8;
/** Channels in one analysis. */
export const STATISTICS_MAX_CHANNELS = 400;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

function startBeforeEnd(v: { startTime?: string | undefined; endTime?: string | undefined }): boolean {
  return (
    v.startTime === undefined || v.endTime === undefined || Date.parse(v.startTime) < Date.parse(v.endTime)
  );
}

/** POST /data-process/statistics/analysis and /export. */
export const ZStatisticsRequest = z
  .object({
    versionId: ZId,
    /** Channels (heights) to analyse; default: every channel of the version's most common interval. */
    channelIds: z.array(ZId).min(1, vmsg('required')).max(STATISTICS_MAX_CHANNELS).optional(),
    /** ISO instants with offset; default: the version's whole data range. */
    startTime: ZTime.optional(),
    endTime: ZTime.optional(),
    sectors: z.union([z.literal(12), z.literal(16)], vmsg('oneOf')).default(16),
    /** Use suspicious (flag 2) values; invalid and icing are never used (DESIGN §3). */
    includeSuspicious: z.boolean(vmsg('invalidType')).default(true),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean(vmsg('invalidType')).default(true),
    weibullMethod: z.enum(WEIBULL_METHODS, vmsg('oneOf')).default('wasp'),
    /** Speed bins of the joint speed × direction table (and its sheet in the export). */
    jointTableBins: z.enum(JOINT_TABLE_BIN_KINDS, vmsg('oneOf')).default('centred'),
    /** Reference speed of the correlation tab; default: the highest speed average. */
    correlationReferenceId: ZId.optional(),
    /** The correlation tab's averaging; '10min' fits the records themselves (the default). */
    correlationPeriod: z.enum(CORRELATION_PERIOD_KEYS, vmsg('oneOf')).default('10min'),
    /** Share of a period's records both series need when averaged (not used for '10min'). */
    correlationCoverage: z.coerce
      .number()
      .min(0.5, vmsg('mcpCoverageRange'))
      .max(1, vmsg('mcpCoverageRange'))
      .default(0.9),
    /** The correlation tab's line: one of the long-term workbench's five methods (OLS by default). */
    correlationMethod: z.enum(MCP_METHOD_KEYS, vmsg('oneOf')).default('ols'),
    /**
     * The shear tab's explicit height choice: speed averages at 2–8 different heights, fitted together
     * (WIND-ANALYSIS §6); default: one primary cup per height of the analysed channels.
     */
    shearChannelIds: z
      .array(ZId)
      .min(SHEAR_MIN_HEIGHTS, vmsg('shearHeightsRange'))
      .max(SHEAR_MAX_HEIGHTS, vmsg('shearHeightsRange'))
      .optional(),
    /** Monthly coverage (fraction) a year-month needs to enter the MOMM, both definitions (§8.6). */
    mommMinCoverage: z.coerce
      .number(vmsg('mommCoverageRange'))
      .min(0, vmsg('mommCoverageRange'))
      .max(1, vmsg('mommCoverageRange'))
      .default(MOMM_DEFAULT_MIN_COVERAGE),
    /**
     * The export only: add the site suitability sheets (issue 29) checked at this hub height with the
     * screen's default channels (the highest chosen speed, its σ and gust, the nearest vane).
     */
    suitabilityHubHeight: z.coerce
      .number(vmsg('hubHeightRange'))
      .refine((v) => Number.isInteger(v) && v > 0 && v <= 500, vmsg('hubHeightRange'))
      .optional(),
  })
  .refine(startBeforeEnd, { path: ['endTime'], ...vmsg('startAfterEnd') });
export type TStatisticsRequest = z.infer<typeof ZStatisticsRequest>;
export type TStatisticsRequestInput = z.input<typeof ZStatisticsRequest>;

/** Field messages the statistics service raises (it knows the caller's language). */
export const STATISTICS_FIELD_MESSAGES = {
  intervalMismatch: {
    zh: '所选通道的时间间隔不一致，请选择同一时间间隔的通道',
    en: 'The selected channels have different intervals; choose channels of one interval',
  },
  unknownChannel: {
    zh: '所选通道不属于该数据版本',
    en: 'A selected channel does not belong to this version',
  },
  notSpeedChannel: {
    zh: '请选择风速平均值通道',
    en: 'Choose wind speed average channels',
  },
  sameHeight: {
    zh: '风切变需要不同高度的风速通道，每个高度一个',
    en: 'Wind shear needs speed channels at different heights, one per height',
  },
} as const satisfies Record<string, TLocalized>;

/** SPEC §5 / WIND-ANALYSIS §9 correlation wording, localised by the server. */
export const CORRELATION_STRENGTH_TEXT = {
  r: {
    weak: { zh: '弱相关', en: 'weak' },
    moderate: { zh: '中等相关', en: 'moderate' },
    strong: { zh: '强相关', en: 'strong' },
  },
  rSquared: {
    low: { zh: '拟合度低', en: 'low' },
    moderate: { zh: '拟合度中等', en: 'moderate' },
    high: { zh: '拟合度高', en: 'high' },
  },
} as const satisfies Record<'r' | 'rSquared', Record<string, TLocalized>>;
