import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';

/**
 * Quality-control rules (ruleType auto_quality: threshold range, trend, height difference, data-missing
 * days, custom) and warning rules (ruleType warn: consecutive days without data) — SPEC §3, §7
 * (GET /web/rule/list), WIND-ANALYSIS §2. A rule applies to every site (stationId null) or to one site.
 */

export const QC_RULE_TYPES = ['auto_quality', 'warn'] as const;
export const ZQcRuleType = z.enum(QC_RULE_TYPES, vmsg('oneOf'));
export type TQcRuleType = z.infer<typeof ZQcRuleType>;

export const QC_RULE_KINDS = [
  'range',
  'trend',
  'height_diff',
  'missing_days',
  'custom',
  'no_data_days',
  'lidar_filter',
] as const;
export type TQcRuleKind = (typeof QC_RULE_KINDS)[number];

/** Elements a rule can target (packages/wind element codes). */
export const QC_ELEMENTS = ['ws', 'wd', 'T', 'RH', 'p'] as const;
export const ZQcElement = z.enum(QC_ELEMENTS, vmsg('oneOf'));

/** Flags a rule may set: suspicious (2), invalid (3), icing (4). */
export const ZRuleFlag = z.union([z.literal(2), z.literal(3), z.literal(4)], vmsg('oneOf'));

const ZNum = z.number(requiredError('number'));

/** Threshold range: values outside [min, max] get `flag` (default invalid). */
export const ZRangeParams = z
  .object({ element: ZQcElement, min: ZNum, max: ZNum, flag: ZRuleFlag.default(3) })
  .refine((p) => p.min <= p.max, { path: ['max'], ...vmsg('minAboveMax') });

/** Trend: change of consecutive `windowHours` means ≥ maxChange flags the later hour (default suspicious). */
export const ZTrendParams = z.object({
  element: ZQcElement,
  maxChange: ZNum.positive(vmsg('positive')),
  windowHours: z
    .number(requiredError('number'))
    .int(vmsg('number'))
    .min(1, vmsg('tooSmall'))
    .max(24, vmsg('tooLarge'))
    .default(1),
  flag: ZRuleFlag.default(2),
});

/** Height difference between two speed (or direction) levels: |a − b| ≥ maxDifference flags both. */
export const ZHeightDiffParams = z
  .object({
    element: z.enum(['ws', 'wd'], vmsg('oneOf')),
    lowerHeight: ZNum.positive(vmsg('positive')),
    upperHeight: ZNum.positive(vmsg('positive')),
    maxDifference: ZNum.positive(vmsg('positive')),
    flag: ZRuleFlag.default(2),
  })
  .refine((p) => p.lowerHeight <= p.upperHeight, { path: ['upperHeight'], ...vmsg('heightMinAboveMax') });

/** Data-missing days: a day with fewer than minValuesPerDay values is reported (no flag change). */
export const ZMissingDaysParams = z.object({
  element: ZQcElement,
  minValuesPerDay: z
    .number(requiredError('number'))
    .int(vmsg('number'))
    .min(1, vmsg('tooSmall'))
    .max(1440, vmsg('tooLarge'))
    .default(1),
});

/** One condition of a custom rule: element (at a height, or every height) compared with a threshold. */
export const ZCustomCondition = z.object({
  element: ZQcElement,
  heightM: z.number(requiredError('number')).positive(vmsg('positive')).nullable().default(null),
  statistic: z.enum(['avg', 'sd', 'max', 'min']).default('avg'),
  comparator: z.enum(['<', '<=', '>', '>=', '==', '!=']),
  threshold: ZNum,
});
export type TCustomCondition = z.infer<typeof ZCustomCondition>;

/** Custom rule: conditions joined by AND or OR (optionally negated); matching records get `flag`. */
export const ZCustomParams = z.object({
  combine: z.enum(['and', 'or']).default('and'),
  negate: z.boolean().default(false),
  conditions: z.array(ZCustomCondition).min(1, vmsg('required')).max(10),
  /** Which channels' values are flagged: this element (every height), default the first condition's. */
  targetElement: ZQcElement.optional(),
  flag: ZRuleFlag.default(2),
});

/** Warning rule: a site without data for `days` consecutive days raises a data-missing alarm. */
export const ZNoDataDaysParams = z.object({
  days: z
    .number(requiredError('number'))
    .int(vmsg('number'))
    .min(1, vmsg('tooSmall'))
    .max(365, vmsg('tooLarge')),
});

/** Measurement types a lidar/sodar filter can apply to (station types other than the mast). */
export const REMOTE_SENSING_TYPES = ['lidar', 'floating_lidar', 'sodar'] as const;

/**
 * Lidar and sodar filters (issue 31; packages/wind checkLidarFilters, defaults LIDAR_FILTER_DEFAULTS):
 * for the sites of the given measurement types, per height, a record whose availability (or packet share;
 * a percentage 80 or a fraction 0.8) is below `availabilityMin` — 0 % always —, whose CNR is below
 * `cnrMinDb`, whose quality factor is below `qualityMin`, or whose wind value is one of `invalidMarkers`
 * gets `flag` on its wind channels. A null threshold turns its filter off. Flags, never deletions.
 */
export const ZLidarFilterParams = z.object({
  deviceTypes: z
    .array(z.enum(REMOTE_SENSING_TYPES, vmsg('oneOf')))
    .min(1, vmsg('required'))
    .transform((v) => [...new Set(v)]),
  availabilityMin: ZNum.min(0, vmsg('tooSmall')).max(100, vmsg('tooLarge')).nullable().default(80),
  cnrMinDb: ZNum.min(-60, vmsg('tooSmall')).max(20, vmsg('tooLarge')).nullable().default(-22),
  qualityMin: ZNum.min(0, vmsg('tooSmall')).max(100, vmsg('tooLarge')).nullable().default(null),
  invalidMarkers: z.array(ZNum).max(20, vmsg('tooLarge')).default([]),
  flag: ZRuleFlag.default(3),
});
export type TLidarFilterParams = z.output<typeof ZLidarFilterParams>;

export const QC_RULE_PARAMS = {
  range: ZRangeParams,
  trend: ZTrendParams,
  height_diff: ZHeightDiffParams,
  missing_days: ZMissingDaysParams,
  custom: ZCustomParams,
  no_data_days: ZNoDataDaysParams,
  lidar_filter: ZLidarFilterParams,
} as const;

const ruleBase = {
  id: ZId.optional(),
  name: z.string(requiredError('required')).trim().min(1, vmsg('required')).max(50, vmsg('maxLength')),
  stationId: ZId.nullable().default(null),
  isEnabled: z.boolean().default(true),
  notes: z.string().trim().max(200, vmsg('maxLength')).default(''),
};

/** POST /web/rule/save_or_update: `params` is checked against the kind's schema. */
export const ZQcRuleSave = z.discriminatedUnion('kind', [
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('range'),
    params: ZRangeParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('trend'),
    params: ZTrendParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('height_diff'),
    params: ZHeightDiffParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('missing_days'),
    params: ZMissingDaysParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('custom'),
    params: ZCustomParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('auto_quality'),
    kind: z.literal('lidar_filter'),
    params: ZLidarFilterParams,
  }),
  z.object({
    ...ruleBase,
    ruleType: z.literal('warn'),
    kind: z.literal('no_data_days'),
    params: ZNoDataDaysParams,
  }),
]);
export type TQcRuleSave = z.infer<typeof ZQcRuleSave>;

export const ZQcRule = z.object({
  id: z.number().int(),
  ruleType: ZQcRuleType,
  kind: z.enum(QC_RULE_KINDS),
  name: z.string(),
  stationId: z.number().int().nullable(),
  /** Code and project name of the site a rule is bound to (both null for a rule of every site). */
  stationCode: z.string().nullable(),
  stationName: z.string().nullable(),
  params: z.record(z.string(), z.unknown()),
  isEnabled: z.boolean(),
  notes: z.string(),
  updaterName: z.string(),
  updateTime: z.string(),
});
export type TQcRule = z.infer<typeof ZQcRule>;

/** GET /web/rule/list (SPEC §7: ruleType auto_quality or warn, param name). */
export const ZQcRuleListQuery = z.object({
  ruleType: ZQcRuleType,
  name: z.string().trim().max(50).optional(),
  stationId: z.coerce.number().int().positive().optional(),
});
export type TQcRuleListQuery = z.infer<typeof ZQcRuleListQuery>;

export const ZQcRulePageRequest = ZPageRequest.extend({
  ruleType: ZQcRuleType,
  name: z.string().trim().max(50).optional(),
});
export type TQcRulePageRequest = z.infer<typeof ZQcRulePageRequest>;
