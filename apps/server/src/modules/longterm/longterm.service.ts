import {
  AppError,
  fieldError,
  MCP_METHOD_NAMES,
  type TMcpCompareRequest,
  type TMcpCompareResult,
  type TMcpGenerateRequest,
  type TMcpGenerateResult,
  text,
  versionLabelParam,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import type { StationAccess } from '../access/index.ts';
import {
  findMesoscaleReference,
  resolveSeriesReference,
  type TMesoscaleReferenceInfo,
  type TSeriesSource,
} from '../reference-data/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import {
  isMeanDirection,
  isMeanSpeed,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../timeseries/index.ts';
import { writeLongTermVersion } from '../wind-data/index.ts';
import { generateSeries, type TLongTermGenerated, type TLongTermGenerateJob } from './longterm-generate.ts';
import { compareResult, MCP_MIN_PERIODS, type TLongTermJob } from './longterm-run.ts';

/** What a checked request resolves to, before anything is computed. */
export interface TResolved {
  job: TLongTermJob;
  version: TVersionRow;
  speed: TChannelRow;
  direction: TChannelRow | undefined;
  hasReferenceDirection: boolean;
  /** The site the reference lives on (a version's, a stored series', a mesoscale dataset's). */
  referenceStationId: number;
  lineage: Record<string, unknown>;
}

/**
 * The long-term correction workbench (issue 28, WIND-ANALYSIS §13): a site's speed (the target) against
 * a reference — a parsed mesoscale dataset or another site's data version, each of a site the caller may
 * view — by the five MCP methods overall and by sector, cross-validated, with long-term means, their
 * uncertainty and the reference's homogeneity; the chosen row's long-term series becomes a new working
 * version of the target site with its lineage. Every check runs here, before anything is read or
 * computed; the computation runs in a worker thread (compute-tasks.ts).
 */
export class LongTermService {
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly stationLog: StationLogService,
    /** Worker threads and the database they read from; without, the event loop. */
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
  }

  async compare(
    user: TAuthUser,
    request: TMcpCompareRequest,
    ctx: TReaderContext,
  ): Promise<TMcpCompareResult> {
    const { job } = await this.resolve(user, request, ctx);
    return runTask(this.compute, { kind: 'longterm_compare', job }, () => compareResult(this.db, job));
  }

  /** A new working version of the target site holding the chosen row's long-term series, with its lineage. */
  async generate(
    user: TAuthUser,
    request: TMcpGenerateRequest,
    ctx: TReaderContext,
  ): Promise<TMcpGenerateResult> {
    const resolved = await this.resolve(user, request, ctx);
    await this.access.assertCanEdit(user, resolved.version.stationId);
    if (request.longTermPeriodIndex >= Math.max(1, request.longTermPeriods.length)) {
      throw fieldError('longTermPeriodIndex', 'oneOf');
    }
    if (request.isBySector && (!resolved.hasReferenceDirection || request.sectors < 2)) {
      throw fieldError('isBySector', 'oneOf');
    }
    const job: TLongTermGenerateJob = {
      ...resolved.job,
      method: request.method,
      isBySector: request.isBySector,
      longTermPeriodIndex: request.longTermPeriodIndex,
    };
    const generated = await runTask(this.compute, { kind: 'longterm_generate', job }, () =>
      generateSeries(this.db, job),
    );
    const versionId = await this.writeVersion(user, request, resolved, generated);
    return {
      versionId,
      versionName: request.name,
      longTermSeries: generated.longTermSeries,
      basis: generated.basis,
    };
  }

  private async writeVersion(
    user: TAuthUser,
    request: TMcpGenerateRequest,
    resolved: TResolved,
    generated: TLongTermGenerated,
  ): Promise<number> {
    const { version, speed, direction, job } = resolved;
    const period = request.longTermPeriods[request.longTermPeriodIndex];
    return this.db.transaction().execute(async (trx) => {
      const store = openTimeSeriesStore(trx);
      const versionId = await writeLongTermVersion(store, user, {
        stationId: version.stationId,
        name: request.name,
        sourceVersionId: version.id,
        step: 'longterm_mcp',
        params: {
          reference: { ...resolved.lineage, name: job.referenceName },
          targetChannel: speed.name,
          targetDirectionChannel: direction?.name ?? null,
          method: request.method,
          isBySector: request.isBySector,
          sectors: request.isBySector ? request.sectors : 0,
          period: request.period,
          coverage: request.coverage,
          includeSuspicious: request.includeSuspicious,
          longTermPeriod: { start: period?.start ?? null, end: period?.end ?? null },
          campaign: request.campaign,
          longTermSeries: generated.longTermSeries,
          minSectorCount: request.minSectorCount,
          writtenIntervalMinutes: generated.intervalMinutes,
          ...generated.figures,
        },
        speedChannel: speed,
        directionChannel: direction,
        intervalMinutes: generated.intervalMinutes,
        startMs: generated.startMs,
        speedMps: generated.speedMps,
        directionDeg: generated.directionDeg ?? undefined,
      });
      await this.stationLog.record(trx, {
        operator: user,
        type: 'add',
        stationId: version.stationId,
        location: 'dataProcessing',
        objects: text('stationLog.longTermVersion', {
          reference: versionLabelParam(job.referenceName),
          name: request.name,
          method: MCP_METHOD_NAMES[request.method],
        }),
        details: { versionId, sourceVersionId: version.id, reference: resolved.lineage },
      });
      return versionId;
    });
  }

  /**
   * A request resolved for a caller: the checks `compare` makes (existence, the caller's view of the
   * target's and the reference's sites, channels), nothing computed — a site default is saved after them.
   */
  check(user: TAuthUser, request: TMcpCompareRequest, ctx: TReaderContext): Promise<TResolved> {
    return this.resolve(user, request, ctx);
  }

  /**
   * A request resolved with no caller (a job: the nightly convergence of a site default, whose request was
   * checked against its setter when saved): existence and channels only.
   */
  resolveForJob(request: TMcpCompareRequest, ctx: TReaderContext): Promise<TResolved> {
    return this.resolve(null, request, ctx);
  }

  /** The caller's view of a site; none to check for a job (`user` null). */
  private async assertCanView(user: TAuthUser | null, stationId: number): Promise<void> {
    if (user) await this.access.assertCanView(user, stationId);
  }

  /** Checks the target and the reference (existence, the caller's view of both sites, channels). */
  private async resolve(
    user: TAuthUser | null,
    request: TMcpCompareRequest,
    ctx: TReaderContext,
  ): Promise<TResolved> {
    const { language } = ctx;
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.assertCanView(user, version.stationId);
    const {
      speed,
      direction,
      source: whole,
    } = await this.siteChannels(version, request, {
      speed: 'speedChannelId',
      direction: 'directionChannelId',
    });
    const source = whole && withinCampaign(whole, request.campaign);
    const noData = () =>
      new AppError('MCP_NO_CONCURRENT', {
        period: say(language, `longterm.period.${request.period}`),
        minimum: MCP_MIN_PERIODS[request.period],
        found: 0,
      });
    if (!source) throw noData();
    const ref = request.reference;
    let reference: TSeriesSource;
    let referenceName: string;
    let lineage: Record<string, unknown>;
    let hasReferenceDirection: boolean;
    let referenceStationId: number;
    if (ref.kind === 'site') {
      const refVersion = await this.store.findVersion(ref.versionId);
      if (!refVersion) throw new AppError('NOT_FOUND');
      // The reference's site too: a site beyond the caller is refused before anything is read.
      await this.assertCanView(user, refVersion.stationId);
      const resolved = await this.siteChannels(refVersion, ref, {
        speed: 'reference.speedChannelId',
        direction: 'reference.directionChannelId',
      });
      if (!resolved.source) throw noData();
      reference = resolved.source;
      referenceStationId = refVersion.stationId;
      referenceName = `${refVersion.name} · ${resolved.speed.name}`;
      hasReferenceDirection = resolved.direction !== undefined;
      lineage = {
        kind: 'site',
        stationId: refVersion.stationId,
        versionId: refVersion.id,
        versionName: refVersion.name,
        speedChannel: resolved.speed.name,
        directionChannel: resolved.direction?.name ?? null,
      };
    } else if (ref.kind === 'reference') {
      // A stored reference series (reference-data/references.service.ts): its home site's view right, its columns.
      ({ reference, referenceName, lineage, hasReferenceDirection, referenceStationId } =
        await resolveSeriesReference(this.db, this.access, user, ref));
    } else {
      const dataset = await findMesoscaleReference(this.db, ref.datasetId, language);
      await this.assertCanView(user, dataset.stationId);
      referenceStationId = dataset.stationId;
      const column = (key: string | undefined, element: string, field: string) => {
        if (key === undefined) return undefined;
        const found = dataset.channels.find((c) => c.key === key);
        if (!found || found.element !== element) throw fieldError(field, 'oneOf');
        return found;
      };
      const speedColumn = column(ref.speedKey, 'ws', 'reference.speedKey')!;
      column(ref.directionKey, 'wd', 'reference.directionKey');
      reference = {
        kind: 'mesoscale',
        datasetId: dataset.id,
        speedKey: ref.speedKey,
        directionKey: ref.directionKey,
        intervalMinutes: dataset.intervalMinutes,
      };
      referenceName = `${dataset.name} · ${speedColumn.name}`;
      hasReferenceDirection = ref.directionKey !== undefined;
      lineage = mesoscaleLineage(dataset, ref.speedKey, ref.directionKey);
    }
    return {
      job: {
        language,
        utcOffsetMinutes: ctx.utcOffsetMinutes,
        request,
        target: source,
        reference,
        referenceName,
        versionName: version.name,
      },
      version,
      speed,
      direction,
      hasReferenceDirection,
      referenceStationId,
      lineage,
    };
  }

  /** A version's speed (and vane) channel as a source; `source` undefined when the speed has no data. */
  private async siteChannels(
    version: TVersionRow,
    ids: { speedChannelId: number; directionChannelId?: number | undefined },
    fields: { speed: string; direction: string },
  ): Promise<{
    speed: TChannelRow;
    direction: TChannelRow | undefined;
    source: TSeriesSource | undefined;
  }> {
    const channels = await this.store.listChannels(version.id);
    const speed = channels.find((c) => c.id === ids.speedChannelId);
    if (!speed || !isMeanSpeed(speed)) throw fieldError(fields.speed, 'oneOf');
    let direction: TChannelRow | undefined;
    if (ids.directionChannelId !== undefined) {
      direction = channels.find((c) => c.id === ids.directionChannelId);
      if (!direction || !isMeanDirection(direction) || direction.intervalS !== speed.intervalS) {
        throw fieldError(fields.direction, 'oneOf');
      }
    }
    const range = (await this.store.channelRanges(version.id)).get(speed.id);
    const source: TSeriesSource | undefined =
      range?.firstTime && range.lastTime
        ? {
            kind: 'site',
            speed,
            direction,
            fromMs: range.firstTime.getTime(),
            toMs: range.lastTime.getTime() + speed.intervalS * 1000,
          }
        : undefined;
    return { speed, direction, source };
  }
}

/**
 * The target's read cut to the campaign window (issue 46 §3), so that only its records inside take part
 * and the basis counts only those; undefined when the window and the data do not meet.
 */
function withinCampaign(
  source: TSeriesSource,
  campaign: TMcpCompareRequest['campaign'] | undefined,
): TSeriesSource | undefined {
  if (source.kind !== 'site' || !campaign) return source;
  const fromMs = Math.max(source.fromMs, campaign.start === null ? -Infinity : Date.parse(campaign.start));
  const toMs = Math.min(source.toMs, campaign.end === null ? Infinity : Date.parse(campaign.end));
  return fromMs < toMs ? { ...source, fromMs, toMs } : undefined;
}

function mesoscaleLineage(
  dataset: TMesoscaleReferenceInfo,
  speedKey: string,
  directionKey: string | undefined,
): Record<string, unknown> {
  return {
    kind: 'mesoscale',
    stationId: dataset.stationId,
    datasetId: dataset.id,
    datasetName: dataset.name,
    files: dataset.files,
    speedKey,
    directionKey: directionKey ?? null,
  };
}
