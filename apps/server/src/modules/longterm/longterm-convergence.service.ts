import {
  AppError,
  fieldError,
  type Language,
  MCP_COMPARE_DEFAULT_CHOICES,
  MCP_METHOD_NAMES,
  type TLongTermConvergence,
  type TLongTermDefaultRequest,
  type TMcpCompareRequest,
  type TMcpMethodKey,
  type TMcpPeriodKey,
  text,
  versionLabelParam,
  ZMcpReference,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { storedError } from '../../platform/stored-error.ts';
import type { StationAccess, TAccessSubject } from '../access/index.ts';
import type { TDataArrivedEvent } from '../ingestion/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore } from '../timeseries/index.ts';
import { convergenceOutlook, isShiftAlert, type TConvergenceOutlook } from './convergence-status.ts';
import type { LongTermService, TResolved } from './longterm.service.ts';
import {
  LongTermConvergenceRepository,
  type TConvergenceRow,
  type TSiteDefaultRow,
} from './longterm-convergence.repository.ts';
import { presentConvergence, presentDefault } from './longterm-convergence-present.ts';
import {
  convergenceSeries,
  type TConvergenceComputed,
  type TConvergenceJob,
} from './longterm-convergence-run.ts';

/** Every night at 02:30 China Standard Time, every site with a default is recomputed. */
export const CONVERGENCE_NIGHTLY_CRON = '30 2 * * *';
const CONVERGENCE_NIGHTLY_TZ = 'Asia/Shanghai';

/** The language of what a job stores (errors are re-read in the reader's language anyway). */
const JOB_LANGUAGE: Language = 'zh';

/** The workbench's request a default names (its long-term period as the only one). */
function compareRequestOf(request: TLongTermDefaultRequest): TMcpCompareRequest {
  return {
    versionId: request.versionId,
    speedChannelId: request.speedChannelId,
    directionChannelId: request.directionChannelId,
    reference: request.reference,
    period: request.period,
    coverage: request.coverage,
    sectors: request.sectors,
    includeSuspicious: false,
    includeFilled: true,
    longTermPeriods: request.longTermPeriod ? [request.longTermPeriod] : [],
    ...MCP_COMPARE_DEFAULT_CHOICES,
  };
}

/**
 * Convergence of a running campaign (issue 28, WIND-ANALYSIS §13): a site's default reference and method,
 * and its series L_m ± u_MCP(m) for m = 3 … M, stored per site, recomputed every night and after an ingest
 * that brings a new calendar month (a job; never inside the ingest), on request, and when the default is
 * saved. A month that moves the long-term estimate by more than 1 % is told to the site's data
 * administrator. The request a default holds is resolved by the workbench's own resolution — against the
 * caller when saved, with no caller in a job.
 */
export class LongTermConvergenceService {
  private readonly store: TTimeSeriesStore;
  private readonly repository: LongTermConvergenceRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly longTerm: Pick<LongTermService, 'check' | 'resolveForJob'>,
    private readonly stationLog: Pick<StationLogService, 'record'>,
    private readonly messages: Pick<MessageService, 'sendMany'>,
    private readonly log: Logger,
    /** Worker threads and the database they read from; without, the event loop. */
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
    this.repository = new LongTermConvergenceRepository(db);
  }

  /**
   * GET default: the site's default, or null (the caller's view of the site); a reference on a site the
   * caller may not view is named only as "a reference you cannot view".
   */
  async getDefault(user: TAuthUser, stationId: number, language: Language) {
    await this.access.assertCanView(user, stationId);
    const row = await this.repository.findDefault(stationId);
    if (!row) return null;
    return presentDefault(row, language, await this.isReferenceVisible(user, row));
  }

  /**
   * PUT default: checked as the workbench's comparison is (the caller's view of the target's and the
   * reference's sites, the channels), the caller's edit right on the site, then saved and computed.
   */
  async setDefault(
    user: TAuthUser,
    request: TLongTermDefaultRequest,
    ctx: TReaderContext,
  ): Promise<TLongTermConvergence> {
    const resolved = await this.longTerm.check(user, compareRequestOf(request), ctx);
    if (resolved.version.stationId !== request.stationId) throw fieldError('versionId', 'oneOf');
    await this.access.assertCanEdit(user, request.stationId);
    await this.saveDefault(request, resolved, ctx.utcOffsetMinutes, {
      id: user.id,
      account: user.account,
      userName: user.userName,
    });
    await this.recompute(request.stationId);
    return this.present(request.stationId, ctx.language, user);
  }

  /**
   * A default saved with no caller (the seed's demo masts): resolved as a job resolves it (existence and
   * channels), saved under the system's name and computed.
   */
  async setDefaultWithoutCaller(
    request: TLongTermDefaultRequest,
    utcOffsetMinutes: number,
  ): Promise<TLongTermConvergence> {
    const resolved = await this.longTerm.resolveForJob(compareRequestOf(request), {
      language: JOB_LANGUAGE,
      utcOffsetMinutes,
    });
    if (resolved.version.stationId !== request.stationId) throw fieldError('versionId', 'oneOf');
    await this.saveDefault(request, resolved, utcOffsetMinutes, {
      id: null,
      account: 'system',
      userName: 'system',
    });
    await this.recompute(request.stationId);
    return this.present(request.stationId, JOB_LANGUAGE, null);
  }

  private async saveDefault(
    request: TLongTermDefaultRequest,
    resolved: TResolved,
    utcOffsetMinutes: number,
    operator: { id: number | null; account: string; userName: string },
  ): Promise<void> {
    if (request.sectors > 0 && !resolved.hasReferenceDirection) throw fieldError('sectors', 'oneOf');
    await this.db.transaction().execute(async (trx) => {
      await new LongTermConvergenceRepository(trx).upsertDefault({
        stationId: request.stationId,
        targetVersionId: resolved.version.id,
        speedChannelId: resolved.speed.id,
        speedChannelName: resolved.speed.name,
        directionChannelId: resolved.direction?.id ?? null,
        directionChannelName: resolved.direction?.name ?? null,
        reference: request.reference as Record<string, unknown>,
        referenceName: resolved.job.referenceName,
        referenceStationId: resolved.referenceStationId,
        method: request.method,
        period: request.period,
        sectors: request.sectors,
        coverage: request.coverage,
        longTermStart: request.longTermPeriod?.start ?? null,
        longTermEnd: request.longTermPeriod?.end ?? null,
        utcOffsetMinutes,
        updatedBy: operator.id,
        updatedByName: operator.userName,
      });
      await this.stationLog.record(trx, {
        operator,
        type: 'edit',
        stationId: request.stationId,
        location: 'dataProcessing',
        objects: text('stationLog.longTermDefaultSet', {
          reference: versionLabelParam(resolved.job.referenceName),
          method: MCP_METHOD_NAMES[request.method],
        }),
        details: { reference: request.reference, method: request.method, sectors: request.sectors },
      });
    });
  }

  /** DELETE default: the default and its stored convergence (the caller's edit right on the site). */
  async deleteDefault(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
    await this.db.transaction().execute(async (trx) => {
      if (!(await new LongTermConvergenceRepository(trx).deleteDefault(stationId))) {
        throw new AppError('NOT_FOUND');
      }
      await this.stationLog.record(trx, {
        operator: user,
        type: 'delete',
        stationId,
        location: 'dataProcessing',
        objects: text('stationLog.longTermDefaultRemoved'),
      });
    });
  }

  /** GET convergence: the site's default and its stored series (the caller's view of the site). */
  async getConvergence(
    user: TAuthUser,
    stationId: number,
    language: Language,
  ): Promise<TLongTermConvergence> {
    await this.access.assertCanView(user, stationId);
    return this.present(stationId, language, user);
  }

  /** POST convergence/refresh: recomputed now (the caller's edit right on the site). */
  async refresh(user: TAuthUser, stationId: number, language: Language): Promise<TLongTermConvergence> {
    await this.access.assertCanEdit(user, stationId);
    if (!(await this.repository.findDefault(stationId))) throw new AppError('NOT_FOUND');
    await this.recompute(stationId);
    return this.present(stationId, language, user);
  }

  /** The site's default and convergence as `viewer` sees them (null: the system, which sees all). */
  private async present(
    stationId: number,
    language: Language,
    viewer: TAccessSubject | null,
  ): Promise<TLongTermConvergence> {
    const [defaults, row] = await Promise.all([
      this.repository.findDefault(stationId),
      this.repository.findConvergence(stationId),
    ]);
    const isReferenceVisible = defaults ? await this.isReferenceVisible(viewer, defaults) : true;
    return presentConvergence(stationId, defaults, row, language, isReferenceVisible);
  }

  /**
   * Whether a viewer of the target site may see which reference its default names (issue 39 §5): one on
   * the target site itself, or on a site the viewer may view; a reference that is gone, only those who
   * see every site. No viewer: the system.
   */
  private async isReferenceVisible(viewer: TAccessSubject | null, row: TSiteDefaultRow): Promise<boolean> {
    if (!viewer) return true;
    const referenceStationId = row.reference_station_id === null ? null : Number(row.reference_station_id);
    if (referenceStationId === Number(row.station_id)) return true;
    if (referenceStationId === null) return this.access.hasAllStations(viewer);
    return this.access.canView(viewer, referenceStationId);
  }

  /**
   * A reference on another site is read only while the site's data administrator (else its owner, while
   * they see the site) may view that site (issue 39 §5): whoever chose it may have lost that right since,
   * and what it yields is shown on the site and told to that administrator. Refused, the stored
   * convergence is replaced by the reason.
   */
  private async assertReferenceReadable(stationId: number, referenceStationId: number): Promise<void> {
    if (referenceStationId === stationId) return;
    const [administratorId] = await this.access.dataAdministrators(stationId);
    const administrator =
      administratorId === undefined ? undefined : await this.access.findSubject(administratorId);
    if (!administrator || !(await this.access.canView(administrator, referenceStationId))) {
      throw new AppError('LONGTERM_REFERENCE_NOT_VISIBLE');
    }
  }

  /**
   * Recomputes a site's convergence from its default, with no caller (also the jobs'), and stores it;
   * what could not be computed is stored as the reason. A month added since the last computation that
   * moves the estimate by more than 1 % is told to the site's data administrator. False without a default.
   */
  async recompute(stationId: number): Promise<boolean> {
    const defaults = await this.repository.findDefault(stationId);
    if (!defaults) return false;
    const previous = await this.repository.findConvergence(stationId);
    let computed: TConvergenceComputed;
    let referenceName = defaults.reference_name;
    try {
      const job = await this.jobOf(defaults);
      referenceName = job.referenceName;
      computed = await runTask(this.compute, { kind: 'longterm_convergence', job }, () =>
        convergenceSeries(this.db, job),
      );
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      await this.repository.upsertConvergence({
        stationId,
        months: 0,
        series: [],
        status: 'too_short',
        monthsNeeded: null,
        latestLtMps: null,
        previousLtMps: null,
        latestUMcp: null,
        changeThreeMonths: null,
        nextMonthStart: previous?.next_month_start ?? null,
        error: storedError(error),
      });
      return true;
    }
    const outlook = convergenceOutlook(
      computed.steps.map((s) => ({
        months: s.m,
        longTermMps: s.ltMeanMps,
        uncertainty: s.uMcp ?? Number.NaN,
      })),
    );
    await this.repository.upsertConvergence({
      stationId,
      months: outlook.months,
      series: computed.steps,
      status: outlook.status,
      monthsNeeded: outlook.monthsNeeded,
      latestLtMps: outlook.latestLtMps,
      previousLtMps: outlook.previousLtMps,
      latestUMcp: outlook.latestUMcp,
      changeThreeMonths: outlook.changeThreeMonths,
      nextMonthStart: computed.nextMonthStartMs === null ? null : new Date(computed.nextMonthStartMs),
      error: null,
    });
    if (isNewMonth(previous, outlook) && isShiftAlert(outlook)) {
      await this.tellDataAdministrators(stationId, outlook, computed, referenceName);
    }
    return true;
  }

  /** The default as the workbench's job: its target found again by id, else by the channels' names. */
  private async jobOf(row: TSiteDefaultRow): Promise<TConvergenceJob> {
    const stationId = Number(row.station_id);
    const stored =
      row.target_version_id === null ? undefined : await this.store.findVersion(row.target_version_id);
    const version =
      stored && stored.stationId === stationId ? stored : await this.store.findOriginalVersion(stationId);
    if (!version) throw new AppError('NOT_FOUND');
    const channels = await this.store.listChannels(version.id);
    const find = (id: number | null, name: string | null) =>
      channels.find((c) => id !== null && c.id === Number(id)) ??
      (name === null ? undefined : channels.find((c) => c.name.toLowerCase() === name.toLowerCase()));
    const speed = find(row.speed_channel_id, row.speed_channel_name);
    if (!speed) throw fieldError('speedChannelId', 'oneOf');
    const direction =
      row.direction_channel_name === null
        ? undefined
        : find(row.direction_channel_id, row.direction_channel_name);
    const hasPeriod = row.long_term_start !== null || row.long_term_end !== null;
    const request: TMcpCompareRequest = {
      versionId: version.id,
      speedChannelId: speed.id,
      directionChannelId: direction?.id,
      reference: ZMcpReference.parse(row.reference),
      period: row.period as TMcpPeriodKey,
      coverage: row.coverage,
      sectors: row.sectors,
      includeSuspicious: false,
      includeFilled: true,
      ...MCP_COMPARE_DEFAULT_CHOICES,
      longTermPeriods: hasPeriod
        ? [
            {
              start: row.long_term_start?.toISOString() ?? null,
              end: row.long_term_end?.toISOString() ?? null,
            },
          ]
        : [],
    };
    const resolved = await this.longTerm.resolveForJob(request, {
      language: JOB_LANGUAGE,
      utcOffsetMinutes: row.utc_offset_minutes,
    });
    // Resolving read only what the reference is; its data is read only past this check.
    await this.assertReferenceReadable(stationId, resolved.referenceStationId);
    return {
      ...resolved.job,
      method: row.method as TMcpMethodKey,
      sectors: resolved.hasReferenceDirection ? row.sectors : 0,
    };
  }

  /** A stored message for the site's data administrator, in each reader's language. */
  private async tellDataAdministrators(
    stationId: number,
    outlook: TConvergenceOutlook,
    computed: TConvergenceComputed,
    referenceName: string,
  ): Promise<void> {
    const [receivers, code] = await Promise.all([
      this.access.dataAdministrators(stationId),
      this.access.stationCode(stationId),
    ]);
    const last = computed.steps[computed.steps.length - 1];
    const percent = Math.round((outlook.changeLastMonth ?? 0) * 1000) / 10;
    await this.messages.sendMany(
      receivers.map((userId) => ({
        userId,
        type: 'system' as const,
        message: text('message.longTermShift', { code: code ?? String(stationId), percent }),
        description: text('message.longTermShiftDetail', {
          months: outlook.months,
          month: last?.month ?? '',
          previous: (outlook.previousLtMps ?? 0).toFixed(2),
          latest: (outlook.latestLtMps ?? 0).toFixed(2),
          reference: versionLabelParam(referenceName),
        }),
        messageType: 'warning' as const,
        stationIds: [stationId],
      })),
    );
  }

  /**
   * Data arrived for a site (after the commit): a recompute is queued when the site has a default and
   * the data reaches a calendar month its stored series has not seen (or none is stored yet). True when
   * one was queued.
   */
  async onDataArrived(jobs: Pick<TJobs, 'send'>, event: TDataArrivedEvent): Promise<boolean> {
    if (event.lastTimeMs === null) return false;
    const threshold = await this.repository.findArrivalThreshold(event.stationId);
    if (!threshold) return false;
    const isNew =
      !threshold.hasConvergence ||
      threshold.nextMonthStart === null ||
      event.lastTimeMs >= threshold.nextMonthStart.getTime();
    if (!isNew) return false;
    await jobs.send(
      'longterm.convergence',
      { stationId: event.stationId },
      { singletonKey: `longterm.convergence:${event.stationId}` },
    );
    return true;
  }

  /** The nightly recompute of every site with a default (one job per site) and the per-site queue. */
  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work('longterm.convergence', async (job) => {
      await this.recompute(job.data.stationId);
    });
    await jobs.work(
      'longterm.convergence-nightly',
      async () => {
        const stationIds = await this.repository.listDefaultStationIds();
        for (const stationId of stationIds) {
          await jobs.send(
            'longterm.convergence',
            { stationId },
            { singletonKey: `longterm.convergence:${stationId}` },
          );
        }
        this.log.info({ sites: stationIds.length }, 'long-term convergence recomputes queued');
      },
      { pollingIntervalSeconds: SCHEDULED_POLL_SECONDS },
    );
    await jobs.schedule(
      'longterm.convergence-nightly',
      CONVERGENCE_NIGHTLY_CRON,
      {},
      { tz: CONVERGENCE_NIGHTLY_TZ },
    );
  }
}

/** The computation saw a month the stored one had not (a campaign going on, not a first computation). */
function isNewMonth(previous: TConvergenceRow | undefined, outlook: TConvergenceOutlook): boolean {
  return (
    previous !== undefined &&
    previous.error === null &&
    previous.months >= 3 &&
    outlook.months > previous.months
  );
}
