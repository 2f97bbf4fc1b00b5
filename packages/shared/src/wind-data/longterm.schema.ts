import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, zRequiredText } from '../text.schema.ts';
import { ZAnalysisBasis } from './analysis-basis.schema.ts';
import { ZMcpSeriesReference } from './longterm-reference.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Long-term correction workbench (issue 28, WIND-ANALYSIS §13): a site's speed (the target) against a
// reference — a mesoscale/reanalysis dataset of the wind source assessment or another site's data
// version — by five MCP methods at once, each with its cross-validated error, the long-term means and
// their uncertainty; the chosen method's long-term series becomes a new data version with its lineage.

export const MCP_METHOD_KEYS = ['ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio'] as const;
export type TMcpMethodKey = (typeof MCP_METHOD_KEYS)[number];
/**
 * The methods a comparison may ask for: the five (compared by default) and OLS through the origin
 * (b = Σxy/Σx², a = 0; brightwind's `forced_origin=True`), offered on request (issue 46 §3).
 */
export const MCP_COMPARE_METHOD_KEYS = [...MCP_METHOD_KEYS, 'ols_through_origin'] as const;
export type TMcpCompareMethodKey = (typeof MCP_COMPARE_METHOD_KEYS)[number];
export const MCP_METHOD_NAMES: Record<TMcpCompareMethodKey, TLocalized> = {
  ols: { zh: '普通最小二乘', en: 'Ordinary least squares' },
  ols_through_origin: { zh: '过原点最小二乘', en: 'OLS through the origin' },
  tls: { zh: '正交最小二乘', en: 'Orthogonal least squares' },
  variance_ratio: { zh: '方差比', en: 'Variance ratio' },
  speed_sort: { zh: '风速排序', en: 'SpeedSort' },
  speed_ratio: { zh: '风速比', en: 'Simple speed ratio' },
};

/** Averaging period of the concurrent pairs: one hour, one day, one calendar month. */
export const MCP_PERIOD_KEYS = ['1H', '1D', '1M'] as const;
export type TMcpPeriodKey = (typeof MCP_PERIOD_KEYS)[number];
export const MCP_PERIOD_NAMES: Record<TMcpPeriodKey, TLocalized> = {
  '1H': { zh: '小时', en: 'Hourly' },
  '1D': { zh: '日', en: 'Daily' },
  '1M': { zh: '月', en: 'Monthly' },
};

/**
 * The long-term series a long-term figure is of (issue 46 §3): the prediction at every reference period,
 * or the measured target period means where they pass the coverage and the prediction elsewhere
 * (brightwind's synthesise).
 */
export const MCP_LONG_TERM_SERIES_KINDS = ['prediction_only', 'synthesised'] as const;
export type TMcpLongTermSeriesKind = (typeof MCP_LONG_TERM_SERIES_KINDS)[number];
export const MCP_LONG_TERM_SERIES_NAMES: Record<TMcpLongTermSeriesKind, TLocalized> = {
  prediction_only: { zh: '仅预测序列', en: 'Prediction only' },
  synthesised: { zh: '实测加预测（合成）序列', en: 'Measured plus predicted (synthesised)' },
};
/** A sector with fewer aligned periods predicts with the overall line (WIND-ANALYSIS §7/§12). */
export const MCP_MIN_SECTOR_COUNT_DEFAULT = 30;

/** Reference-direction sectors of the by-sector rows (0: overall rows only). */
export const MCP_SECTOR_CHOICES = [0, 4, 8, 12, 16] as const;
/** At most this many long-term periods side by side (§7). */
export const MCP_LONG_TERM_PERIODS_MAX = 3;
/** Below this r of the concurrent pairs the verdict warns not to rely on the long-term estimate. */
export const MCP_WEAK_CORRELATION_R = 0.7;
/** Concurrent pairs sent for the scatter chart, at most. */
export const MCP_SCATTER_MAX = 2000;

const ZIsoTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

/**
 * The reference: a dataset of the site's wind source assessment, another site's data version, or a stored
 * reference series (longterm-reference.schema.ts).
 */
export const ZMcpReference = z.discriminatedUnion('kind', [
  ZMcpSeriesReference,
  z.object({
    kind: z.literal('mesoscale'),
    datasetId: ZId,
    speedKey: z.string(requiredError('required')).min(1, vmsg('required')),
    directionKey: z.string().min(1).optional(),
  }),
  z.object({
    kind: z.literal('site'),
    versionId: ZId,
    speedChannelId: ZId,
    directionChannelId: ZId.optional(),
  }),
]);
export type TMcpReference = z.infer<typeof ZMcpReference>;

/** A long-term period of the reference, [start, end); either end open means the reference's own. */
export const ZMcpLongTermPeriod = z
  .object({ start: ZIsoTime.nullable().default(null), end: ZIsoTime.nullable().default(null) })
  .refine((p) => p.start === null || p.end === null || p.start < p.end, vmsg('startAfterEnd'));
export type TMcpLongTermPeriod = z.infer<typeof ZMcpLongTermPeriod>;

/** POST /data-process/longterm/compare. */
export const ZMcpCompareRequest = z.object({
  /** The target: a data version of the site and its speed (and direction) channel. */
  versionId: ZId,
  speedChannelId: ZId,
  directionChannelId: ZId.optional(),
  reference: ZMcpReference,
  period: z.enum(MCP_PERIOD_KEYS, vmsg('oneOf')).default('1H'),
  /** Share of a period's records both series need (WIND-ANALYSIS §13 alignment). */
  coverage: z.coerce
    .number()
    .min(0.5, vmsg('mcpCoverageRange'))
    .max(1, vmsg('mcpCoverageRange'))
    .default(0.9),
  sectors: z.coerce
    .number()
    .refine((v) => (MCP_SECTOR_CHOICES as readonly number[]).includes(v), vmsg('oneOf'))
    .default(12),
  includeSuspicious: z.boolean().default(false),
  /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
  includeFilled: z.boolean().default(true),
  /** Up to three long-term periods side by side; none = the whole reference. */
  longTermPeriods: z
    .array(ZMcpLongTermPeriod)
    .max(MCP_LONG_TERM_PERIODS_MAX, vmsg('mcpLongTermPeriodsMax'))
    .default([]),
  /**
   * The campaign window [start, end) of the target: only target records inside it take part (either end
   * open = the target's own). Issue 46 §3.
   */
  campaign: ZMcpLongTermPeriod.default({ start: null, end: null }),
  /** Methods compared (default the five; OLS through the origin on request). */
  methods: z
    .array(z.enum(MCP_COMPARE_METHOD_KEYS, vmsg('oneOf')))
    .min(1, vmsg('mcpMethodsRequired'))
    .default([...MCP_METHOD_KEYS]),
  /** The series the long-term figures are of: prediction only (default) or measured plus predicted. */
  longTermSeries: z.enum(MCP_LONG_TERM_SERIES_KINDS, vmsg('oneOf')).default('prediction_only'),
  /** Periods a sector needs for its own line before it predicts with the overall one (default 30). */
  minSectorCount: z.coerce
    .number()
    .int(vmsg('mcpMinSectorCountRange'))
    .min(2, vmsg('mcpMinSectorCountRange'))
    .max(10_000, vmsg('mcpMinSectorCountRange'))
    .default(MCP_MIN_SECTOR_COUNT_DEFAULT),
});
export type TMcpCompareRequest = z.infer<typeof ZMcpCompareRequest>;
/** The issue 46 choices at their defaults (a site default's comparison uses these). */
export const MCP_COMPARE_DEFAULT_CHOICES: Pick<
  TMcpCompareRequest,
  'campaign' | 'methods' | 'longTermSeries' | 'minSectorCount'
> = {
  campaign: { start: null, end: null },
  methods: [...MCP_METHOD_KEYS],
  longTermSeries: 'prediction_only',
  minSectorCount: MCP_MIN_SECTOR_COUNT_DEFAULT,
};
export type TMcpCompareRequestInput = z.input<typeof ZMcpCompareRequest>;

const ZNum = z.number().nullable();

/** The long-term means of one row over one long-term period. */
export const ZMcpLongTermMeans = z.object({
  start: z.string().nullable(),
  end: z.string().nullable(),
  /** Periods of the reference the fit was applied to. */
  count: z.number().int(),
  /** Plain mean of the synthesised series. */
  meanMps: ZNum,
  /** Month-weighted average year (§11). */
  averageYearMps: ZNum,
  /** Mean of monthly means. */
  mommMps: ZNum,
  /** The series these means are of (prediction only or measured plus predicted). */
  seriesKind: z.enum(MCP_LONG_TERM_SERIES_KINDS),
});

export const ZMcpRow = z.object({
  method: z.enum(MCP_COMPARE_METHOD_KEYS),
  methodName: z.string(),
  /** 0: overall; otherwise the number of reference-direction sectors. */
  sectors: z.number().int(),
  count: z.number().int(),
  /** The overall line (null on by-sector rows: their lines are in `sectorLines`). */
  slope: ZNum,
  offset: ZNum,
  rSquared: ZNum,
  sectorLines: z.array(
    z.object({
      label: z.string(),
      count: z.number().int(),
      isMerged: z.boolean(),
      slope: ZNum,
      offset: ZNum,
      directionOffsetDeg: z.number(),
    }),
  ),
  /** Block cross-validation: relative errors of the blocks' predicted target means. */
  cvBias: ZNum,
  cvRmse: ZNum,
  cvBlocks: z.array(z.object({ label: z.string(), error: ZNum })),
  /** u_MCP = CV RMSE/√M, u_LT (reference inter-annual variability), u_total; relative. */
  uMcp: ZNum,
  uLt: ZNum,
  uTotal: ZNum,
  longTerm: z.array(ZMcpLongTermMeans),
  isRecommended: z.boolean(),
});
export type TMcpRow = z.infer<typeof ZMcpRow>;

export const ZMcpCompareResult = z.object({
  period: z.enum(MCP_PERIOD_KEYS),
  concurrentStart: z.string().nullable(),
  concurrentEnd: z.string().nullable(),
  /** Aligned periods (both series pass their coverage). */
  concurrentPeriods: z.number().int(),
  /** Concurrent calendar months. */
  concurrentMonths: z.number().int(),
  referenceName: z.string(),
  referenceStart: z.string().nullable(),
  referenceEnd: z.string().nullable(),
  /** Pearson r of the aligned pairs. */
  r: ZNum,
  rows: z.array(ZMcpRow),
  recommendation: z
    .object({ method: z.enum(MCP_COMPARE_METHOD_KEYS), sectors: z.number().int(), reason: z.string() })
    .nullable(),
  /** The campaign window the target was cut to (nulls: its own ends). */
  campaign: z.object({ start: z.string().nullable(), end: z.string().nullable() }),
  /** The series every long-term figure of the answer is of (each row's means say it again). */
  longTermSeries: z.enum(MCP_LONG_TERM_SERIES_KINDS),
  /** Periods a sector needed for its own line. */
  minSectorCount: z.number().int(),
  /** The reference's annual means over its record, trend and the years that depart (§13 homogeneity). */
  homogeneity: z.object({
    years: z.array(z.object({ year: z.number().int(), meanMps: z.number(), isOutlier: z.boolean() })),
    trendPercentPerDecade: ZNum,
    isTrendFlagged: z.boolean(),
    sigmaIav: ZNum,
  }),
  /** At most MCP_SCATTER_MAX concurrent pairs: reference x, target y. */
  scatter: z.object({ x: z.array(z.number()), y: z.array(z.number()) }),
  /** Measured and predicted (recommended row) target monthly means over the concurrent period. */
  monthly: z.array(z.object({ month: z.string(), measured: ZNum, predicted: ZNum })),
  /** Long-term monthly means (calendar months 1–12) of the recommended row's long-term series (`longTermSeries`). */
  longTermMonthly: z.array(z.object({ month: z.number().int(), meanMps: ZNum })),
  /** Plain-language summary in the reader's language. */
  verdict: z.string(),
  /** The target version's name, in the reader's language where it is a built-in one. */
  versionName: z.string(),
  /**
   * What the comparison stood on (issue 41 §1), as every analysis says it: the target version, the period
   * read, the records used and those left out by flag or physical limits.
   */
  basis: ZAnalysisBasis,
  /** The same for a reference that is another site's version; null for a mesoscale or stored series. */
  referenceBasis: ZAnalysisBasis.nullable(),
});
export type TMcpCompareResult = z.infer<typeof ZMcpCompareResult>;

/** POST /data-process/longterm/generate: the long-term series of one row as a new data version. */
export const ZMcpGenerateRequest = ZMcpCompareRequest.extend({
  /** One of the request's `methods`. */
  method: z.enum(MCP_COMPARE_METHOD_KEYS, vmsg('oneOf')),
  /** Overall (0) or the by-sector fit of the request's sector count. */
  isBySector: z.boolean().default(false),
  /** Which of the request's long-term periods to write (0 when none was given: the whole reference). */
  longTermPeriodIndex: z.coerce
    .number()
    .int()
    .min(0)
    .max(MCP_LONG_TERM_PERIODS_MAX - 1)
    .default(0),
  name: zRequiredText('versionNameRequired', 50),
});
export type TMcpGenerateRequest = z.infer<typeof ZMcpGenerateRequest>;

export const ZMcpGenerateResult = z.object({
  versionId: z.number().int(),
  versionName: z.string(),
  /** The series written: prediction only, or measured plus predicted. */
  longTermSeries: z.enum(MCP_LONG_TERM_SERIES_KINDS),
  /** What the written series stood on (issue 41 §1): the target version's records used and left out. */
  basis: ZAnalysisBasis,
});
export type TMcpGenerateResult = z.infer<typeof ZMcpGenerateResult>;
