import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';
import { ZId, ZQueryId } from '../text.schema.ts';
import { MCP_METHOD_KEYS, ZMcpCompareRequest, ZMcpLongTermPeriod, ZMcpReference } from './longterm.schema.ts';

// ---------------------------------------------------------------------------------------------------
// Convergence of a running campaign (issue 28, WIND-ANALYSIS §13): a site's default reference and method,
// and the stored series of L_m ± u_MCP(m) for m = 3 … M campaign months, recomputed every night and after
// an ingest that brings a new month.

export const LT_CONVERGENCE_STATUSES = ['converged', 'not_yet', 'too_short'] as const;
export type TLtConvergenceStatus = (typeof LT_CONVERGENCE_STATUSES)[number];

/** §13: converged when |L_M − L_{M−3}|/L_M is below this … */
export const LT_CONVERGENCE_CHANGE_LIMIT = 0.01;
/** … and u_MCP(M) below this. */
export const LT_CONVERGENCE_UNCERTAINTY_LIMIT = 0.02;
/** A month that moves the long-term estimate by more than this (|L_M − L_{M−1}|/L_{M−1}) is told to the site's data administrator. */
export const LT_CONVERGENCE_SHIFT_ALERT = 0.01;
/** The first step of the series: L_m from m = 3 months. */
export const LT_CONVERGENCE_MIN_MONTHS = 3;

/** GET default / convergence, DELETE default: the site. */
export const ZLongTermStationQuery = z.object({ stationId: ZQueryId });
export type TLongTermStationQuery = z.infer<typeof ZLongTermStationQuery>;

/** POST convergence/refresh. */
export const ZLongTermRefreshRequest = z.object({ stationId: ZId });
export type TLongTermRefreshRequest = z.infer<typeof ZLongTermRefreshRequest>;

/**
 * PUT /data-process/longterm/default: the site's default — the workbench's target and reference, the
 * method (overall, or by `sectors` reference-direction sectors), the period, the coverage and the
 * long-term period (null: the whole reference).
 */
export const ZLongTermDefaultRequest = ZMcpCompareRequest.pick({
  versionId: true,
  speedChannelId: true,
  directionChannelId: true,
  reference: true,
  period: true,
  coverage: true,
  sectors: true,
}).extend({
  stationId: ZId,
  method: z.enum(MCP_METHOD_KEYS, vmsg('oneOf')),
  longTermPeriod: ZMcpLongTermPeriod.nullable().default(null),
});
export type TLongTermDefaultRequest = z.infer<typeof ZLongTermDefaultRequest>;
export type TLongTermDefaultRequestInput = z.input<typeof ZLongTermDefaultRequest>;

/** A site's default as stored. */
export const ZLongTermDefault = z.object({
  stationId: z.number().int(),
  /** The target version (null once deleted: the site's original version stands in). */
  versionId: z.number().int().nullable(),
  versionName: z.string().nullable(),
  speedChannelId: z.number().int().nullable(),
  speedChannelName: z.string(),
  directionChannelId: z.number().int().nullable(),
  directionChannelName: z.string().nullable(),
  /** The reference as the workbench names it; null for a reader who may not view the reference's site. */
  reference: ZMcpReference.nullable(),
  /** Its name, or "a reference you cannot view" in the reader's language. */
  referenceName: z.string(),
  /** Whether the reader may view the reference's site (issue 39 §5). */
  isReferenceVisible: z.boolean(),
  method: z.enum(MCP_METHOD_KEYS),
  methodName: z.string(),
  period: z.string(),
  sectors: z.number().int(),
  coverage: z.number(),
  longTermPeriod: z.object({ start: z.string().nullable(), end: z.string().nullable() }).nullable(),
  updatedByName: z.string(),
  updatedAt: z.string(),
});
export type TLongTermDefault = z.infer<typeof ZLongTermDefault>;

/** GET default: the site's default, or null. */
export const ZLongTermDefaultReply = ZLongTermDefault.nullable();

/** One step of the series: the fit on the first m campaign months. */
export const ZLtConvergenceStep = z.object({
  m: z.number().int(),
  /** The m-th campaign month, 'YYYY-MM' in the default's clock. */
  month: z.string(),
  /** End of that month (the start of the next), ISO instant. */
  monthEnd: z.string(),
  /** L_m: long-term mean speed, m/s. */
  ltMeanMps: z.number(),
  /** u_MCP(m), a fraction (null with fewer than two month blocks). */
  uMcp: z.number().nullable(),
});
export type TLtConvergenceStep = z.infer<typeof ZLtConvergenceStep>;

/** GET convergence, POST convergence/refresh: the site's default and its stored convergence. */
export const ZLongTermConvergence = z.object({
  stationId: z.number().int(),
  default: ZLongTermDefault.nullable(),
  /** Null until computed once. */
  computedAt: z.string().nullable(),
  /** M: campaign months of the last step (0 when none). */
  months: z.number().int(),
  series: z.array(ZLtConvergenceStep),
  status: z.enum(LT_CONVERGENCE_STATUSES).nullable(),
  statusName: z.string(),
  /** Months still needed to converge (0 when converged; null when it cannot be estimated). */
  monthsNeeded: z.number().int().nullable(),
  /** L_M and L_{M−1}, m/s. */
  latestLtMps: z.number().nullable(),
  previousLtMps: z.number().nullable(),
  /** u_MCP(M) and the expected one after one more month, u_MCP(M)·√(M/(M+1)). */
  latestUMcp: z.number().nullable(),
  expectedUMcpNextMonth: z.number().nullable(),
  /** |L_M − L_{M−3}|/L_M. */
  changeThreeMonths: z.number().nullable(),
  /** Why nothing could be computed, in the reader's language. */
  error: z.string().nullable(),
  /** One sentence in the reader's language: the verdict and the months still needed. */
  verdict: z.string(),
});
export type TLongTermConvergence = z.infer<typeof ZLongTermConvergence>;
