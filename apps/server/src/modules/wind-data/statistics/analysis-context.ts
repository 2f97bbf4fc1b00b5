import type { Language, TStatisticsChannel } from '@masthub/shared';
import {
  type CalendarSums,
  type Channel,
  type ChannelStatistics,
  directionSectorIndices,
  type Station,
  type StationStatistics,
  sectorLabels,
  type UsableSeries,
  usableSeries,
} from '@masthub/wind';
import { compassPointName } from '../../../i18n/compass.ts';
import type { TLoadedSeries } from '../../timeseries/index.ts';
import type { TAnalysisOptions } from './build-analysis.ts';
import { elementName, heightTagOf } from './statistics-labels.ts';

export const CALM_THRESHOLD_MPS = 0.5;
export const STANDARD_AIR_DENSITY = 1.225;
export const SHEAR_MIN_COUNT = 30;
/** The MOMM's monthly coverage threshold when the caller gives none (WIND-ANALYSIS §8.6). */
export const MOMM_MIN_COVERAGE = 0.8;
export const GUMBEL_RETURN_PERIOD = 50;
/** Years of annual maxima before the Gumbel value replaces 5 × V̄ in the extreme rows (§8.9). */
export const GUMBEL_MIN_YEARS_FOR_V50 = 10;
/** Coverage of a calendar year before its maximum counts as an annual maximum (as §8.6 months). */
export const ANNUAL_MAXIMUM_MIN_COVERAGE = 0.8;

/** A finite number, or null (JSON has no NaN). */
export function num(value: number | undefined | null): number | null {
  return value === undefined || value === null || !Number.isFinite(value) ? null : value;
}

export function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

export function pad2(n: number): string {
  return String(n).padStart(2, '0');
}

/** Lookups shared by the sections of one analysis. */
export class AnalysisContext {
  readonly channelInfos: TStatisticsChannel[];
  readonly byId = new Map<
    string,
    { channel: Channel; statistics: ChannelStatistics; info: TStatisticsChannel }
  >();
  readonly speeds: Channel[];
  readonly vanes: Channel[];

  constructor(
    readonly station: Station,
    readonly stats: StationStatistics,
    loaded: TLoadedSeries,
    readonly language: Language,
    readonly options: TAnalysisOptions,
    /** Flag-masked series by channel id, shared with computeStationStatistics. */
    readonly masks: Map<string, UsableSeries>,
    /** The channels' one-sweep calendar sums (all but the vanes), from computeStationStatistics. */
    readonly sums: Map<string, CalendarSums>,
    /** The vanes' sector per record at the analysis's sector count, from computeStationStatistics. */
    private readonly sectorIndices: Map<string, Int16Array>,
  ) {
    const rows = new Map(loaded.channels.map((c) => [String(c.row.id), c.row]));
    this.channelInfos = station.channels.map((c, k) => {
      const row = rows.get(c.id)!;
      const info: TStatisticsChannel = {
        channelId: row.id,
        name: row.name,
        element: c.element,
        elementName: elementName(c.element, c.statistic, language),
        heightM: row.heightM,
        heightTag: heightTagOf(row.heightM),
        statistic: c.statistic,
        unit: row.unit,
      };
      this.byId.set(c.id, { channel: c, statistics: stats.channels[k]!, info });
      return info;
    });
    const averages = (element: Channel['element']) =>
      station.channels
        .filter((c) => c.element === element && c.statistic === 'avg')
        .sort((a, b) => a.heightM - b.heightM);
    this.speeds = averages('ws');
    this.vanes = averages('wd');
  }

  info(id: string): TStatisticsChannel {
    return this.byId.get(id)!.info;
  }

  statisticsOf(id: string): ChannelStatistics {
    return this.byId.get(id)!.statistics;
  }

  /** A vane's direction sector per record at the analysis's sector count, worked out once (−1 = none). */
  sectorIndexOf(vane: Channel): Int16Array {
    let indices = this.sectorIndices.get(vane.id);
    if (!indices) {
      indices = directionSectorIndices(this.mask(vane), this.options.sectors);
      this.sectorIndices.set(vane.id, indices);
    }
    return indices;
  }

  mask(channel: Channel): UsableSeries {
    let m = this.masks.get(channel.id);
    if (!m) {
      m = usableSeries(channel.values, channel.flags, { includeSuspicious: this.options.includeSuspicious });
      this.masks.set(channel.id, m);
    }
    return m;
  }

  /** The vane nearest in height (the lower one on a tie), as packages/wind pairs them. */
  nearestVane(heightM: number): Channel | undefined {
    return this.vanes.reduce<Channel | undefined>(
      (best, v) => (!best || Math.abs(v.heightM - heightM) < Math.abs(best.heightM - heightM) ? v : best),
      undefined,
    );
  }

  sibling(c: Channel, statistic: Channel['statistic']): Channel | undefined {
    return this.station.channels.find(
      (o) => o.element === c.element && o.statistic === statistic && o.heightM === c.heightM,
    );
  }

  sectorNames(): string[] {
    const sectors = this.options.sectors;
    if (16 % sectors === 0)
      return sectorLabels(sectors, 'compass').map((code) => compassPointName(this.language, code));
    return sectorLabels(sectors, 'centre').map((label) => `${label}°`);
  }

  monthLabels(): string[] {
    return this.stats.calendar.months.map((m) => `${m.year}-${pad2(m.month)}`);
  }

  referenceSpeed(): Channel | undefined {
    const chosen = this.options.correlationReferenceId;
    if (chosen !== undefined) {
      const c = this.speeds.find((s) => s.id === String(chosen));
      if (c) return c;
    }
    return this.speeds[this.speeds.length - 1];
  }
}
