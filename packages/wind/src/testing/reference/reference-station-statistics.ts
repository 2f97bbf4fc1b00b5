// Test oracle only (never imported by product code): computeStationStatistics as it was before the
// passes were fused (issue 43 §1) — every statistic in its own pass over the channel, through the public
// one-statistic functions. The fused path is compared against it value for value
// (report/fused-statistics.test.ts).
import { directionSectorIndices } from '../../direction/direction-sector-indices.ts';
import { vectorMeanDirection } from '../../direction/vector-mean-direction.ts';
import { describeSeries, type SeriesDescription } from '../../math/describe-series.ts';
import { buildCalendarIndex } from '../../model/build-calendar-index.ts';
import type { Channel, Station } from '../../model/types.ts';
import { type UsableSeries, usableSeries } from '../../model/usable-series.ts';
import { dataRecovery } from '../../recovery/data-recovery.ts';
import { timeContinuityGaps } from '../../recovery/time-continuity-gaps.ts';
import type {
  ChannelStatistics,
  StationStatistics,
  StationStatisticsOptions,
} from '../../report/compute-station-statistics.ts';
import { primarySpeedChannels } from '../../shear/primary-speed-channels.ts';
import { type WindShear, windShear } from '../../shear/wind-shear.ts';
import { airDensitySeries } from '../../statistics/air-density-series.ts';
import { type CalendarSums, calendarSums } from '../../statistics/calendar-sums.ts';
import { correlateBySector } from '../../statistics/correlate-by-sector.ts';
import { diurnalVariation } from '../../statistics/diurnal-variation.ts';
import { extremeWind } from '../../statistics/extreme-wind.ts';
import { monthlyVariation } from '../../statistics/monthly-variation.ts';
import { speedFrequency } from '../../statistics/speed-frequency.ts';
import { summarizeSpeed } from '../../statistics/summarize-speed.ts';
import { turbulenceIntensityBySpeed } from '../../statistics/turbulence-intensity-by-speed.ts';
import { windRose } from '../../statistics/wind-rose.ts';

/**
 * (The previous implementation.) Runs the 11 statistics of WIND-ANALYSIS §8 on every channel of a station: summary, data recovery,
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
export function referenceStationStatistics(
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
      throw new Error('referenceStationStatistics requires every channel to match the grid');
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

  // Each channel is described once (a gust channel is also its speed's gust maximum).
  // Every channel but a vane is swept once for its description, monthly and diurnal variation.
  const sweeps = options.sums ?? new Map<string, CalendarSums>();
  for (const c of station.channels) if (c.element !== 'wd') sweeps.set(c.id, calendarSums(get(c), calendar));
  const descriptions = new Map<string, SeriesDescription | undefined>();
  const describe = (c: Channel): SeriesDescription | undefined => {
    if (!descriptions.has(c.id)) {
      const sweep = sweeps.get(c.id);
      descriptions.set(c.id, sweep ? sweep.description : describeSeries(get(c)));
    }
    return descriptions.get(c.id);
  };
  const channels: ChannelStatistics[] = station.channels.map((c) => {
    const values = get(c);
    const base = {
      channelId: c.id,
      description: describe(c),
      recovery: dataRecovery(c.values, c.flags, calendar),
      // Not in the previous implementation: the server's recovery tab asked for it in a pass of its own.
      continuity: timeContinuityGaps(values, grid.intervalMinutes, { longest: options.longestGaps ?? 50 }),
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
    const summary = summarizeSpeed(values, {
      intervalMinutes: grid.intervalMinutes,
      airDensityKgM3: density,
      ...(gust ? { gustsMps: get(gust) } : {}),
      ...(options.weibullMethod ? { weibullMethod: options.weibullMethod } : {}),
      described: { speeds: base.description, ...(gust ? { gusts: describe(gust) } : {}) },
    });
    const speed = {
      summary,
      frequency: speedFrequency(values),
      turbulence: sd ? turbulenceIntensityBySpeed(values, get(sd)) : undefined,
      rose: vane
        ? windRose(values, get(vane), {
            sectors,
            calmThresholdMps: options.calmThresholdMps ?? 0.5,
            airDensityKgM3: density,
          })
        : undefined,
      extreme: summary
        ? extremeWind({
            heightM: c.heightM,
            meanSpeedMps: summary.mean,
            maxSpeedMps: summary.max,
            ...(summary.gustMaxMps !== undefined ? { gustMaxMps: summary.gustMaxMps } : {}),
          })
        : undefined,
      correlation:
        reference && referenceVane && reference.id !== c.id
          ? correlateBySector(get(reference), values, get(referenceVane), {
              sectors,
              referenceSectorIndex: sectorsOf(referenceVane),
            })
          : undefined,
    };
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
