import {
  AppError,
  type Language,
  type TCorrelationPeriod,
  type TJointTableBins,
  type TMcpMethodKey,
  type TRoseItem,
  type TShearSection,
  type TStatisticsResult,
  type TWeibullMethod,
  versionDisplayName,
} from '@masthub/shared';
import {
  annualMaxima,
  type CalendarSums,
  type Channel,
  computeStationStatistics,
  extrapolatePowerLaw,
  extremeWind,
  fitGumbel,
  gumbelPlottingPositions,
  isLeapYear,
  type Station,
  type UsableSeries,
  type WindShear,
  windShear,
} from '@masthub/wind';
import { type TLoadedSeries, toWindStation, withPolicy } from '../../timeseries/index.ts';
import {
  ANNUAL_MAXIMUM_MIN_COVERAGE,
  AnalysisContext,
  CALM_THRESHOLD_MPS,
  GUMBEL_MIN_YEARS_FOR_V50,
  GUMBEL_RETURN_PERIOD,
  num,
  round,
  SHEAR_MIN_COUNT,
  STANDARD_AIR_DENSITY,
} from './analysis-context.ts';
import {
  airDensitySection,
  dailySection,
  frequencySection,
  monthlySection,
  recoverySection,
  summarySection,
  turbulenceSection,
} from './channel-sections.ts';
import { correlationSection } from './correlation-section.ts';
import { jointTableOf, monthlyMaximaSection } from './detail-sections.ts';
import { LIDAR_TI_NOTE } from './statistics-labels.ts';

/** Options of one analysis (the validated request, channels already resolved). */
export interface TAnalysisOptions {
  sectors: number;
  includeSuspicious: boolean;
  /** Filled or corrected (flag 1) records are used (issue 41 §1; default true). */
  includeFilled?: boolean | undefined;
  weibullMethod: TWeibullMethod;
  /** Speed bins of the joint speed × direction table (default centred on integers, WIND-ANALYSIS §0). */
  jointTableBins?: TJointTableBins | undefined;
  /** A speed average among the loaded channels; default the highest. */
  correlationReferenceId?: number | undefined;
  /** The correlation's averaging (default '10min': the records themselves) and coverage (default 0.9). */
  correlationPeriod?: TCorrelationPeriod | undefined;
  correlationCoverage?: number | undefined;
  /** The correlation's line (default OLS). */
  correlationMethod?: TMcpMethodKey | undefined;
  /** Speed averages at 2–8 different heights among the loaded channels, fitted together. */
  shearChannelIds?: readonly number[] | undefined;
  /** Monthly coverage (fraction) a year-month needs to enter the MOMM (default 0.8). */
  mommMinCoverage?: number | undefined;
  /** Multi-year periods of the period comparison (at most 3); default each of the newest 3 years. */
  averagePeriods?: readonly { startYear: number; endYear: number }[] | undefined;
}

export interface TAnalysisInput {
  version: { id: number; stationId: number; name: string; kind: string };
  loaded: TLoadedSeries;
  utcOffsetMinutes: number;
  language: Language;
  options: TAnalysisOptions;
  /** The site's measurement type (issue 31): a lidar's or sodar's TI is labelled as such. */
  stationType?: string | undefined;
}

/** True when at least one value of the station would be used by the statistics. */
export function hasUsableValue(station: Station, includeSuspicious: boolean): boolean {
  for (const c of station.channels) {
    const { values, flags } = c;
    for (let i = 0; i < values.length; i++) {
      if (Number.isNaN(values[i]!)) continue;
      const f = flags ? flags[i]! : 0;
      if (f >= 3 || (f === 2 && !includeSuspicious)) continue;
      return true;
    }
  }
  return false;
}

/**
 * The whole statistics analysis of loaded channels (all 11 tabs): packages/wind computes, this shapes
 * the SPEC §3 rows and chart series, localised and JSON-safe. Throws STATISTICS_NO_DATA when no value
 * of the range is usable.
 */
export function buildAnalysis(input: TAnalysisInput): TStatisticsResult {
  const { language, options } = input;
  // The one analysis read's policy (issue 41 §1), on copies of the flags: the loaded arrays may be the
  // column cache's and stay as read.
  const { basis, ...loaded } = withPolicy(input.loaded, input.version.id, {
    includeSuspicious: options.includeSuspicious,
    includeFilled: options.includeFilled ?? true,
  });
  const station = toWindStation(loaded, input.utcOffsetMinutes);
  if (station.grid.length === 0 || !hasUsableValue(station, options.includeSuspicious)) {
    throw new AppError('STATISTICS_NO_DATA');
  }
  const masks = new Map<string, UsableSeries>();
  const sums = new Map<string, CalendarSums>();
  const sectorIndices = new Map<string, Int16Array>();
  const stats = computeStationStatistics(station, {
    includeSuspicious: options.includeSuspicious,
    sectors: options.sectors,
    calmThresholdMps: CALM_THRESHOLD_MPS,
    weibullMethod: options.weibullMethod,
    shearMinCount: SHEAR_MIN_COUNT,
    airDensityKgM3: STANDARD_AIR_DENSITY,
    // Masked and swept once for the library and the tabs shaped below.
    masks,
    sums,
    sectorIndices,
  });
  const ctx = new AnalysisContext(station, stats, loaded, language, options, masks, sums, sectorIndices);
  const gridEndMs = station.grid.startMs + station.grid.length * station.grid.intervalMinutes * 60_000;
  return {
    versionId: input.version.id,
    stationId: input.version.stationId,
    versionName: versionDisplayName(input.version, language),
    startTime: new Date(station.grid.startMs).toISOString(),
    endTime: new Date(gridEndMs).toISOString(),
    intervalMinutes: station.grid.intervalMinutes,
    recordCount: station.grid.length,
    utcOffsetMinutes: input.utcOffsetMinutes,
    sectors: options.sectors,
    includeSuspicious: options.includeSuspicious,
    weibullMethod: options.weibullMethod,
    basis,
    channels: ctx.channelInfos,
    summary: { rows: summarySection(ctx) },
    recovery: recoverySection(ctx),
    frequency: { items: frequencySection(ctx) },
    turbulence: {
      ...turbulenceSection(ctx),
      ...(input.stationType && input.stationType !== 'met_mast'
        ? { tiSource: 'remote_sensing' as const, tiNote: LIDAR_TI_NOTE[language] }
        : { tiSource: 'cup' as const, tiNote: '' }),
    },
    airDensity: airDensitySection(ctx),
    monthly: monthlySection(ctx),
    daily: dailySection(ctx),
    rose: roseSection(ctx),
    correlation: correlationSection(ctx),
    extreme: extremeSection(ctx),
    shear: shearSection(ctx),
  };
}

function roseSection(ctx: AnalysisContext): TStatisticsResult['rose'] {
  const items: TRoseItem[] = [];
  for (const c of ctx.speeds) {
    const rose = ctx.statisticsOf(c.id).speed?.rose;
    const vane = ctx.nearestVane(c.heightM);
    if (!rose || !vane) continue;
    items.push({
      speedChannelId: ctx.info(c.id).channelId,
      directionChannelId: ctx.info(vane.id).channelId,
      heightTag: ctx.info(c.id).heightTag,
      directionHeightTag: ctx.info(vane.id).heightTag,
      totalCount: rose.totalCount,
      calmCount: rose.calmCount,
      calmPct: num(rose.calmPct),
      sectors: rose.sectors.map((s) => ({
        index: s.index,
        centreDeg: s.centreDeg,
        count: s.count,
        frequencyPct: s.frequencyPct,
        meanSpeed: num(s.meanSpeedMps),
        energyPct: s.energyPct,
        powerDensity: num(s.powerDensityWm2),
      })),
      jointTable: jointTableOf(ctx, c, vane),
    });
  }
  return { labels: ctx.sectorNames(), calmThreshold: CALM_THRESHOLD_MPS, items };
}

function extremeSection(ctx: AnalysisContext): TStatisticsResult['extreme'] {
  const top = ctx.speeds[ctx.speeds.length - 1];
  let gumbel: TStatisticsResult['extreme']['gumbel'] = null;
  let v50: number | undefined;
  if (top) {
    // A partial year's maximum is not an annual maximum: only well-covered years enter the fit.
    const slotsPerDay = (24 * 60) / ctx.station.grid.intervalMinutes;
    const maxima = annualMaxima(ctx.mask(top), ctx.stats.calendar).map((m) => {
      const coverage = m.count / ((isLeapYear(m.year) ? 366 : 365) * slotsPerDay);
      return { year: m.year, max: m.max, coverage, isUsed: coverage >= ANNUAL_MAXIMUM_MIN_COVERAGE };
    });
    const speeds = maxima.filter((m) => m.isUsed).map((m) => m.max);
    const fit = fitGumbel(speeds, { method: 'gringorten', returnPeriodYears: GUMBEL_RETURN_PERIOD });
    const points = gumbelPlottingPositions(speeds).map((p) => ({
      reducedVariate: p.reducedVariate,
      speed: p.speedMps,
    }));
    let fitSection = null;
    if (fit) {
      const yT = -Math.log(-Math.log(1 - 1 / GUMBEL_RETURN_PERIOD));
      const y0 = Math.min(points[0]?.reducedVariate ?? 0, 0);
      fitSection = {
        location: fit.locationMps,
        scale: fit.scaleMps,
        returnPeriod: fit.returnPeriodYears,
        returnValue: fit.returnValueMps,
        count: fit.count,
        line: {
          reducedVariate: [y0, yT],
          speed: [fit.locationMps + fit.scaleMps * y0, fit.returnValueMps],
        },
      };
      if (fit.count >= GUMBEL_MIN_YEARS_FOR_V50) v50 = fit.returnValueMps;
    }
    gumbel = {
      channelId: ctx.info(top.id).channelId,
      heightTag: ctx.info(top.id).heightTag,
      annualMaxima: maxima,
      points,
      fit: fitSection,
    };
  }
  const rows = [];
  for (const c of ctx.speeds) {
    let e = ctx.statisticsOf(c.id).speed?.extreme;
    if (!e) continue;
    if (c === top && v50 !== undefined) {
      e = extremeWind({
        heightM: e.heightM,
        meanSpeedMps: e.avg,
        ...(e.max !== undefined ? { maxSpeedMps: e.max } : {}),
        ...(e.gustMax !== undefined ? { gustMaxMps: e.gustMax } : {}),
        fiftyYearSpeedMps: v50,
      });
    }
    rows.push({
      channelId: ctx.info(c.id).channelId,
      height: ctx.info(c.id).heightTag,
      avg: num(e.avg),
      fivefoldMax: num(e.fivefoldMax),
      max: num(e.max),
      gustMax: num(e.gustMax),
      v50: num(e.v50),
      ewmMax: num(e.ewmMax),
    });
  }
  return { rows, monthlyMaxima: monthlyMaximaSection(ctx), gumbel };
}

function shearSection(ctx: AnalysisContext): TShearSection | null {
  const explicit = ctx.options.shearChannelIds;
  let chosen: Channel[];
  let shear: WindShear | undefined;
  if (explicit && explicit.length >= 2) {
    chosen = explicit
      .map((id) => ctx.speeds.find((s) => s.id === String(id)))
      .filter((c): c is Channel => c !== undefined)
      .sort((a, b) => a.heightM - b.heightM);
    if (chosen.length < 2) return null;
    const vane = ctx.nearestVane(chosen[chosen.length - 1]!.heightM);
    shear = windShear(
      chosen.map((c) => ctx.mask(c)),
      chosen.map((c) => c.heightM),
      {
        calendar: ctx.stats.calendar,
        minCount: SHEAR_MIN_COUNT,
        ...(vane
          ? {
              sectorIndex: ctx.sectorIndexOf(vane),
              sectors: ctx.options.sectors,
            }
          : {}),
      },
    );
  } else {
    // One primary cup per height, as packages/wind picks them (primarySpeedChannels).
    chosen = ctx.stats.shearChannelIds
      .map((id) => ctx.speeds.find((s) => s.id === id))
      .filter((c): c is Channel => c !== undefined);
    shear = ctx.stats.shear;
  }
  if (chosen.length < 2 || !shear) return null;
  const heights = chosen.map((c) => c.heightM);
  const exponent = shear.overall.exponent;
  const profile = { heightM: [] as number[], speed: [] as number[] };
  const topHeight = heights[heights.length - 1]!;
  const topSpeed = shear.overall.meanSpeedsMps[heights.length - 1]!;
  if (exponent !== undefined && topHeight > 0 && Number.isFinite(topSpeed)) {
    const low = Math.max(1, Math.min(10, heights[0]! / 2));
    const high = Math.max(topHeight * 1.5, topHeight + 20);
    for (let k = 0; k <= 24; k++) {
      const z = low + ((high - low) * k) / 24;
      profile.heightM.push(round(z, 2));
      profile.speed.push(round(extrapolatePowerLaw(topSpeed, topHeight, z, exponent), 4));
    }
  }
  const labels = ctx.sectorNames();
  return {
    isExplicit: Boolean(explicit && explicit.length >= 2),
    channelIds: chosen.map((c) => ctx.info(c.id).channelId),
    heightsM: heights,
    count: shear.overall.count,
    exponent: num(exponent),
    roughness: num(shear.overall.roughnessM),
    meanSpeeds: shear.overall.meanSpeedsMps.map((v) => num(v)),
    profile,
    byHour: (shear.byHour ?? []).map((cell, hour) => ({
      hour,
      count: cell.count,
      exponent: num(cell.exponent),
    })),
    bySector: (shear.bySector ?? []).map((cell, s) => ({
      label: labels[s] ?? String(s),
      count: cell.count,
      exponent: num(cell.exponent),
    })),
    byMonthHour: (shear.byMonthHour ?? []).map((row) => row.map((v) => num(v))),
  };
}
