import {
  AppError,
  fieldError,
  type Language,
  type TLidarCandidates,
  type TLidarChannel,
  type TLidarSites,
  type TLidarVerifyRequest,
  type TLidarVerifyResult,
  versionDisplayName,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import {
  isMeanDirection,
  isMeanSpeed,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../timeseries/index.ts';
import { LidarVerifyRepository } from './lidar-verify.repository.ts';
import { lidarVerifyResult, type TLidarVerifyJob, type TLidarVerifyPairJob } from './lidar-verify-run.ts';
import { buildLidarVerifyWorkbook } from './lidar-verify-workbook.ts';

/** Heights within this many metres match (lidar range gates against cup heights). */
const HEIGHT_TOLERANCE_M = 2;
/** A vane this far from the mast's speed height still pairs with it (vanes sit a little below the cups). */
const VANE_TOLERANCE_M = 10;
/** How many sites the other-side list offers. */
const SITES_MAX = 500;
/** Channel names and keys that mark a lidar/sodar channel when one version carries both devices. */
const REMOTE_SENSING = /lidar|windcube|wls|zephir|zx|sodar|triton|scintec|(^|[^a-z])lid([^a-z]|$)/i;

// Heights are what pairs a lidar's channel with a mast's: a channel without one takes no part.
const isSpeed = (c: TChannelRow) => isMeanSpeed(c) && c.heightM !== null;
const isVane = (c: TChannelRow) => isMeanDirection(c) && c.heightM !== null;
const looksRemote = (c: TChannelRow) => REMOTE_SENSING.test(c.name) || REMOTE_SENSING.test(c.dataKey);

/** How the caller reads texts (route context). */
export interface TLidarVerifyContext {
  language: Language;
  /** The reader's zone (the request's `utc-code`): the workbook's dates are on its clock. */
  utcOffsetMinutes?: number;
}

/** The channel nearest to `heightM` within `tolerance` (first by position on a tie), or undefined. */
function nearest(channels: readonly TChannelRow[], heightM: number, tolerance: number) {
  return channels
    .filter((c) => Math.abs(c.heightM! - heightM) <= tolerance)
    .sort(
      (a, b) => Math.abs(a.heightM! - heightM) - Math.abs(b.heightM! - heightM) || a.position - b.position,
    )[0];
}

/**
 * Lidar versus mast (issue 31): a lidar's data version checked against a mast's, height by height, against
 * the Carbon Trust OWA roadmap KPIs. Both sites must be visible to the caller; every channel is checked
 * against its version (speed or direction average with a height, one interval) before anything is read;
 * the computation runs in a worker thread (compute-tasks.ts).
 */
export class LidarVerifyService {
  private readonly store: TTimeSeriesStore;
  private readonly repository: LidarVerifyRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
    this.repository = new LidarVerifyRepository(db);
  }

  /** The verification of two versions the caller may view. */
  async verify(
    user: TAuthUser,
    request: TLidarVerifyRequest,
    ctx: TLidarVerifyContext,
  ): Promise<TLidarVerifyResult> {
    const { lidar, mast } = await this.versions(user, request.lidarVersionId, request.mastVersionId);
    const job = await this.resolve(lidar, mast, request, ctx);
    return runTask(this.compute, { kind: 'lidarVerify', job }, () => lidarVerifyResult(this.db, job));
  }

  /** The verification as an xlsx workbook (KPI table with ✓/✗, the criteria and their source). */
  async exportWorkbook(
    user: TAuthUser,
    request: TLidarVerifyRequest,
    ctx: TLidarVerifyContext,
  ): Promise<{ fileName: string; content: Buffer }> {
    const result = await this.verify(user, request, ctx);
    const content = await buildLidarVerifyWorkbook(result, ctx.language, ctx.utcOffsetMinutes ?? 0);
    const name = say(ctx.language, 'lidarVerify.file');
    return {
      fileName: `${name}_${result.lidar.versionName}_${result.mast.versionName}.xlsx`,
      content,
    };
  }

  /** Both versions' speed and direction channels and the height pairs the screen proposes. */
  async candidates(
    user: TAuthUser,
    lidarVersionId: number,
    mastVersionId: number,
  ): Promise<TLidarCandidates> {
    const { lidar, mast } = await this.versions(user, lidarVersionId, mastVersionId);
    let lidarAll = (await this.store.listChannels(lidar.id)).filter((c) => isSpeed(c) || isVane(c));
    let mastAll =
      mast.id === lidar.id
        ? lidarAll
        : (await this.store.listChannels(mast.id)).filter((c) => isSpeed(c) || isVane(c));
    if (mast.id === lidar.id) {
      // One site with both devices: the lidar's channels are those named so, the mast's the others.
      const remote = lidarAll.filter(looksRemote);
      if (remote.length > 0) {
        mastAll = lidarAll.filter((c) => !looksRemote(c));
        lidarAll = remote;
      }
    }
    const used = new Set<number>();
    const pairs: TLidarCandidates['pairs'] = [];
    const seenHeights = new Set<number>();
    const lidarSpeeds = lidarAll
      .filter(isSpeed)
      .sort((a, b) => a.heightM! - b.heightM! || a.position - b.position);
    for (const speed of lidarSpeeds) {
      if (seenHeights.has(speed.heightM!)) continue;
      const mastSpeed = nearest(
        mastAll.filter(
          (c) => isSpeed(c) && c.id !== speed.id && !used.has(c.id) && c.intervalS === speed.intervalS,
        ),
        speed.heightM!,
        HEIGHT_TOLERANCE_M,
      );
      if (!mastSpeed) continue;
      seenHeights.add(speed.heightM!);
      used.add(mastSpeed.id);
      const sameInterval = (c: TChannelRow) => isVane(c) && c.intervalS === speed.intervalS;
      const lidarVane = nearest(lidarAll.filter(sameInterval), speed.heightM!, HEIGHT_TOLERANCE_M);
      const mastVane = nearest(
        mastAll.filter((c) => sameInterval(c) && c.id !== lidarVane?.id),
        mastSpeed.heightM!,
        VANE_TOLERANCE_M,
      );
      pairs.push({
        heightM: speed.heightM!,
        mastHeightM: mastSpeed.heightM!,
        lidarSpeedChannelId: speed.id,
        mastSpeedChannelId: mastSpeed.id,
        ...(lidarVane && mastVane
          ? { lidarDirectionChannelId: lidarVane.id, mastDirectionChannelId: mastVane.id }
          : {}),
      });
    }
    const present = (c: TChannelRow): TLidarChannel => ({
      id: c.id,
      name: c.name,
      element: isSpeed(c) ? 'ws' : 'wd',
      heightM: c.heightM,
      intervalS: c.intervalS,
    });
    return { lidarChannels: lidarAll.map(present), mastChannels: mastAll.map(present), pairs };
  }

  /** The sites the caller may view with their versions (the other side of a check). */
  async sites(user: TAuthUser): Promise<TLidarSites> {
    const stations = await this.repository.listVisibleStations(user, SITES_MAX);
    const versions = await this.store.listVersions(stations.map((s) => s.id));
    return stations.map((s) => ({
      stationId: s.id,
      stationCode: s.stationCode,
      name: s.name,
      versions: versions
        .filter((v) => v.stationId === s.id)
        .map((v) => ({ id: v.id, name: v.name, kind: v.kind })),
    }));
  }

  /** Both versions, each of a site the caller may view (404 unknown, 403 hidden). */
  private async versions(user: TAuthUser, lidarVersionId: number, mastVersionId: number) {
    const lidar = await this.store.findVersion(lidarVersionId);
    const mast = await this.store.findVersion(mastVersionId);
    if (!lidar || !mast) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, lidar.stationId);
    await this.access.assertCanView(user, mast.stationId);
    return { lidar, mast };
  }

  /** Every channel checked against its version, one interval, the common range found. */
  private async resolve(
    lidar: TVersionRow,
    mast: TVersionRow,
    request: TLidarVerifyRequest,
    ctx: TLidarVerifyContext,
  ): Promise<TLidarVerifyJob> {
    const lidarById = new Map((await this.store.listChannels(lidar.id)).map((c) => [c.id, c]));
    const mastById =
      mast.id === lidar.id
        ? lidarById
        : new Map((await this.store.listChannels(mast.id)).map((c) => [c.id, c]));
    const pick = (byId: Map<number, TChannelRow>, id: number, fits: (c: TChannelRow) => boolean) => {
      const c = byId.get(id);
      if (!c || !fits(c)) throw fieldError('pairs', 'lidarChannel');
      return c;
    };
    const pairs: TLidarVerifyPairJob[] = request.pairs.map((p) => {
      const hasLidarVane = p.lidarDirectionChannelId !== undefined;
      if (hasLidarVane !== (p.mastDirectionChannelId !== undefined))
        throw fieldError('pairs', 'lidarChannel');
      return {
        lidarSpeed: pick(lidarById, p.lidarSpeedChannelId, isSpeed),
        mastSpeed: pick(mastById, p.mastSpeedChannelId, isSpeed),
        lidarDirection: hasLidarVane ? pick(lidarById, p.lidarDirectionChannelId!, isVane) : undefined,
        mastDirection: hasLidarVane ? pick(mastById, p.mastDirectionChannelId!, isVane) : undefined,
      };
    });
    const all = pairs.flatMap((p) => [p.lidarSpeed, p.mastSpeed, p.lidarDirection, p.mastDirection]);
    const intervalS = pairs[0]!.lidarSpeed.intervalS;
    if (all.some((c) => c && c.intervalS !== intervalS)) throw fieldError('pairs', 'lidarInterval');
    const lidarRanges = await this.store.channelRanges(lidar.id);
    const mastRanges = mast.id === lidar.id ? lidarRanges : await this.store.channelRanges(mast.id);
    const span = (ranges: typeof lidarRanges, channels: TChannelRow[]) => {
      let first = Number.POSITIVE_INFINITY;
      let last = Number.NEGATIVE_INFINITY;
      for (const c of channels) {
        const r = ranges.get(c.id);
        if (r?.firstTime) first = Math.min(first, r.firstTime.getTime());
        if (r?.lastTime) last = Math.max(last, r.lastTime.getTime() + intervalS * 1000);
      }
      return { first, last };
    };
    const l = span(
      lidarRanges,
      pairs.map((p) => p.lidarSpeed),
    );
    const m = span(
      mastRanges,
      pairs.map((p) => p.mastSpeed),
    );
    const fromMs = Math.max(l.first, m.first, request.startTime ? Date.parse(request.startTime) : 0);
    const toMs = Math.min(
      l.last,
      m.last,
      request.endTime ? Date.parse(request.endTime) : Number.POSITIVE_INFINITY,
    );
    if (!(Number.isFinite(fromMs) && Number.isFinite(toMs) && fromMs < toMs)) {
      throw new AppError('STATISTICS_NO_DATA');
    }
    const side = async (v: TVersionRow) => ({
      stationId: v.stationId,
      stationName: await this.repository.findStationName(v.stationId),
      versionId: v.id,
      versionName: versionDisplayName(v, ctx.language),
    });
    return {
      language: ctx.language,
      lidar: await side(lidar),
      mast: await side(mast),
      pairs,
      fromMs,
      toMs,
      minReferenceSpeed: request.minReferenceSpeed,
      includeSuspicious: request.includeSuspicious,
      includeFilled: request.includeFilled,
    };
  }
}
