import { AppError, type Language, type TMcpCandidate } from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  isMeanDirection,
  isMeanSpeed,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
} from '../timeseries/index.ts';
import { listMesoscaleReferences } from './mesoscale-reference.ts';
import { defaultReferenceKeys } from './reference-store.ts';
import { ReferencesRepository, type TNear } from './references.repository.ts';
import type { TSeriesSource } from './series-source.ts';

/** One candidate as it crosses to a worker thread: what it is, and where its speed is read from. */
export type TCandidateEntry = Omit<
  TMcpCandidate,
  'concurrentMonths' | 'concurrentHours' | 'rHourly' | 'rDaily' | 'cvRmse' | 'note'
> & { source: TSeriesSource | undefined };

/** A candidate before the sites' channels are looked up (cheap: only the capped ones are). */
export type TListedCandidate = Omit<TCandidateEntry, 'source' | 'reference' | 'heightM' | 'name'> & {
  name: string;
  heightM: number | null;
  resolve: () => Promise<Pick<TCandidateEntry, 'source' | 'reference' | 'heightM' | 'name'>>;
};

/**
 * The candidate references of a site (issue 28): every reference series the caller may see within a
 * radius of the site (haversine from the site's coordinates), the site's own mesoscale datasets and every
 * other site the caller may see within the radius (its original version's highest mean speed and the vane
 * nearest it). The long-term workbench ranks them (longterm/candidates.service.ts).
 */
export class ReferenceCandidates {
  private readonly store: TTimeSeriesStore;
  private readonly references: ReferencesRepository;

  constructor(private readonly db: Database) {
    this.store = openTimeSeriesStore(db);
    this.references = new ReferencesRepository(db);
  }

  /** The candidates of a site, nearest first, and the site's name; NOT_FOUND without the site. */
  async listNear(
    user: TAuthUser,
    stationId: number,
    radiusKm: number,
    language: Language,
  ): Promise<{ siteName: string; listed: TListedCandidate[] }> {
    const point = await this.references.findStationPoint(stationId);
    if (!point) throw new AppError('NOT_FOUND');
    const near = { latitude: point.latitude, longitude: point.longitude, radiusKm };
    const listed = [
      ...(await this.listReferences(user, near, language)),
      ...(await this.listMesoscale(stationId, language)),
      ...(await this.listSites(user, near, stationId, language)),
    ].sort((a, b) => a.distanceKm - b.distanceKm);
    return { siteName: point.project_name, listed };
  }

  private async listReferences(
    user: TAuthUser,
    near: TNear,
    language: Language,
  ): Promise<TListedCandidate[]> {
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
      const source: TSeriesSource = {
        kind: 'reference',
        referenceId: Number(row.id),
        speedKey: keys.speedKey,
        directionKey: undefined,
        intervalMinutes: Number(row.interval_minutes),
      };
      return { ...entry, resolve: async () => ({ ...entry, source }) };
    });
  }

  private async listMesoscale(stationId: number, language: Language): Promise<TListedCandidate[]> {
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
      const source: TSeriesSource = {
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
    near: TNear,
    exceptStationId: number,
    language: Language,
  ): Promise<TListedCandidate[]> {
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
      .filter((c) => isMeanSpeed(c) && withData(c))
      .sort((a, b) => (b.heightM ?? 0) - (a.heightM ?? 0) || a.position - b.position)[0];
    if (!speed) return none;
    const gap = (c: TChannelRow) => Math.abs((c.heightM ?? 0) - (speed.heightM ?? 0));
    const vane = channels
      .filter((c) => isMeanDirection(c) && withData(c) && c.intervalS === speed.intervalS)
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
