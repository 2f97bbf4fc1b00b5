import {
  AppError,
  type Language,
  localDateRange,
  type THomeRose,
  type THomeRoseQuery,
  type TStatisticsRequest,
  type TStatisticsResult,
  type TSuitabilityResult,
} from '@masthub/shared';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import { runTask } from '../../../platform/compute/run-task.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { TReaderContext } from '../../../platform/http/route.ts';
import type { StationAccess } from '../../access/index.ts';
import type { SuitabilityService } from '../../suitability/index.ts';
import {
  ColumnCache,
  highestMeanSpeed,
  isMeanSpeed,
  loadForAnalysis,
  nearestVane,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
} from '../../timeseries/index.ts';
import type { VersionService } from '../versions.service.ts';
import { analysisJson, statisticsFieldError as fieldError, type TAnalysisJob } from './analysis-run.ts';
import { buildStatisticsWorkbook } from './build-workbook.ts';
import { ComputedAnalysis } from './computed-analysis.ts';
import { buildHomeRose, emptyHomeRose } from './home-rose.ts';
import { ResultCache } from './result-cache.ts';
import { EXPORT_FILE_NAME } from './statistics-labels.ts';

/**
 * Results kept per API process, and for how long: a five-year, all-channel result is ≈ 3 MB of JSON
 * plus its envelope bytes per language (≈ 9 MB).
 */
const CACHE_ENTRIES = 512;
const CACHE_MAX_AGE_MS = 30 * 60_000;
/**
 * Characters of answer JSON kept: ≈ 21 five-year M5 answers (3 MB each) or ≈ 330 of a month (0.2 MB),
 * without a count limit turning the small ones away. An entry holds up to three times its JSON (the
 * string and the envelope bytes in each language), so ≈ 200 MB at most.
 */
const CACHE_MAX_CHARS = 64 * 1024 * 1024;

/** The interval held by the most channels (the shorter one on a tie). */
function mostCommonInterval(channels: readonly TChannelRow[]): number | undefined {
  const counts = new Map<number, number>();
  for (const c of channels) counts.set(c.intervalS, (counts.get(c.intervalS) ?? 0) + 1);
  let best: number | undefined;
  for (const [interval, n] of counts) {
    const bestCount = best === undefined ? -1 : counts.get(best)!;
    if (n > bestCount || (n === bestCount && interval < best!)) best = interval;
  }
  return best;
}

const TWELVE_MONTHS = 12;

/** The correlation tab's averaging and method: the statistics call's defaults when a caller omits them. */
type TCorrelationChoice =
  | 'correlationPeriod'
  | 'correlationCoverage'
  | 'correlationMethod'
  | 'mommMinCoverage'
  | 'jointTableBins';

/** An analysis request as the service runs it: any sector count, optional multi-year periods. */
export type TAnalysisRun = Omit<TStatisticsRequest, 'sectors' | TCorrelationChoice> &
  Partial<Pick<TStatisticsRequest, TCorrelationChoice>> & {
    sectors: number;
    averagePeriods?: readonly { startYear: number; endYear: number }[] | undefined;
  };

/**
 * Statistics analysis of a data version (StasticAnalysis, issue 7): resolves channels and range, checks
 * station access through the version, loads the series onto one grid and hands them to packages/wind.
 */
export class StatisticsService {
  private readonly store: TTimeSeriesStore;

  /** Results by version, data revision and request (see ResultCache). */
  private readonly cache = new ResultCache<ComputedAnalysis>(CACHE_ENTRIES, CACHE_MAX_AGE_MS, Date.now, {
    of: (analysis) => analysis.json.length,
    max: CACHE_MAX_CHARS,
  });

  constructor(
    private readonly db: Database,
    private readonly versions: VersionService,
    private readonly stationAccess: StationAccess,
    /**
     * Worker threads for the computation and the database they read from (the threads open their own
     * connections); without them it all runs on the event loop (tools, benches).
     */
    private readonly compute?: TComputeAccess,
    /** The site suitability, for the export's suitability sheets (issue 29). */
    private readonly suitability?: Pick<SuitabilityService, 'checkWithDefaults'>,
    /** Decoded columns kept between analyses of the same data (issue 33); none: every analysis reads. */
    private readonly columns?: ColumnCache,
  ) {
    this.store = openTimeSeriesStore(db);
  }

  async analyse(
    user: TAuthUser,
    request: TStatisticsRequest,
    ctx: TReaderContext,
    signal?: AbortSignal,
  ): Promise<TStatisticsResult> {
    return (await this.analyseCached(user, request, ctx, signal)).value.value;
  }

  /** The analysis (as its JSON, the object on demand) and whether it came from the cache. */
  async analyseCached(
    user: TAuthUser,
    request: TStatisticsRequest,
    ctx: TReaderContext,
    signal?: AbortSignal,
  ): Promise<{ value: ComputedAnalysis; cached: boolean }> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    return this.analyseVersionCached(version, request, ctx, signal);
  }

  /**
   * The analysis of a version whose access was checked by the caller (the statistics call, or an
   * analysis report whose request was checked when it was made): any sector count that divides 360,
   * and the multi-year periods of the period comparison when the caller chose them.
   */
  async analyseVersion(
    version: { id: number; stationId: number; name: string; kind: string },
    request: TAnalysisRun,
    ctx: TReaderContext,
    signal?: AbortSignal,
  ): Promise<TStatisticsResult> {
    return (await this.analyseVersionCached(version, request, ctx, signal)).value.value;
  }

  private async analyseVersionCached(
    version: { id: number; stationId: number; name: string; kind: string },
    request: TAnalysisRun,
    ctx: TReaderContext,
    signal?: AbortSignal,
  ): Promise<{ value: ComputedAnalysis; cached: boolean }> {
    // The data revision is read first: data changing while this computes gets a new key.
    const revision = await this.store.dataRevision(version.id);
    const key = JSON.stringify([version.id, revision, version.name, version.kind, request, ctx]);
    return this.cache.getOrCompute(key, () => this.computeAnalysis(version, request, ctx, signal, revision));
  }

  private async computeAnalysis(
    version: { id: number; stationId: number; name: string; kind: string },
    request: TAnalysisRun,
    ctx: TReaderContext,
    signal: AbortSignal | undefined,
    revision: number | string,
  ): Promise<ComputedAnalysis> {
    const all = await this.store.listChannels(version.id);
    const channels = this.chooseChannels(all, request, ctx.language);
    const range = await this.rangeOf(version.id, channels, request);
    if (!range) throw new AppError('STATISTICS_NO_DATA');
    const job: TAnalysisJob = {
      version: { id: version.id, stationId: version.stationId, name: version.name, kind: version.kind },
      channels,
      fromMs: range.fromMs,
      toMs: range.toMs,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      language: ctx.language,
      options: {
        sectors: request.sectors,
        includeSuspicious: request.includeSuspicious,
        includeFilled: request.includeFilled,
        weibullMethod: request.weibullMethod,
        jointTableBins: request.jointTableBins,
        correlationReferenceId: request.correlationReferenceId,
        correlationPeriod: request.correlationPeriod,
        correlationCoverage: request.correlationCoverage,
        correlationMethod: request.correlationMethod,
        shearChannelIds: request.shearChannelIds,
        mommMinCoverage: request.mommMinCoverage,
        averagePeriods: request.averagePeriods,
      },
    };
    const keyOf = (channel: { id: number; intervalS: number }) =>
      ColumnCache.key(version.id, revision, channel.id, { ...range, intervalS: channel.intervalS });
    if (this.columns) {
      const known = channels.flatMap((c) => {
        const column = this.columns!.get(keyOf(c));
        return column ? [{ id: c.id, ...column }] : [];
      });
      job.known = known;
      job.shareColumns = true;
    }
    const text = await runTask(
      this.compute,
      { kind: 'analysis', job },
      () => analysisJson(this.db, job),
      signal ? { signal } : {},
    );
    if (this.columns) {
      for (const column of text.read ?? []) {
        const channel = channels.find((c) => c.id === column.id);
        if (channel) this.columns.set(keyOf(channel), { values: column.values, flags: column.flags });
      }
    }
    return new ComputedAnalysis(text);
  }

  /** The analysis as an xlsx workbook, one sheet per tab. */
  async exportWorkbook(
    user: TAuthUser,
    request: TStatisticsRequest,
    ctx: TReaderContext,
    signal?: AbortSignal,
  ): Promise<{ fileName: string; content: Buffer }> {
    const computed = (await this.analyseCached(user, request, ctx, signal)).value;
    const suitability = await this.suitabilityOf(request, ctx);
    // A thread's bytes arrive as a Uint8Array: wrapped, not copied (the buffer is this call's alone).
    const bytes: Uint8Array = await runTask(
      this.compute,
      { kind: 'workbook', json: computed.json, language: ctx.language, suitability },
      () => buildStatisticsWorkbook(computed.value, ctx.language, suitability),
      signal ? { signal } : {},
    );
    const content = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    // The range and name come with the JSON: the whole answer is not parsed here for them.
    const { startTime, endTime, versionName } = computed.head;
    // The analysed days of the reader's zone, its end exclusive (as the screen's header).
    const days = localDateRange(Date.parse(startTime), Date.parse(endTime), ctx.utcOffsetMinutes);
    const stamp = days.start.replaceAll('-', '');
    const end = days.end.replaceAll('-', '');
    return {
      fileName: `${EXPORT_FILE_NAME[ctx.language]}_${versionName}_${stamp}-${end}.xlsx`,
      content,
    };
  }

  /**
   * The site suitability the export asked for (`suitabilityHubHeight`): the version's access was checked
   * by the analysis; the chosen speeds and vanes (or all of them), the shear pair, the same range.
   */
  private async suitabilityOf(
    request: TStatisticsRequest,
    ctx: TReaderContext,
  ): Promise<TSuitabilityResult | undefined> {
    if (request.suitabilityHubHeight === undefined || !this.suitability) return undefined;
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    return this.suitability.checkWithDefaults(
      version,
      {
        hubHeight: request.suitabilityHubHeight,
        speedChannelIds: request.channelIds,
        directionChannelIds: request.channelIds,
        shearChannelIds: request.shearChannelIds,
        includeSuspicious: request.includeSuspicious,
        startTime: request.startTime,
        endTime: request.endTime,
      },
      ctx,
    );
  }

  /**
   * A home-map chart of a site (SPEC §2 home rose charts) from its original version over the last 12
   * months of data: the highest speed average and the vane nearest to it.
   */
  async homeRose(user: TAuthUser, query: THomeRoseQuery, ctx: TReaderContext): Promise<THomeRose> {
    await this.stationAccess.assertCanView(user, query.stationId);
    const empty = emptyHomeRose(query);
    const version = await this.store.findOriginalVersion(query.stationId);
    if (!version) return empty;
    const all = await this.store.listChannels(version.id);
    const speed = highestMeanSpeed(all);
    if (!speed) return empty;
    const vane = nearestVane(all, speed);
    const ranges = await this.store.channelRanges(version.id);
    const r = ranges.get(speed.id);
    if (!r?.firstTime || !r.lastTime) return empty;
    const toMs = r.lastTime.getTime() + speed.intervalS * 1000;
    // The 12 local calendar months ending with the month of the last record (the charts' months).
    const offsetMs = ctx.utcOffsetMinutes * 60_000;
    const lastLocal = new Date(r.lastTime.getTime() + offsetMs);
    const twelveMonthsBefore =
      Date.UTC(lastLocal.getUTCFullYear(), lastLocal.getUTCMonth() - (TWELVE_MONTHS - 1), 1) - offsetMs;
    const fromMs = Math.max(r.firstTime.getTime(), twelveMonthsBefore);
    const needsVane = query.type === 'direction' || query.type === 'energy';
    // The shared analysis read: the physical limits and the flag policy, as every analysis (issue 41 §1).
    const loaded = await loadForAnalysis(
      this.store,
      version.id,
      needsVane && vane ? [speed, vane] : [speed],
      fromMs,
      toMs,
    );
    return buildHomeRose(query, loaded, {
      speed,
      vane: needsVane ? vane : undefined,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      language: ctx.language,
    });
  }

  /**
   * The requested channels (the shear and correlation choices added), or every channel of the most
   * common interval; refuses unknown channels and mixed intervals.
   */
  private chooseChannels(
    all: readonly TChannelRow[],
    request: TAnalysisRun,
    language: Language,
  ): TChannelRow[] {
    const byId = new Map(all.map((c) => [c.id, c]));
    const extra = [
      ...(request.shearChannelIds ?? []),
      ...(request.correlationReferenceId ? [request.correlationReferenceId] : []),
    ];
    for (const id of extra) {
      const c = byId.get(id);
      if (!c)
        throw fieldError(
          request.shearChannelIds?.includes(id) ? 'shearChannelIds' : 'correlationReferenceId',
          'unknownChannel',
          language,
        );
      if (!isMeanSpeed(c)) {
        throw fieldError(
          request.shearChannelIds?.includes(id) ? 'shearChannelIds' : 'correlationReferenceId',
          'notSpeedChannel',
          language,
        );
      }
    }
    if (request.shearChannelIds) {
      // Any set of heights, one speed average each (fitted together, WIND-ANALYSIS §6).
      const heights = request.shearChannelIds.map((id) => byId.get(id)!.heightM);
      if (heights.some((h) => h === null) || new Set(heights).size !== heights.length) {
        throw fieldError('shearChannelIds', 'sameHeight', language);
      }
    }
    let chosen: TChannelRow[];
    if (request.channelIds) {
      chosen = [];
      for (const id of new Set([...request.channelIds, ...extra])) {
        const c = byId.get(id);
        if (!c) throw fieldError('channelIds', 'unknownChannel', language);
        chosen.push(c);
      }
      if (new Set(chosen.map((c) => c.intervalS)).size > 1)
        throw fieldError('channelIds', 'intervalMismatch', language);
    } else {
      const interval = mostCommonInterval(all);
      chosen = all.filter((c) => c.intervalS === interval);
      for (const id of extra) {
        if (byId.get(id)!.intervalS !== interval)
          throw fieldError('channelIds', 'intervalMismatch', language);
      }
    }
    if (chosen.length === 0) throw new AppError('STATISTICS_NO_DATA');
    // Keep the version's column order.
    return chosen.sort((a, b) => a.position - b.position || a.id - b.id);
  }

  /** The requested range clipped to the channels' data range (their active period), or undefined. */
  private async rangeOf(
    versionId: number,
    channels: readonly TChannelRow[],
    request: TAnalysisRun,
  ): Promise<{ fromMs: number; toMs: number } | undefined> {
    const ranges = await this.store.channelRanges(versionId);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const c of channels) {
      const r = ranges.get(c.id);
      if (!r?.firstTime || !r.lastTime) continue;
      first = Math.min(first, r.firstTime.getTime());
      last = Math.max(last, r.lastTime.getTime() + c.intervalS * 1000);
    }
    if (!(first < last)) return undefined;
    const fromMs = Math.max(first, request.startTime ? Date.parse(request.startTime) : first);
    const toMs = Math.min(last, request.endTime ? Date.parse(request.endTime) : last);
    return fromMs < toMs ? { fromMs, toMs } : undefined;
  }
}
