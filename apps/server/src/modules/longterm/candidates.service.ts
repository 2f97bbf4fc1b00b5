import {
  AppError,
  type Language,
  MCP_CANDIDATES_MAX,
  type TMcpCandidatesRequest,
  type TMcpCandidatesResult,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { runComputeTask, type TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { StationAccess } from '../access/index.ts';
import { listMesoscaleReferences } from '../energy/index.ts';
import {
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  type TVersionRow,
  toWindElement,
  toWindStatistic,
} from '../timeseries/index.ts';
import { rankCandidates, type TCandidateEntry, type TCandidateJob } from './longterm-candidates.ts';
import { MCP_MIN_PERIODS } from './longterm-run.ts';
import type { TLongTermSource } from './longterm-series.ts';
import { defaultReferenceKeys } from './reference-store.ts';
import { ReferencesRepository } from './references.repository.ts';

const isAvg = (c: TChannelRow) => toWindStatistic(c.statistic) === 'avg';
const isSpeed = (c: TChannelRow) => toWindElement(c.element) === 'ws' && isAvg(c);
const isVane = (c: TChannelRow) => toWindElement(c.element) === 'wd' && isAvg(c);

function fieldError(field: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ field, message: 'v.oneOf' }]);
}

/** A candidate before the sites' channels are looked up (cheap: only the capped ones are). */
type TListed = Omit<TCandidateEntry, 'source' | 'reference' | 'heightM' | 'name'> & {
  name: string;
  heightM: number | null;
  resolve: () => Promise<Pick<TCandidateEntry, 'source' | 'reference' | 'heightM' | 'name'>>;
};

/**
 * The candidate ranking of the long-term workbench (issue 28): for a target site's speed, every reference
 * series the caller may see within the radius of the site (haversine from the site's coordinates), the
 * site's own mesoscale datasets and every other site the caller may see within the radius (its original
 * version's highest mean speed and the vane nearest it), the nearest MCP_CANDIDATES_MAX ranked in a worker
 * thread by concurrent hourly and daily r, concurrent months and CV RMSE (longterm-candidates.ts).
 */
export class CandidateService {
  private readonly store: TTimeSeriesStore;
  private readonly references: ReferencesRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
    this.references = new ReferencesRepository(db);
  }

  async rank(
    user: TAuthUser,
    request: TMcpCandidatesRequest,
    ctx: { language: Language; utcOffsetMinutes: number },
  ): Promise<TMcpCandidatesResult> {
    const { language } = ctx;
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    const target = await this.targetSource(version, request, language);
    const point = await this.references.findStationPoint(version.stationId);
    if (!point) throw new AppError('NOT_FOUND');
    const near = { latitude: point.latitude, longitude: point.longitude, radiusKm: request.radiusKm };
    const listed = [
      ...(await this.listReferences(user, near, language)),
      ...(await this.listMesoscale(version.stationId, language)),
      ...(await this.listSites(user, near, version.stationId, language)),
    ].sort((a, b) => a.distanceKm - b.distanceKm);
    const capped = listed.slice(0, MCP_CANDIDATES_MAX);
    const candidates: TCandidateEntry[] = [];
    for (const { resolve, ...entry } of capped) candidates.push({ ...entry, ...(await resolve()) });
    const job: TCandidateJob = {
      language,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      coverage: request.coverage,
      includeSuspicious: request.includeSuspicious,
      target,
      candidates,
      radiusKm: request.radiusKm,
      found: listed.length,
      isCapped: listed.length > capped.length,
      siteName: point.project_name,
    };
    return this.compute
      ? runComputeTask<TMcpCandidatesResult>(this.compute.pool, {
          kind: 'longterm_candidates',
          databaseUrl: this.compute.databaseUrl,
          job,
        })
      : rankCandidates(this.db, job);
  }

  /** The target's speed channel as a source; MCP_NO_CONCURRENT when it holds no data. */
  private async targetSource(
    version: TVersionRow,
    request: TMcpCandidatesRequest,
    language: Language,
  ): Promise<TLongTermSource> {
    const channels = await this.store.listChannels(version.id);
    const speed = channels.find((c) => c.id === request.speedChannelId);
    if (!speed || !isSpeed(speed)) throw fieldError('speedChannelId');
    if (request.directionChannelId !== undefined) {
      const vane = channels.find((c) => c.id === request.directionChannelId);
      if (!vane || !isVane(vane)) throw fieldError('directionChannelId');
    }
    const range = (await this.store.channelRanges(version.id)).get(speed.id);
    if (!range?.firstTime || !range.lastTime) {
      throw new AppError('MCP_NO_CONCURRENT', {
        period: say(language, 'longterm.period.1H'),
        minimum: MCP_MIN_PERIODS['1H'],
        found: 0,
      });
    }
    return {
      kind: 'site',
      speed,
      direction: undefined,
      fromMs: range.firstTime.getTime(),
      toMs: range.lastTime.getTime() + speed.intervalS * 1000,
    };
  }

  private async listReferences(
    user: TAuthUser,
    near: { latitude: number; longitude: number; radiusKm: number },
    language: Language,
  ): Promise<TListed[]> {
    const rows = await this.references.listNear(user, near);
    return rows.map((row) => {
      const keys = defaultReferenceKeys(row.channels);
      const speed = row.channels.find((c) => c.key === keys.speedKey);
      const entry = {
        kind: 'reference' as const,
        kindName: say(language, 'longterm.candidates.kind.reference'),
        name: `${row.name} · ${speed?.name ?? keys.speedKey}`,
        stationId: Number(row.station_id),
        distanceKm: Math.round(Number(row.distance_km) * 100) / 100,
        heightM: row.height_m,
        reference: {
          kind: 'reference',
          referenceId: Number(row.id),
          speedKey: keys.speedKey,
          ...(keys.directionKey ? { directionKey: keys.directionKey } : {}),
        },
      };
      const source: TLongTermSource = {
        kind: 'reference',
        referenceId: Number(row.id),
        speedKey: keys.speedKey,
        directionKey: undefined,
        intervalMinutes: Number(row.interval_minutes),
      };
      return { ...entry, resolve: async () => ({ ...entry, source }) };
    });
  }

  private async listMesoscale(stationId: number, language: Language): Promise<TListed[]> {
    const datasets = await listMesoscaleReferences(this.db, stationId);
    return datasets.flatMap((dataset) => {
      const keys = defaultReferenceKeys(dataset.channels);
      if (!keys.speedKey) return [];
      const speed = dataset.channels.find((c) => c.key === keys.speedKey)!;
      const entry = {
        kind: 'mesoscale' as const,
        kindName: say(language, 'longterm.candidates.kind.mesoscale'),
        name: `${dataset.name} · ${speed.name}`,
        stationId,
        distanceKm: 0,
        heightM: speed.heightM,
        reference: {
          kind: 'mesoscale',
          datasetId: dataset.id,
          speedKey: keys.speedKey,
          ...(keys.directionKey ? { directionKey: keys.directionKey } : {}),
        },
      };
      const source: TLongTermSource = {
        kind: 'mesoscale',
        datasetId: dataset.id,
        speedKey: keys.speedKey,
        directionKey: undefined,
        intervalMinutes: dataset.intervalMinutes,
      };
      return [{ ...entry, resolve: async () => ({ ...entry, source }) }];
    });
  }

  private async listSites(
    user: TAuthUser,
    near: { latitude: number; longitude: number; radiusKm: number },
    exceptStationId: number,
    language: Language,
  ): Promise<TListed[]> {
    const sites = await this.references.listSitesNear(user, near, exceptStationId);
    return sites.map((site) => {
      const entry = {
        kind: 'site' as const,
        kindName: say(language, 'longterm.candidates.kind.site'),
        name: site.project_name,
        stationId: Number(site.id),
        distanceKm: Math.round(Number(site.distance_km) * 100) / 100,
        heightM: null,
      };
      return { ...entry, resolve: () => this.siteCandidate(Number(site.id), entry.name) };
    });
  }

  /** A neighbouring site's original version: its highest mean speed holding data, and the vane nearest it. */
  private async siteCandidate(
    stationId: number,
    siteName: string,
  ): Promise<Pick<TCandidateEntry, 'source' | 'reference' | 'heightM' | 'name'>> {
    const version = await this.store.findOriginalVersion(stationId);
    const none = { source: undefined, reference: {}, heightM: null, name: siteName };
    if (!version) return none;
    const channels = await this.store.listChannels(version.id);
    const ranges = await this.store.channelRanges(version.id);
    const withData = (c: TChannelRow) => (ranges.get(c.id)?.valueCount ?? 0) > 0;
    const speed = channels
      .filter((c) => isSpeed(c) && withData(c))
      .sort((a, b) => (b.heightM ?? 0) - (a.heightM ?? 0) || a.position - b.position)[0];
    if (!speed) return none;
    const gap = (c: TChannelRow) => Math.abs((c.heightM ?? 0) - (speed.heightM ?? 0));
    const vane = channels
      .filter((c) => isVane(c) && withData(c) && c.intervalS === speed.intervalS)
      .sort((a, b) => gap(a) - gap(b) || a.position - b.position)[0];
    const range = ranges.get(speed.id)!;
    return {
      name: `${siteName} · ${speed.name}`,
      heightM: speed.heightM,
      reference: {
        kind: 'site',
        versionId: version.id,
        speedChannelId: speed.id,
        ...(vane ? { directionChannelId: vane.id } : {}),
      },
      source: {
        kind: 'site',
        speed,
        direction: undefined,
        fromMs: range.firstTime!.getTime(),
        toMs: range.lastTime!.getTime() + speed.intervalS * 1000,
      },
    };
  }
}
