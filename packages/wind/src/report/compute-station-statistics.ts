import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import { vectorMeanDirection } from '../direction/vector-mean-direction.ts';
import { describeSeries, type SeriesDescription } from '../math/describe-series.ts';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import type { CalendarIndex, Channel, Station } from '../model/types.ts';
import { type UsableSeries, usableSeries } from '../model/usable-series.ts';
import type { DataRecovery } from '../recovery/data-recovery.ts';
import type { TimeContinuity } from '../recovery/time-continuity-gaps.ts';
import { primarySpeedChannels } from '../shear/primary-speed-channels.ts';
import { type WindShear, windShear } from '../shear/wind-shear.ts';
import { airDensitySeries } from '../statistics/air-density-series.ts';
import type { CalendarSums } from '../statistics/calendar-sums.ts';
import { type ChannelSweep, sweepChannel } from '../statistics/channel-sweep.ts';
import type { SectorCorrelation } from '../statistics/correlate-by-sector.ts';
import { type DiurnalVariation, diurnalVariation } from '../statistics/diurnal-variation.ts';
import type { ExtremeWind } from '../statistics/extreme-wind.ts';
import type { WeibullMethod } from '../statistics/fit-weibull.ts';
import { type MonthlyVariation, monthlyVariation } from '../statistics/monthly-variation.ts';
import type { SpeedFrequency } from '../statistics/speed-frequency.ts';
import { SpeedScratch } from '../statistics/speed-sweep.ts';
import type { SpeedSummary } from '../statistics/summarize-speed.ts';
import type { TurbulenceIntensityTable } from '../statistics/turbulence-intensity-by-speed.ts';
import { periodMeanDensity, type WindRose } from '../statistics/wind-rose.ts';
import { speedStatistics } from './speed-statistics.ts';

/** Options of {@link computeStationStatistics}. */
export interface StationStatisticsOptions {
  /** Use suspicious (flag 2) values (default true, DESIGN §3). */
  readonly includeSuspicious?: boolean;
  /** Sectors of roses, correlations and shear by sector (default 16, GB reports). */
  readonly sectors?: number;
  readonly calmThresholdMps?: number;
  readonly weibullMethod?: WeibullMethod;
  /** Minimum records per shear cell (default 30). */
  readonly shearMinCount?: number;
  /** Minimum monthly coverage for the pooled monthly means (default 0). */
  readonly monthlyMinCoverage?: number;
  /** Constant air density when the station has no T and p channels (default 1.225). */
  readonly airDensityKgM3?: number;
  /**
   * The channels' usable series by channel id (`usableSeries`: values with unusable flags as NaN, the
   * stored values themselves when nothing is excluded — read them, never write): given, it is filled
   * here and reused, so a caller that needs them again (the server's analysis) masks once. Its entries
   * must have been masked with the same `includeSuspicious`.
   */
  readonly masks?: Map<string, UsableSeries>;
  /**
   * The channels' one-sweep `calendarSums` by channel id (every channel but the vanes): given, it is
   * filled here, so a caller can shape more tables from them (yearly averages) without another pass.
   */
  readonly sums?: Map<string, CalendarSums>;
  /**
   * The vanes' direction sector per record at `sectors` by channel id (−1 = none): given, it is filled
   * here and reused, so a caller shaping more tables by sector does not work them out again.
   */
  readonly sectorIndices?: Map<string, Int16Array>;
  /** Gaps listed per channel in `continuity`, longest first (default 50; counts cover every gap). */
  readonly longestGaps?: number;
}

/** All statistics of one channel (the ones that apply to its element). */
export interface ChannelStatistics {
  readonly channelId: string;
  readonly description: SeriesDescription | undefined;
  readonly recovery: DataRecovery;
  /** Breaks in the usable values' time continuity (`timeContinuityGaps` with `longestGaps`). */
  readonly continuity: TimeContinuity;
  readonly monthly: MonthlyVariation | undefined;
  readonly diurnal: DiurnalVariation | undefined;
  /** Wind speed averages only. */
  readonly speed?: {
    readonly summary: SpeedSummary | undefined;
    readonly frequency: SpeedFrequency | undefined;
    readonly turbulence: TurbulenceIntensityTable | undefined;
    readonly rose: WindRose | undefined;
    readonly extreme: ExtremeWind | undefined;
    /** Against the reference (highest) speed channel, by the reference's direction sector. */
    readonly correlation: SectorCorrelation | undefined;
  };
  /** Wind direction averages only: vector mean direction. */
  readonly meanDirectionDeg?: number | undefined;
}

/** Result of {@link computeStationStatistics}: the 11 statistics of WIND-ANALYSIS §8 for every channel. */
export interface StationStatistics {
  readonly calendar: CalendarIndex;
  readonly channels: readonly ChannelStatistics[];
  /** Air density series statistics when T and p are measured. */
  readonly airDensity: SeriesDescription | undefined;
  /** Shear over one primary cup per height ({@link primarySpeedChannels}). */
  readonly shear: WindShear | undefined;
  /** Ids of the speed averages the shear was fitted on, ascending height (empty below two heights). */
  readonly shearChannelIds: readonly string[];
  /** Id of the reference speed channel used for correlations (highest). */
  readonly referenceSpeedChannelId: string | undefined;
}

/**
 * Runs the 11 statistics of WIND-ANALYSIS §8 on every channel of a station: summary, data recovery,
 * speed frequency + Weibull, turbulence intensity, air density, monthly (yearly) variation, diurnal
 * variation, wind and energy rose, speed correlation by sector, extreme wind and wind shear.
 *
 * Pairing rules: a speed average pairs with the sd and max channels of the same height and boom, and
 * with the direction average nearest in height; correlations use the highest speed average as the
 * reference and its paired vane; air density comes from the lowest T and p channels (humid formula when
 * RH is present), else the constant. Invalid/icing values are excluded before anything is computed.
 *
 * @example computeStationStatistics(station).channels.find((c) => c.channelId === 'WS_80m_N_Avg')?.speed?.summary?.mean
 */
export function computeStationStatistics(
  station: Station,
  options: StationStatisticsOptions = {},
): StationStatistics {
  const { grid } = station;
  const calendar = buildCalendarIndex(grid, station.utcOffsetHours);
  const includeSuspicious = options.includeSuspicious ?? true;
  const sectors = options.sectors ?? 16;
  const masked = options.masks ?? new Map<string, UsableSeries>();
  for (const c of station.channels) {
    if (c.values.length !== grid.length)
      throw new Error('computeStationStatistics requires every channel to match the grid');
    if (!masked.has(c.id)) masked.set(c.id, usableSeries(c.values, c.flags, { includeSuspicious }));
  }
  const get = (c: Channel): UsableSeries => masked.get(c.id)!;
  const avg = (element: Channel['element']) =>
    station.channels
      .filter((c) => c.element === element && c.statistic === 'avg')
      .sort((a, b) => a.heightM - b.heightM);
  const speeds = avg('ws');
  const vanes = avg('wd');
  const nearestVane = (heightM: number): Channel | undefined =>
    vanes.reduce<Channel | undefined>(
      (best, v) => (!best || Math.abs(v.heightM - heightM) < Math.abs(best.heightM - heightM) ? v : best),
      undefined,
    );

  // 5. Air density
  const temperature = avg('T')[0];
  const pressure = avg('p')[0];
  const humidity = avg('RH')[0];
  let density: number | Float64Array = options.airDensityKgM3 ?? 1.225;
  let airDensity: SeriesDescription | undefined;
  if (temperature && pressure) {
    const series = airDensitySeries(get(temperature), get(pressure), humidity ? get(humidity) : undefined);
    airDensity = describeSeries(series);
    if (airDensity) density = series;
  }

  // The rose's ρ where the series has none (its period mean), worked out once for every speed.
  const fallbackDensity = typeof density === 'number' ? density : periodMeanDensity(density);
  const scratch = new SpeedScratch(grid.length);
  const sectorCache = options.sectorIndices ?? new Map<string, Int16Array>();
  const sectorsOf = (vane: Channel): Int16Array => {
    let s = sectorCache.get(vane.id);
    if (!s) {
      s = directionSectorIndices(get(vane), sectors);
      sectorCache.set(vane.id, s);
    }
    return s;
  };
  const reference = speeds[speeds.length - 1];
  const referenceVane = reference ? nearestVane(reference.heightM) : undefined;

  // Every channel is swept once (stored values and flags) for its description, recovery, gaps and
  // calendar sums (monthly and diurnal variation); the vanes' sums are not kept (no monthly tables).
  const swept = new Map<string, ChannelSweep>();
  const sweeps = options.sums ?? new Map<string, CalendarSums>();
  for (const c of station.channels) {
    const sweep = sweepChannel(c.values, c.flags, calendar, {
      intervalMinutes: grid.intervalMinutes,
      includeSuspicious,
      ...(options.longestGaps !== undefined ? { longestGaps: options.longestGaps } : {}),
    });
    swept.set(c.id, sweep);
    if (c.element !== 'wd') sweeps.set(c.id, sweep.sums);
  }
  const describe = (c: Channel): SeriesDescription | undefined => swept.get(c.id)!.sums.description;
  const channels: ChannelStatistics[] = station.channels.map((c) => {
    const values = get(c);
    const sweep = swept.get(c.id)!;
    const base = {
      channelId: c.id,
      description: sweep.sums.description,
      recovery: sweep.recovery,
      continuity: sweep.continuity,
    };
    const sums = sweeps.get(c.id);
    if (c.element === 'wd' || !sums) {
      return {
        ...base,
        monthly: undefined,
        diurnal: undefined,
        meanDirectionDeg: vectorMeanDirection(values),
      };
    }
    const monthly = monthlyVariation(values, calendar, {
      minCoverage: options.monthlyMinCoverage ?? 0,
      sums,
    });
    const diurnal = diurnalVariation(values, calendar, { sums });
    if (c.element !== 'ws' || c.statistic !== 'avg') return { ...base, monthly, diurnal };
    const sibling = (statistic: Channel['statistic']) =>
      station.channels.find(
        (o) =>
          o.element === 'ws' &&
          o.statistic === statistic &&
          o.heightM === c.heightM &&
          o.boomOrientationDeg === c.boomOrientationDeg,
      );
    const sd = sibling('sd');
    const gust = sibling('max');
    const vane = nearestVane(c.heightM);
    const speed = speedStatistics({
      speeds: values,
      heightM: c.heightM,
      description: base.description,
      gustMaxMps: gust ? describe(gust)?.max : undefined,
      intervalMinutes: grid.intervalMinutes,
      sweep: {
        speeds: values,
        density,
        fallbackDensity,
        weibullMethod: options.weibullMethod ?? 'wasp',
        vaneSectors: vane ? sectorsOf(vane) : undefined,
        calmThresholdMps: options.calmThresholdMps ?? 0.5,
        sectors,
        sd: sd ? get(sd) : undefined,
        scratch,
        reference:
          reference && referenceVane && reference.id !== c.id
            ? { speeds: get(reference), sectors: sectorsOf(referenceVane) }
            : undefined,
      },
    });
    return { ...base, monthly, diurnal, speed };
  });

  // 11. Shear over one primary cup per height.
  const chosen = primarySpeedChannels(
    speeds.map((c) => ({
      id: c.id,
      heightM: c.heightM,
      sensorKind: c.sensorKind,
      valueCount: describe(c)?.count ?? 0,
      channel: c,
    })),
  ).map((candidate) => candidate.channel);
  let shear: WindShear | undefined;
  if (chosen.length >= 2) {
    shear = windShear(
      chosen.map(get),
      chosen.map((c) => c.heightM),
      {
        calendar,
        minCount: options.shearMinCount ?? 30,
        ...(referenceVane ? { sectorIndex: sectorsOf(referenceVane), sectors } : {}),
      },
    );
  }
  return {
    calendar,
    channels,
    airDensity,
    shear,
    shearChannelIds: chosen.length >= 2 ? chosen.map((c) => c.id) : [],
    referenceSpeedChannelId: reference?.id,
  };
}
