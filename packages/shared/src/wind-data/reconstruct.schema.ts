import { z } from 'zod';
import type { TLocalized } from '../i18n/language.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';
import { MCP_METHOD_KEYS } from './longterm.schema.ts';

// Gap reconstruction (issue 45 §1): a processing task filling a version's gaps from the redundant sensor,
// other heights of the mast, neighbouring sites' versions and stored reference series, ranked per gap by
// cross-validated skill; every filled record carries flag 1 and the task keeps the lineage of each fill.

/** Where a reconstruction source comes from (the engine's ReconstructSource kind). */
export const RECONSTRUCT_SOURCE_KINDS = ['redundant', 'other_height', 'neighbour', 'reference'] as const;
export type TReconstructSourceKind = (typeof RECONSTRUCT_SOURCE_KINDS)[number];
export const RECONSTRUCT_SOURCE_KIND_NAMES: Record<TReconstructSourceKind, TLocalized> = {
  redundant: { zh: '冗余传感器', en: 'Redundant sensor' },
  other_height: { zh: '其他高度', en: 'Other height' },
  neighbour: { zh: '邻近测站', en: 'Neighbouring site' },
  reference: { zh: '参考数据', en: 'Reference series' },
};

/** The elements a reconstruction fills (stored element keys: the barometer is `p`). */
export const RECONSTRUCT_ELEMENTS = ['ws', 'wd', 'T', 'p', 'RH'] as const;
/** The long-term correction's methods (one vocabulary), or `auto`: the engine chooses per source. */
export const RECONSTRUCT_METHODS = ['auto', ...MCP_METHOD_KEYS] as const;
/** Neighbouring sites are looked for within this radius unless the request says otherwise (km). */
export const RECONSTRUCT_DEFAULT_RADIUS_KM = 50;
/** At most this many neighbouring sites (the nearest) are read per request. */
export const RECONSTRUCT_MAX_NEIGHBOURS = 5;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

const ZReconstructFields = z.object({
  versionId: ZId,
  /** The channels to fill; none: every ws/wd/T/p/RH mean channel of the version with gaps. */
  targetChannelIds: z.array(ZId).max(60).optional(),
  sourceKinds: z
    .array(z.enum(RECONSTRUCT_SOURCE_KINDS, vmsg('oneOf')))
    .min(1, vmsg('required'))
    .default([...RECONSTRUCT_SOURCE_KINDS]),
  /** Neighbouring sites within this radius (km), the nearest {@link RECONSTRUCT_MAX_NEIGHBOURS}. */
  radiusKm: z
    .number()
    .gt(0, vmsg('tooSmall'))
    .max(500, vmsg('tooLarge'))
    .default(RECONSTRUCT_DEFAULT_RADIUS_KM),
  /** Stored reference series to use (among those within the radius); none: every one found. */
  referenceIds: z.array(ZId).max(20).optional(),
  /** Speed method; default OLS (WIND-ANALYSIS §5); `auto` takes the best cross-validated per source. */
  method: z.enum(RECONSTRUCT_METHODS, vmsg('oneOf')).default('ols'),
  /** Direction sectors of the speed fits (1 = one overall fit). */
  sectors: z.number().int().min(1, vmsg('tooSmall')).max(36, vmsg('tooLarge')).default(12),
  minR: z.number().min(0, vmsg('tooSmall')).max(1, vmsg('tooLarge')).default(0.7),
  minConcurrentHours: z.number().int().min(1, vmsg('tooSmall')).max(100_000, vmsg('tooLarge')).default(168),
  startTime: ZTime.optional(),
  endTime: ZTime.optional(),
});

/** POST /data-process/process/reconstruct and …/reconstruct/preview. */
export const ZReconstructRequest = ZReconstructFields.refine(
  (v) =>
    v.startTime === undefined || v.endTime === undefined || Date.parse(v.startTime) < Date.parse(v.endTime),
  { path: ['endTime'], ...vmsg('startAfterEnd') },
);
export type TReconstructRequest = z.infer<typeof ZReconstructRequest>;
export type TReconstructRequestInput = z.input<typeof ZReconstructRequest>;

/** POST /data-process/process/reconstruct/undo: queues the undo of a finished reconstruction task. */
export const ZReconstructUndoRequest = z.object({ taskId: ZId });
export type TReconstructUndoRequest = z.infer<typeof ZReconstructUndoRequest>;

const ZSkill = z.object({
  r: z.number().nullable(),
  rmse: z.number().nullable(),
  bias: z.number().nullable(),
  concurrentCount: z.number().int(),
});

/** One source that filled gaps of a target, best rank first (the lineage of the fill). */
export const ZReconstructStep = z.object({
  sourceId: z.string(),
  sourceName: z.string(),
  kind: z.enum(RECONSTRUCT_SOURCE_KINDS),
  method: z.string(),
  fit: z.record(z.string(), z.unknown()).nullable(),
  skill: ZSkill,
  filledCount: z.number().int(),
  rank: z.number().int(),
});
export type TReconstructStep = z.infer<typeof ZReconstructStep>;

/** What the reconstruction of one target channel did or would do. */
export const ZReconstructTargetResult = z.object({
  channelId: z.number().int(),
  channelName: z.string(),
  element: z.string(),
  heightM: z.number().nullable(),
  gaps: z.object({
    count: z.number().int(),
    slots: z.number().int(),
    /** Gaps by length class: runs up to `maxHours` long (longer than the previous class). */
    byLength: z.array(z.object({ maxHours: z.number(), count: z.number().int(), slots: z.number().int() })),
  }),
  missingCount: z.number().int(),
  filledCount: z.number().int(),
  recovery: z.object({ beforePct: z.number(), afterPct: z.number() }),
  steps: z.array(ZReconstructStep),
  rejected: z.array(z.object({ sourceId: z.string(), sourceName: z.string(), reason: z.string() })),
  crossValidation: z
    .object({
      heldOutSlots: z.number().int(),
      bias: z.number().nullable(),
      rmse: z.number().nullable(),
      directionErrorDeg: z.number().nullable(),
      annualMeanErrorPct: z.number().nullable(),
      annualMeanUncertaintyPct: z.number().nullable(),
    })
    .nullable(),
  /** The energy assessment's uncertainty component (H6 reads it): |annual-mean uncertainty| in %. */
  uncertainty: z.object({ annualMeanPct: z.number() }),
  /** Localised note when nothing could be filled (no gaps, no source, every source rejected). */
  note: z.string().nullable(),
});
export type TReconstructTargetResult = z.infer<typeof ZReconstructTargetResult>;

/** The answer of the preview (and the result of the task, plus its counts). */
export const ZReconstructPreview = z.object({
  startTime: z.string(),
  endTime: z.string(),
  intervalMinutes: z.number(),
  radiusKm: z.number(),
  neighbours: z.array(z.object({ stationId: z.number().int(), name: z.string(), distanceKm: z.number() })),
  targets: z.array(ZReconstructTargetResult),
  filledCount: z.number().int(),
  /** Largest |annual-mean uncertainty| over the speed targets, % (EYA uncertainty component). */
  uncertaintyPct: z.number(),
});
export type TReconstructPreview = z.infer<typeof ZReconstructPreview>;

/** Why a source was not used (the engine's reasons), with the figure that failed. */
export const RECONSTRUCT_REJECT_REASONS = {
  tooFewPairs: {
    zh: '同期数据 {hours} 小时，少于要求的 {minHours} 小时',
    en: '{hours} concurrent hours, fewer than the required {minHours}',
  },
  weakCorrelation: { zh: '相关系数 r = {r} 低于 {minR}', en: 'correlation r = {r} below {minR}' },
  noOverlap: { zh: '与目标通道没有同期数据', en: 'no data concurrent with the target' },
} as const satisfies Record<string, TLocalized>;

/** Notes of a target that will not be filled. */
export const RECONSTRUCT_NOTES = {
  noGaps: { zh: '没有缺测', en: 'no gaps' },
  noSource: { zh: '没有找到数据源', en: 'no source found' },
  allRejected: { zh: '所有数据源均被拒绝', en: 'every source was rejected' },
  nothingFilled: {
    zh: '缺测时段内没有可用的数据源',
    en: 'no accepted source has data during the gaps',
  },
} as const satisfies Record<string, TLocalized>;
