import {
  AppError,
  fieldError,
  type Language,
  longTermBasisOf,
  type TLineageStep,
  type TLongTermBasis,
  type TSuitabilityDefaults,
  type TSuitabilityRequest,
  type TSuitabilityResult,
  ZSuitabilityRequest,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import type { StationAccess } from '../access/index.ts';
import { type ColdClimateService, coldClimateChannels } from '../cold-climate/index.ts';
import {
  clippedRange,
  highestMeanSpeed,
  isGust,
  isMeanDirection,
  isMeanOf,
  isMeanSpeed,
  isSpeedSd,
  lowestMeanOf,
  nearestVane,
  openTimeSeriesStore,
  primaryShearSpeeds,
  speedCompanions,
  type TChannelRow,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../timeseries/index.ts';
import { SuitabilityRepository } from './suitability.repository.ts';
import { suitabilityResult, type TSuitabilityJob } from './suitability-run.ts';
import { buildSuitabilityWorkbook } from './suitability-workbook.ts';

/**
 * Site suitability (issue 29, WIND-ANALYSIS §14): the IEC 61400-1 class check of a site's data version at
 * hub height. Every check — the version's site the caller may view, the long-term version of the same site,
 * each channel of the version with its element, statistic and interval — runs here before anything is
 * read; the computation runs in a worker thread (compute-tasks.ts).
 */
export class SuitabilityService {
  private readonly store: TTimeSeriesStore;
  private readonly repository: SuitabilityRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    /** Worker threads and the database they read from; without, the event loop. */
    private readonly compute?: TComputeAccess,
    /** The heated sensors of a site (issue 45 §2); without, no cup counts as heated. */
    private readonly coldClimate?: ColdClimateService,
  ) {
    this.store = openTimeSeriesStore(db);
    this.repository = new SuitabilityRepository(db);
  }

  /** The class check of a version the caller may view. */
  async check(
    user: TAuthUser,
    request: TSuitabilityRequest,
    ctx: TReaderContext,
  ): Promise<TSuitabilityResult> {
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    return this.checkVersion(version, request, ctx);
  }

  /**
   * The check of a version whose access the caller decided (the check above, or an analysis report whose
   * request was checked when it was made).
   */
  async checkVersion(
    version: TVersionRow,
    request: TSuitabilityRequest,
    ctx: TReaderContext,
  ): Promise<TSuitabilityResult> {
    const job = await this.resolve(version, request, ctx);
    return runTask(this.compute, { kind: 'suitability', job }, () => suitabilityResult(this.db, job));
  }

  /**
   * The check of a version whose access the caller decided, with the screen's default channels (the
   * analysis report's chapter, the statistics workbook's sheets): the highest of the given speeds (else of
   * the version) at `hubHeight`, its σ (or TI) and gust at its height, the given vane nearest to it, the
   * given shear heights; the site's long-term version as the basis when it has one.
   */
  async checkWithDefaults(
    version: TVersionRow,
    choice: {
      hubHeight: number;
      speedChannelIds?: readonly number[] | undefined;
      directionChannelIds?: readonly number[] | undefined;
      shearChannelIds?: readonly number[] | undefined;
      includeSuspicious: boolean;
      includeFilled?: boolean | undefined;
      startTime?: string | undefined;
      endTime?: string | undefined;
    },
    ctx: TReaderContext,
  ): Promise<TSuitabilityResult> {
    const all = await this.store.listChannels(version.id);
    const speed = highestMeanSpeed(
      all.filter((c) => c.heightM !== null && (choice.speedChannelIds?.includes(c.id) ?? true)),
    );
    if (!speed) throw new AppError('STATISTICS_NO_DATA');
    const { sd, gust } = speedCompanions(all, speed);
    const vane = nearestVane(
      all.filter((c) => choice.directionChannelIds?.includes(c.id) ?? true),
      speed,
    );
    return this.checkVersion(
      version,
      ZSuitabilityRequest.parse({
        versionId: version.id,
        hubHeight: choice.hubHeight,
        speedChannelId: speed.id,
        ...(vane ? { directionChannelId: vane.id } : {}),
        ...(sd ? { sdChannelId: sd.id } : {}),
        ...(gust ? { gustChannelId: gust.id } : {}),
        shearChannelIds: choice.shearChannelIds?.length === 2 ? [...choice.shearChannelIds] : [],
        includeSuspicious: choice.includeSuspicious,
        ...(choice.startTime ? { startTime: choice.startTime } : {}),
        ...(choice.endTime ? { endTime: choice.endTime } : {}),
      }),
      ctx,
    );
  }

  /** The check as an xlsx workbook (class table, verdicts, turbulence, extremes, shear and inflow). */
  async exportWorkbook(
    user: TAuthUser,
    request: TSuitabilityRequest,
    ctx: TReaderContext,
  ): Promise<{ fileName: string; content: Buffer }> {
    const result = await this.check(user, request, ctx);
    const content = await buildSuitabilityWorkbook(result, ctx.language, ctx.utcOffsetMinutes);
    const name = say(ctx.language, 'suitability.file');
    return { fileName: `${name}_${result.versionName}_${result.hubHeight}m.xlsx`, content };
  }

  /** What the screen preselects for a site: its newest long-term version and the measured version. */
  async defaults(user: TAuthUser, stationId: number, language: Language): Promise<TSuitabilityDefaults> {
    await this.access.assertCanView(user, stationId);
    const versions = await this.store.listVersions([stationId]);
    const longTerm = await this.newestLongTerm(stationId, language);
    const original = versions.find((v) => v.kind === 'original');
    const source = longTerm ? versions.find((v) => v.id === longTerm.version.sourceVersionId) : undefined;
    return {
      stationId,
      longTermVersionId: longTerm?.version.id ?? null,
      longTermVersionName: longTerm?.version.name ?? null,
      longTerm: longTerm?.basis ?? null,
      versionId: (source ?? original ?? versions[0])?.id ?? null,
      altitudeM: await this.repository.findStationAltitude(stationId),
    };
  }

  /** The site's newest version written by a long-term correction, with its basis. */
  private async newestLongTerm(
    stationId: number,
    language: Language,
  ): Promise<{ version: TVersionRow; basis: TLongTermBasis } | undefined> {
    const working = (await this.store.listVersions([stationId]))
      .filter((v) => v.kind === 'working')
      .sort((a, b) => b.id - a.id);
    for (const version of working) {
      const detail = await this.store.findVersionDetail(version.id);
      const basis = longTermBasisOf((detail?.lineage ?? []) as TLineageStep[], language);
      if (basis) return { version, basis };
    }
    return undefined;
  }

  /** Every channel checked against the version, the range clipped, the long-term version found. */
  private async resolve(
    version: TVersionRow,
    request: TSuitabilityRequest,
    ctx: TReaderContext,
  ): Promise<TSuitabilityJob> {
    const all = await this.store.listChannels(version.id);
    const byId = new Map(all.map((c) => [c.id, c]));
    const speed = byId.get(request.speedChannelId);
    if (!speed || !isMeanSpeed(speed) || speed.heightM === null || !(speed.heightM > 0)) {
      throw fieldError('speedChannelId', 'suitabilityChannel');
    }
    const sameInterval = (c: TChannelRow) => c.intervalS === speed.intervalS;
    const pick = (field: string, id: number | undefined, fits: (c: TChannelRow) => boolean) => {
      if (id === undefined) return undefined;
      const c = byId.get(id);
      if (!c || !fits(c)) throw fieldError(field, 'suitabilityChannel');
      if (!sameInterval(c)) throw fieldError(field, 'suitabilityInterval');
      return c;
    };
    const lowest = (element: string) => lowestMeanOf(all, element, speed.intervalS);
    const vane = pick('directionChannelId', request.directionChannelId, isMeanDirection);
    const sd = pick('sdChannelId', request.sdChannelId, isSpeedSd);
    const gust = pick('gustChannelId', request.gustChannelId, (c) => isGust(c) && c.heightM !== null);
    const vertical = pick('verticalChannelId', request.verticalChannelId, isMeanOf('wsv'));
    const measured = request.densitySource === 'measured';
    const temperature = measured
      ? (pick('temperatureChannelId', request.temperatureChannelId, isMeanOf('T')) ?? lowest('T'))
      : undefined;
    const pressure = temperature
      ? (pick('pressureChannelId', request.pressureChannelId, isMeanOf('p')) ?? lowest('p'))
      : undefined;
    const humidity = temperature ? lowest('RH') : undefined;
    const ranges = await this.store.channelRanges(version.id);
    const shearSpeeds = this.shearSpeeds(request, all, byId, speed.intervalS, ranges);
    const range = clippedRange(ranges.get(speed.id), speed.intervalS, request);
    if (!range) throw new AppError('STATISTICS_NO_DATA');
    const { fromMs, toMs } = range;
    return {
      language: ctx.language,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      request,
      version: { id: version.id, stationId: version.stationId, name: version.name, kind: version.kind },
      speed,
      vane,
      sd,
      gust,
      vertical,
      shearSpeeds,
      temperature,
      pressure,
      humidity,
      fromMs,
      toMs,
      altitudeM: request.altitudeM ?? (await this.repository.findStationAltitude(version.stationId)),
      longTerm: await this.longTermOf(version.stationId, request, ctx.language),
      coldClimate: await this.coldClimateChannelsOf(version.stationId, all, speed.intervalS),
    };
  }

  /** The channels of the cold-climate section (issue 45 §2) and which of them the register marks heated. */
  private async coldClimateChannelsOf(
    stationId: number,
    all: readonly TChannelRow[],
    intervalS: number,
  ): Promise<TSuitabilityJob['coldClimate']> {
    const channels = coldClimateChannels(all, intervalS);
    if (!channels.some((c) => c.element === 'T')) return null;
    const heatedChannelIds = (await this.coldClimate?.heatedChannelIds(stationId, channels)) ?? [];
    return { channels, heatedChannelIds };
  }

  /** The chosen shear heights, or one primary cup per height of the speed's interval (as the statistics). */
  private shearSpeeds(
    request: TSuitabilityRequest,
    all: readonly TChannelRow[],
    byId: Map<number, TChannelRow>,
    intervalS: number,
    ranges: Awaited<ReturnType<TTimeSeriesStore['channelRanges']>>,
  ): TChannelRow[] {
    if (request.shearChannelIds.length > 0) {
      const fits = (c: TChannelRow | undefined): c is TChannelRow =>
        !!c && isMeanSpeed(c) && c.intervalS === intervalS && c.heightM !== null;
      const chosen = request.shearChannelIds.map((id) => byId.get(id));
      const heights = new Set(chosen.map((c) => c?.heightM));
      if (!chosen.every(fits) || heights.size !== chosen.length) {
        throw fieldError('shearChannelIds', 'shearHeightsRange');
      }
      return chosen.sort((a, b) => a.heightM! - b.heightM!);
    }
    return primaryShearSpeeds(all, intervalS, ranges);
  }

  /** The named long-term version of the same site, the site's newest when none is named, none for null. */
  private async longTermOf(
    stationId: number,
    request: TSuitabilityRequest,
    language: Language,
  ): Promise<TSuitabilityJob['longTerm']> {
    if (request.longTermVersionId === null) return null;
    let found: { version: TVersionRow; basis: TLongTermBasis | null } | undefined;
    if (request.longTermVersionId === undefined) {
      found = await this.newestLongTerm(stationId, language);
      if (!found) return null;
    } else {
      const version = await this.store.findVersion(request.longTermVersionId);
      const detail = version ? await this.store.findVersionDetail(version.id) : undefined;
      const basis = longTermBasisOf((detail?.lineage ?? []) as TLineageStep[], language);
      if (!version || version.stationId !== stationId || !basis) {
        throw fieldError('longTermVersionId', 'notLongTermVersion');
      }
      found = { version, basis };
    }
    const channels = await this.store.listChannels(found.version.id);
    const speed = channels.filter(isMeanSpeed).sort((a, b) => a.position - b.position)[0];
    const range = speed ? (await this.store.channelRanges(found.version.id)).get(speed.id) : undefined;
    if (!speed || !range?.firstTime || !range.lastTime) {
      if (request.longTermVersionId === undefined) return null;
      throw fieldError('longTermVersionId', 'notLongTermVersion');
    }
    return {
      id: found.version.id,
      name: found.version.name,
      speed,
      fromMs: range.firstTime.getTime(),
      toMs: range.lastTime.getTime() + speed.intervalS * 1000,
      basis: found.basis,
    };
  }
}
