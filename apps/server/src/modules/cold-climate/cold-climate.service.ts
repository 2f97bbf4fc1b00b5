import type { TColdClimate, TSiteIceClass } from '@masthub/shared';
import { coldClimate, coldClimateInputOf, type IcingPeriod, IEA_ICE_CLASSES } from '@masthub/wind';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import {
  IntervalMismatchError,
  loadSeries,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  toWindStation,
} from '../timeseries/index.ts';
import { ColdClimateRepository } from './cold-climate.repository.ts';
import { coldClimateChannels, coldClimateOfSeries } from './cold-climate-run.ts';

/** Nightly, after the hub's roll (02:30 UTC): the fleet map's ice classes follow the data that arrived. */
export const ICE_CLASS_REFRESH_CRON = '30 2 * * *';

/** The years a refresh reads back from a site's last record (the map shows the latest; three give context). */
const REFRESH_YEARS = 3;

/** Instrumental icing found in a stretch of a site's data: the periods and the channels by name. */
export interface TIcingFound {
  periods: (Pick<IcingPeriod, 'startMs' | 'endMs'> & { channels: string[] })[];
  /** End of the last record read (ms), to tell "icing still on at the end" from "icing over". */
  endMs: number;
}

/**
 * The cold-climate figures kept apart from the analyses that show them (issue 45 §2): the heated sensors
 * of a site (from the sensor register), the stored IEA ice class of each site-year (the home map's layer,
 * refreshed when the site suitability is computed) and the instrumental icing of newly arrived data (the
 * icing alarms).
 */
export class ColdClimateService {
  private readonly repository: ColdClimateRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    db: Database,
    private readonly log?: Logger,
  ) {
    this.repository = new ColdClimateRepository(db);
    this.store = openTimeSeriesStore(db);
  }

  /** The channel ids of a version whose sensors the register marks heated. */
  async heatedChannelIds(stationId: number, channels: readonly TChannelRow[]): Promise<number[]> {
    const keys = new Set(await this.repository.heatedDataKeys(stationId));
    return channels.filter((c) => keys.has(c.dataKey)).map((c) => c.id);
  }

  /**
   * Computes a site's cold-climate figures over the last {@link REFRESH_YEARS} calendar years of its original
   * version and stores the ice class of each classed year; false when the site has nothing to judge.
   */
  async refreshStation(stationId: number): Promise<boolean> {
    const version = await this.store.findOriginalVersion(stationId);
    if (!version) return false;
    const all = await this.store.listChannels(version.id);
    const temperature = all.find((c) => c.element === 'T');
    if (!temperature) return false;
    const channels = coldClimateChannels(all, temperature.intervalS);
    const ranges = await this.store.channelRanges(version.id);
    const last = Math.max(...channels.map((c) => ranges.get(c.id)?.lastTime?.getTime() ?? Number.NaN));
    const first = Math.min(...channels.map((c) => ranges.get(c.id)?.firstTime?.getTime() ?? Number.NaN));
    if (!Number.isFinite(last) || !Number.isFinite(first)) return false;
    const fromMs = Math.max(first, Date.UTC(new Date(last).getUTCFullYear() - REFRESH_YEARS + 1, 0, 1));
    const loaded = await loadSeries(this.store, channels, fromMs, last + temperature.intervalS * 1000);
    const offset = (await this.repository.findUtcOffsetMinutes(stationId)) ?? 0;
    const heated = await this.heatedChannelIds(stationId, channels);
    const section = coldClimateOfSeries(loaded, offset, heated, 'en');
    await this.refresh(stationId, version.id, section);
    return section !== null;
  }

  /** Every site with a temperature channel, refreshed one after another (the nightly job). */
  async refreshAll(): Promise<number> {
    let refreshed = 0;
    for (const stationId of await this.repository.listStationsWithTemperature()) {
      try {
        if (await this.refreshStation(stationId)) refreshed++;
      } catch (error) {
        this.log?.warn({ err: error, stationId }, 'ice class refresh failed');
      }
    }
    return refreshed;
  }

  /** The nightly refresh of the stored ice classes. */
  async registerJobs(jobs: TJobs, cron: string = ICE_CLASS_REFRESH_CRON): Promise<void> {
    await jobs.work('cold-climate.refresh', async () => {
      const sites = await this.refreshAll();
      this.log?.info({ sites }, 'ice classes refreshed');
    });
    await jobs.schedule('cold-climate.refresh', cron, {});
  }

  /** Stores the ice class of each classed year of a computed cold-climate section. */
  async refresh(stationId: number, versionId: number, section: TColdClimate | null): Promise<void> {
    if (!section) return;
    for (const y of section.years) {
      if (y.iceClass === null || y.meteorologicalIcingPct === null) continue;
      await this.repository.upsert({
        stationId,
        versionId,
        year: y.year,
        iceClass: y.iceClass,
        meteorologicalIcingPct: y.meteorologicalIcingPct,
        instrumentalIcingPct: y.instrumentalIcingPct,
        minTemperatureC: y.minTemperatureC,
        hoursBelowMinus20C: y.hoursBelowMinus20C,
        hoursBelowMinus30C: y.hoursBelowMinus30C,
        humidityHours: y.humidityHours,
      });
    }
  }

  /** The latest stored ice class of a site with the loss range of its class (the EYA DEF's icing comments). */
  async latestIceClass(stationId: number) {
    const row = (await this.repository.listLatest([stationId]))[0];
    if (!row) return null;
    const entry = IEA_ICE_CLASSES.find((c) => c.iceClass === row.ice_class);
    return {
      iceClass: row.ice_class,
      year: row.year,
      meteorologicalIcingPct: row.meteorological_icing_pct,
      productionLossPct: entry ? entry.productionLossPct : ([0, null] as const),
    };
  }

  /** The home map's ice-class layer: the latest stored year of every site the user may see. */
  async layer(user: TAuthUser): Promise<TSiteIceClass[]> {
    const rows = await this.repository.listLatestVisible(user);
    return rows.map((r) => ({
      stationId: Number(r.station_id),
      year: r.year,
      iceClass: r.ice_class,
      meteorologicalIcingPct: r.meteorological_icing_pct,
      instrumentalIcingPct: r.instrumental_icing_pct,
      minTemperatureC: r.min_temperature_c,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /**
   * Instrumental icing in a site's original version over [fromMs, toMs] (an hour before is read too, so a
   * symptom that began in the previous file persists into this one); undefined when nothing can be judged
   * (no version, no temperature channel).
   */
  async instrumentalIcing(
    stationId: number,
    fromMs: number,
    toMs: number,
    utcOffsetMinutes: number,
  ): Promise<TIcingFound | undefined> {
    const version = await this.store.findOriginalVersion(stationId);
    if (!version) return undefined;
    const all = await this.store.listChannels(version.id);
    const temperature = all.find((c) => c.element === 'T');
    if (!temperature) return undefined;
    const channels = coldClimateChannels(all, temperature.intervalS);
    let loaded: Awaited<ReturnType<typeof loadSeries>>;
    try {
      loaded = await loadSeries(
        this.store,
        channels,
        fromMs - 3_600_000,
        toMs + temperature.intervalS * 1000,
      );
    } catch (error) {
      if (error instanceof IntervalMismatchError) return undefined;
      throw error;
    }
    if (loaded.grid.length === 0) return undefined;
    const heated = await this.heatedChannelIds(stationId, channels);
    const input = coldClimateInputOf(toWindStation(loaded, utcOffsetMinutes), {
      heatedChannelIds: heated.map(String),
    });
    if (!input) return undefined;
    const names = new Map(channels.map((c) => [String(c.id), c.name]));
    const sensorIds = new Set(input.sensors.map((s) => s.speed.id));
    const periods = coldClimate(input)
      .periods.filter((p) => p.kind === 'instrumental' && p.endMs > fromMs)
      .map((p) => ({
        startMs: p.startMs,
        endMs: p.endMs,
        channels: p.evidence.channels.filter((c) => sensorIds.has(c)).map((c) => names.get(c) ?? c),
      }));
    const { grid } = loaded;
    return { periods, endMs: grid.startMs + grid.length * grid.intervalMinutes * 60_000 };
  }
}
