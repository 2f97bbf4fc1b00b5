import { z } from 'zod';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId } from '../text.schema.ts';
import { ZAnalysisBasis } from './analysis-basis.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Lidar versus mast (issue 31): a lidar's data version checked against a mast's (or one site's lidar
// channels against its own mast channels), height by height, against the Carbon Trust OWA roadmap KPIs.
// The reason keys below are packages/wind's LidarKpiReason (the server's run checks them at compile time).

export const LIDAR_KPI_REASON_KEYS = [
  'speed_too_few_pairs',
  'speed_slope',
  'speed_r_squared',
  'direction_too_few_pairs',
  'direction_slope',
  'direction_r_squared',
  'direction_offset',
] as const;
export type TLidarKpiReasonKey = (typeof LIDAR_KPI_REASON_KEYS)[number];

export const LIDAR_VERDICTS = ['best_practice', 'minimum', 'fail'] as const;
export type TLidarVerdict = (typeof LIDAR_VERDICTS)[number];

/** The most height pairs one check compares. */
export const LIDAR_PAIRS_MAX = 30;

const ZTime = z.string(requiredError('required')).datetime({ offset: true, ...vmsg('invalidType') });

/** One matched height: the lidar's speed (and direction) against the mast's. */
export const ZLidarHeightPair = z.object({
  lidarSpeedChannelId: ZId,
  mastSpeedChannelId: ZId,
  lidarDirectionChannelId: ZId.optional(),
  mastDirectionChannelId: ZId.optional(),
});
export type TLidarHeightPair = z.infer<typeof ZLidarHeightPair>;

/** POST /data-process/lidar/verify and /export. */
export const ZLidarVerifyRequest = z
  .object({
    /** The lidar's data version. */
    lidarVersionId: ZId,
    /** The mast's data version (may be the lidar's own version when one site carries both). */
    mastVersionId: ZId,
    pairs: z
      .array(ZLidarHeightPair, vmsg('lidarPairs'))
      .min(1, vmsg('lidarPairs'))
      .max(LIDAR_PAIRS_MAX, vmsg('lidarPairs')),
    /** Pairs with a mast speed below this are left out, m/s (default 2, [P] as the pure part). */
    minReferenceSpeed: z.coerce
      .number(vmsg('lidarReferenceSpeed'))
      .refine((v) => Number.isFinite(v) && v >= 0 && v <= 20, vmsg('lidarReferenceSpeed'))
      .default(2),
    /** Whether suspicious (2) values pair (WIND-ANALYSIS §2.3). */
    includeSuspicious: z.boolean(vmsg('invalidType')).default(true),
    /** Filled or corrected (flag 1) records are used (issue 41: the same two options on every screen). */
    includeFilled: z.boolean(vmsg('invalidType')).default(true),
    startTime: ZTime.optional(),
    endTime: ZTime.optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startTime && v.endTime && Date.parse(v.endTime) <= Date.parse(v.startTime)) {
      ctx.addIssue({ code: 'custom', path: ['endTime'], message: vmsg('startAfterEnd').error });
    }
    const speeds = v.pairs.flatMap((p) => [`l${p.lidarSpeedChannelId}`, `m${p.mastSpeedChannelId}`]);
    const sameChannel = v.pairs.some(
      (p) => v.lidarVersionId === v.mastVersionId && p.lidarSpeedChannelId === p.mastSpeedChannelId,
    );
    if (new Set(speeds).size !== speeds.length || sameChannel) {
      ctx.addIssue({ code: 'custom', path: ['pairs'], message: vmsg('lidarPairs').error });
    }
  });
export type TLidarVerifyRequest = z.infer<typeof ZLidarVerifyRequest>;
export type TLidarVerifyRequestInput = z.input<typeof ZLidarVerifyRequest>;

/** GET /data-process/lidar/candidates: the channels of both versions and the proposed height pairs. */
export const ZLidarCandidatesQuery = z.object({ lidarVersionId: ZQueryId, mastVersionId: ZQueryId });

const ZLidarChannel = z.object({
  id: z.number().int(),
  name: z.string(),
  element: z.enum(['ws', 'wd']),
  heightM: z.number().nullable(),
  intervalS: z.number().int(),
});
export type TLidarChannel = z.infer<typeof ZLidarChannel>;

export const ZLidarCandidates = z.object({
  /** Speed and direction averages of the lidar version. */
  lidarChannels: z.array(ZLidarChannel),
  /** Speed and direction averages of the mast version. */
  mastChannels: z.array(ZLidarChannel),
  /** Heights present on both sides (matched by channel height, within 2 m), lowest first. */
  pairs: z.array(ZLidarHeightPair.extend({ heightM: z.number(), mastHeightM: z.number() })),
});
export type TLidarCandidates = z.infer<typeof ZLidarCandidates>;

/** GET /data-process/lidar/sites: the sites the caller may view with their versions (the other side). */
export const ZLidarSites = z.array(
  z.object({
    stationId: z.number().int(),
    stationCode: z.string(),
    name: z.string(),
    versions: z.array(
      z.object({ id: z.number().int(), name: z.string(), kind: z.enum(['original', 'working']) }),
    ),
  }),
);
export type TLidarSites = z.infer<typeof ZLidarSites>;

const ZNum = z.number().nullable();
const ZRange = z.tuple([z.number(), z.number()]);
const ZKpiLevel = z.object({
  speedSlope: ZRange,
  speedRSquared: z.number(),
  directionSlope: ZRange,
  directionRSquared: z.number(),
  directionOffsetDeg: z.number(),
});
const ZLevelVerdict = z.object({
  pass: z.boolean(),
  reasons: z.array(z.object({ key: z.enum(LIDAR_KPI_REASON_KEYS), text: z.string() })),
});
const ZSide = z.object({
  stationId: z.number().int(),
  stationName: z.string(),
  versionId: z.number().int(),
  versionName: z.string(),
});
const ZChannelRef = z.object({ id: z.number().int(), name: z.string() });

export const ZLidarHeightResult = z.object({
  heightM: z.number(),
  mastHeightM: z.number(),
  lidarSpeedChannel: ZChannelRef,
  mastSpeedChannel: ZChannelRef,
  lidarDirectionChannel: ZChannelRef.nullable(),
  mastDirectionChannel: ZChannelRef.nullable(),
  speed: z.object({
    pairCount: z.number().int(),
    meanLidar: ZNum,
    meanMast: ZNum,
    meanDifference: ZNum,
    throughOrigin: z.object({ slope: z.number(), rSquared: z.number() }).nullable(),
    withOffset: z.object({ slope: z.number(), intercept: z.number(), rSquared: z.number() }).nullable(),
  }),
  direction: z
    .object({
      pairCount: z.number().int(),
      slope: ZNum,
      offsetDeg: ZNum,
      rSquared: ZNum,
      meanDifferenceDeg: ZNum,
    })
    .nullable(),
  bestPractice: ZLevelVerdict,
  minimum: ZLevelVerdict,
  verdict: z.enum(LIDAR_VERDICTS),
  /** The verdict and its reasons in the caller's language. */
  verdictText: z.string(),
  /** Up to 2000 paired 10-min values each: [mast, lidar] (directions unwrapped to ±180° of the mast's). */
  scatter: z.object({
    speed: z.array(z.tuple([z.number(), z.number()])),
    direction: z.array(z.tuple([z.number(), z.number()])),
  }),
});
export type TLidarHeightResult = z.infer<typeof ZLidarHeightResult>;

export const ZLidarVerifyResult = z.object({
  lidar: ZSide,
  mast: ZSide,
  startTime: z.string(),
  endTime: z.string(),
  minReferenceSpeed: z.number(),
  kpis: z.object({ bestPractice: ZKpiLevel, minimum: ZKpiLevel }),
  /** Where the acceptance criteria come from, in the caller's language. */
  kpiSource: z.string(),
  heights: z.array(ZLidarHeightResult),
  /** Every height reaches at least the minimum criteria. */
  isPass: z.boolean(),
  summary: z.string(),
  /** What the comparison stood on: records of each channel used and left out by why (issue 41 §1). */
  basis: ZAnalysisBasis,
});
export type TLidarVerifyResult = z.infer<typeof ZLidarVerifyResult>;
