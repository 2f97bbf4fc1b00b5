import { z } from 'zod';
import { vmsg } from '../i18n/validation.ts';

// ---------------------------------------------------------------------------------------------------
// The hub (/hub, issue 17): the whole fleet on one screen, from the caller's own data permissions.

/** Days without data after which a site counts as silent on the hub (default; 1–90 may be asked). */
export const HUB_SILENT_DAYS_DEFAULT = 3;
/** How often the wall display refreshes the hub (ms). */
export const HUB_REFRESH_MS = 60_000;

export const ZHubQuery = z.object({
  silentDays: z.coerce
    .number()
    .int(vmsg('integer'))
    .min(1, vmsg('tooSmall'))
    .max(90, vmsg('tooLarge'))
    .default(HUB_SILENT_DAYS_DEFAULT),
});
export type THubQuery = z.infer<typeof ZHubQuery>;

const ZCount = z.object({
  key: z.string(),
  name: z.string(),
  count: z.number().int(),
  color: z.string().optional(),
});

const ZHubSite = z.object({
  stationId: z.number().int(),
  stationCode: z.string(),
  projectName: z.string(),
});

export const ZHubRecovery = z.object({
  days: z.number().int(),
  /** The window: whole UTC days, first and last included (today is left out: it is not over).*/
  from: z.string(),
  to: z.string(),
  /** Sites with data before the window ends (the ones the rate is about). */
  sites: z.number().int(),
  /** Mean measured recovery over those sites, 0–100 (null without any): filled values count as lack. */
  meanPct: z.number().nullable(),
  /**
   * Mean recovery after reconstruction (issue 45 §1), 0–100: filled values (flag 1) counted as valid.
   * Always given, the same as `meanPct` when nothing was filled (the screens show it always).
   */
  meanAfterPct: z.number().nullable(),
  /** Sites with filled values in the window. */
  filledSites: z.number().int(),
  /** SPEC §9 bands 0–30 … 90–100 % of the measured recovery, lower bound inclusive. */
  bands: z.array(z.object({ from: z.number(), to: z.number(), count: z.number().int() })),
  /** Lowest measured recovery first, with the recovery after reconstruction beside it. */
  worst: z.array(ZHubSite.extend({ recoveryPct: z.number(), recoveryAfterPct: z.number() })),
});
export type THubRecovery = z.infer<typeof ZHubRecovery>;

export const ZHubOverview = z.object({
  generatedAt: z.string(),
  stations: z.object({
    total: z.number().int(),
    byStatus: z.array(ZCount),
    byType: z.array(ZCount),
  }),
  silent: z.object({
    days: z.number().int(),
    /** Sites whose last data is older than `days` days. */
    count: z.number().int(),
    /** Sites that never delivered data. */
    neverCount: z.number().int(),
    longest: z.array(ZHubSite.extend({ lastDataTime: z.string(), silentDays: z.number() })),
  }),
  recovery7: ZHubRecovery,
  recovery30: ZHubRecovery,
  alarms: z.object({
    open: z.number().int(),
    unhandled: z.number().int(),
    byType: z.array(ZCount),
    /** Open alarms by age: under 1 day, 1–7, 7–30, over 30 days. */
    byAge: z.array(ZCount),
  }),
  repairs: z.object({
    inProgress: z.number().int(),
    oldest: z.array(ZHubSite.extend({ id: z.number().int(), faultType: z.string(), createdAt: z.string() })),
  }),
  applications: z.object({
    /** Pending applications the caller may decide (reviewers) or has made (others). */
    pending: z.number().int(),
    isReviewer: z.boolean(),
  }),
  reports: z.array(
    z.object({
      id: z.number().int(),
      groupId: z.number().int(),
      groupName: z.string(),
      statementType: z.enum(['weekly', 'monthly']),
      /** The period as the report list names it, in Beijing dates: '2026-10' or '2026-10-05 ~ 2026-10-11'. */
      statementDate: z.string(),
      periodStart: z.string(),
      periodEnd: z.string(),
      status: z.enum(['generating', 'success', 'failure']),
      statusName: z.string(),
      /** sent | waiting | failed | notSent */
      delivery: z.enum(['sent', 'waiting', 'failed', 'notSent']),
      deliveryName: z.string(),
      generateTime: z.string().nullable(),
    }),
  ),
  ingestion: z.object({
    files: z.number().int(),
    parsed: z.number().int(),
    failed: z.number().int(),
    waiting: z.number().int(),
    /** Stored values (channel × record) of the parsed files. */
    values: z.number(),
    failures: z.array(z.object({ reasonKey: z.string(), reason: z.string(), count: z.number().int() })),
  }),
  /**
   * Long-term campaigns (issue 28, WIND-ANALYSIS §13): the visible sites with a default reference, by the
   * verdict of their stored convergence, and the months still needed by those not converged yet.
   */
  longTerm: z.object({
    sites: z.number().int(),
    converged: z.number().int(),
    notYet: z.number().int(),
    tooShort: z.number().int(),
    /** A default whose convergence is not computed yet (or could not be). */
    pending: z.number().int(),
    /** Median of the months still needed over the sites not converged that have an estimate. */
    medianMonthsNeeded: z.number().nullable(),
    /** The sites not converged yet, the nearest to converging first (at most 10). */
    needing: z.array(
      ZHubSite.extend({
        status: z.enum(['not_yet', 'too_short']),
        statusName: z.string(),
        months: z.number().int(),
        monthsNeeded: z.number().int().nullable(),
      }),
    ),
  }),
  /**
   * Data receipts (issue 30, WIND-ANALYSIS §15): the visible sites with open findings (neither dismissed
   * nor fixed), how many, and the latest few findings.
   */
  receipts: z.object({
    sites: z.number().int(),
    openFindings: z.number().int(),
    errors: z.number().int(),
    latest: z.array(
      ZHubSite.extend({
        receiptId: z.number().int(),
        findingId: z.number().int(),
        check: z.string(),
        key: z.string(),
        severity: z.enum(['info', 'warning', 'error']),
        fileName: z.string(),
        createTime: z.string(),
      }),
    ),
  }),
  storage: z.object({
    rawFiles: z.number().int(),
    rawBytes: z.number(),
    /** Stored 10-minute values of the sites' versions. */
    storedValues: z.number(),
    /** The whole database (administrators only; null for others). */
    databaseBytes: z.number().nullable(),
  }),
});
export type THubOverview = z.infer<typeof ZHubOverview>;
