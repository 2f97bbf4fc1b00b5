import {
  AppError,
  CORRELATION_SCATTER_MAX_POINTS,
  CORRELATION_STRENGTH_TEXT,
  type Language,
  type TCorrelationItem,
  type TElementReportRow,
  type TFrequencyItem,
  type TRoseItem,
  type TShearSection,
  type TStatisticsChannel,
  type TStatisticsResult,
  type TSummaryRow,
  type TTurbulenceItem,
  type TWeibullMethod,
  versionDisplayName,
} from '@masthub/shared';
import {
  airDensitySeries,
  annualMaxima,
  averageByPeriod,
  type CalendarSums,
  type Channel,
  type ChannelStatistics,
  calendarSums,
  classifyTurbulence,
  computeStationStatistics,
  correlateBySector,
  correlationStrength,
  directionSectorIndices,
  diurnalVariation,
  elementReportRows,
  extrapolatePowerLaw,
  extremeWind,
  fitGumbel,
  fitLinearLeastSquares,
  gumbelPlottingPositions,
  IEC_REFERENCE_TURBULENCE,
  iecTurbulenceIntensity,
  isLeapYear,
  monthlyVariation,
  periodComparisonRows,
  type Station,
  type StationStatistics,
  sectorLabels,
  type TurbulenceCategory,
  timeContinuityGaps,
  turbulenceReportRows,
  type UsableSeries,
  usableSeries,
  type WindShear,
  weibullCumulative,
  weibullDensity,
  weibullMeanSpeed,
  weibullPowerDensity,
  windShear,
} from '@masthub/wind';
import { type TLoadedSeries, toWindStation } from '../../timeseries/index.ts';
import { ALL_RECORDS, elementName, heightTagOf } from './statistics-labels.ts';

/** Options of one analysis (the validated request, channels already resolved). */
export interface TAnalysisOptions {
  sectors: number;
  includeSuspicious: boolean;
  weibullMethod: TWeibullMethod;
  /** A speed average among the loaded channels; default the highest. */
  correlationReferenceId?: number | undefined;
  /** Two speed averages at different heights among the loaded channels. */
  shearChannelIds?: readonly number[] | undefined;
  /** Multi-year periods of the period comparison (at most 3); default each of the newest 3 years. */
  averagePeriods?: readonly { startYear: number; endYear: number }[] | undefined;
}

export interface TAnalysisInput {
  version: { id: number; stationId: number; name: string; kind: string };
  loaded: TLoadedSeries;
  utcOffsetMinutes: number;
  language: Language;
  options: TAnalysisOptions;
}

const CALM_THRESHOLD_MPS = 0.5;
const STANDARD_AIR_DENSITY = 1.225;
const SHEAR_MIN_COUNT = 30;
const GUMBEL_RETURN_PERIOD = 50;
/** Years of annual maxima before the Gumbel value replaces 5 × V̄ in the extreme rows (§8.9). */
const GUMBEL_MIN_YEARS_FOR_V50 = 10;
/** Coverage of a calendar year before its maximum counts as an annual maximum (as §8.6 months). */
const ANNUAL_MAXIMUM_MIN_COVERAGE = 0.8;

/** A finite number, or null (JSON has no NaN). */
function num(value: number | undefined | null): number | null {
  return value === undefined || value === null || !Number.isFinite(value) ? null : value;
}

function round(value: number, digits: number): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

function pad2(n: number): string {
  return String(n).padStart(2, '0');
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
  const { loaded, language, options } = input;
  const station = toWindStation(loaded, input.utcOffsetMinutes);
  if (station.grid.length === 0 || !hasUsableValue(station, options.includeSuspicious)) {
    throw new AppError('STATISTICS_NO_DATA');
  }
  const masks = new Map<string, UsableSeries>();
  const sums = new Map<string, CalendarSums>();
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
  });
  const ctx = new AnalysisContext(station, stats, loaded, language, options, masks, sums);
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
    channels: ctx.channelInfos,
    summary: { rows: ctx.summaryRows() },
    recovery: ctx.recovery(),
    frequency: { items: ctx.frequencyItems() },
    turbulence: ctx.turbulence(),
    airDensity: ctx.airDensity(),
    monthly: ctx.monthly(),
    daily: ctx.daily(),
    rose: ctx.rose(),
    correlation: ctx.correlation(),
    extreme: ctx.extreme(),
    shear: ctx.shear(),
  };
}

/** Lookups shared by the sections of one analysis. */
class AnalysisContext {
  readonly channelInfos: TStatisticsChannel[];
  private readonly byId = new Map<
    string,
    { channel: Channel; statistics: ChannelStatistics; info: TStatisticsChannel }
  >();
  private readonly speeds: Channel[];
  private readonly vanes: Channel[];

  constructor(
    private readonly station: Station,
    private readonly stats: StationStatistics,
    loaded: TLoadedSeries,
    private readonly language: Language,
    private readonly options: TAnalysisOptions,
    /** Flag-masked series by channel id, shared with computeStationStatistics. */
    private readonly masks: Map<string, UsableSeries>,
    /** The channels' one-sweep calendar sums (all but the vanes), from computeStationStatistics. */
    private readonly sums: Map<string, CalendarSums>,
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

  private info(id: string): TStatisticsChannel {
    return this.byId.get(id)!.info;
  }

  private statisticsOf(id: string): ChannelStatistics {
    return this.byId.get(id)!.statistics;
  }

  private mask(channel: Channel): UsableSeries {
    let m = this.masks.get(channel.id);
    if (!m) {
      m = usableSeries(channel.values, channel.flags, { includeSuspicious: this.options.includeSuspicious });
      this.masks.set(channel.id, m);
    }
    return m;
  }

  /** The vane nearest in height (the lower one on a tie), as packages/wind pairs them. */
  private nearestVane(heightM: number): Channel | undefined {
    return this.vanes.reduce<Channel | undefined>(
      (best, v) => (!best || Math.abs(v.heightM - heightM) < Math.abs(best.heightM - heightM) ? v : best),
      undefined,
    );
  }

  private sibling(c: Channel, statistic: Channel['statistic']): Channel | undefined {
    return this.station.channels.find(
      (o) => o.element === c.element && o.statistic === statistic && o.heightM === c.heightM,
    );
  }

  private sectorNames(): string[] {
    const sectors = this.options.sectors;
    if (16 % sectors === 0) return sectorLabels(sectors, this.language === 'zh' ? 'compass-zh' : 'compass');
    return sectorLabels(sectors, 'centre').map((label) => `${label}°`);
  }

  private monthLabels(): string[] {
    return this.stats.calendar.months.map((m) => `${m.year}-${pad2(m.month)}`);
  }

  private referenceSpeed(): Channel | undefined {
    const chosen = this.options.correlationReferenceId;
    if (chosen !== undefined) {
      const c = this.speeds.find((s) => s.id === String(chosen));
      if (c) return c;
    }
    return this.speeds[this.speeds.length - 1];
  }

  summaryRows(): TSummaryRow[] {
    return this.station.channels.map((c) => {
      const s = this.statisticsOf(c.id);
      const info = this.info(c.id);
      const d = s.description;
      const summary = s.speed?.summary;
      const isVane = c.element === 'wd';
      return {
        channelId: info.channelId,
        channelName: info.name,
        element: info.elementName,
        heightTag: info.heightTag,
        unit: info.unit,
        count: d?.count ?? 0,
        mean: num(isVane ? s.meanDirectionDeg : d?.mean),
        sd: num(isVane ? undefined : d?.sd),
        min: num(d?.min),
        max: num(d?.max),
        validRate: num(s.recovery.overall.validRatePct),
        avgWindPower: num(summary?.meanPowerDensityWm2),
        usefulWindHours: num(summary?.usefulWindHours),
        weibullScale: num(summary?.weibull?.scaleMps),
        weibullShape: num(summary?.weibull?.shape),
        gustMax: num(summary?.gustMaxMps),
        meanDirection: num(isVane ? s.meanDirectionDeg : undefined),
      };
    });
  }

  recovery(): TStatisticsResult['recovery'] {
    const rows: TElementReportRow[] = elementReportRows(this.station, this.stats).map((r) => {
      const info = this.info(r.channelId);
      return {
        channelId: info.channelId,
        channelName: info.name,
        element: info.elementName,
        dataPhase: r.dataPhase,
        heightTag: info.heightTag,
        shouldCount: r.shouldCount,
        lackCount: r.lackCount,
        invalidCount: r.invalidCount,
        validCount: r.validCount,
        validRate: num(r.validRate),
        validAvg: num(r.validAvg),
        avgWindPower: num(r.avgWindPower),
        isMonth: /^\d{4}-\d{2}$/.test(r.dataPhase),
      };
    });
    const { startMs, intervalMinutes } = this.station.grid;
    const timeOf = (slot: number) => new Date(startMs + slot * intervalMinutes * 60_000).toISOString();
    return {
      rows,
      months: this.monthLabels(),
      byChannel: this.station.channels.map((c) => ({
        channelId: this.info(c.id).channelId,
        rates: this.statisticsOf(c.id).recovery.byMonth.map((m) => num(m.validRatePct)),
      })),
      // Valid values only (flags respected, as every tab): what the year and the gaps really hold.
      yearly: this.station.channels.flatMap((c) =>
        averageByPeriod(this.mask(c), this.stats.calendar, 'year', intervalMinutes, {
          ...(this.sums.has(c.id) ? { sums: this.sums.get(c.id)! } : {}),
        }).map((y) => ({
          channelId: this.info(c.id).channelId,
          year: y.year!,
          count: y.count,
          coverage: num(y.coverage * 100),
          mean: num(y.mean),
          max: num(y.max),
          maxTime: y.maxIndex >= 0 ? timeOf(y.maxIndex) : null,
        })),
      ),
      gaps: this.station.channels.map((c) => {
        const continuity = timeContinuityGaps(this.mask(c), intervalMinutes, { longest: 50 });
        const longest = continuity.gaps;
        return {
          channelId: this.info(c.id).channelId,
          gapCount: continuity.gapCount,
          daysLost: continuity.daysLost,
          longest: longest.map((g) => ({
            from: timeOf(g.fromIndex),
            to: timeOf(g.toIndex),
            daysLost: g.daysLost,
          })),
        };
      }),
    };
  }

  frequencyItems(): TFrequencyItem[] {
    const items: TFrequencyItem[] = [];
    for (const c of this.speeds) {
      const s = this.statisticsOf(c.id).speed;
      const frequency = s?.frequency;
      if (!frequency) continue;
      const fit = s.summary?.weibull;
      const density = s.summary?.meanAirDensityKgM3 ?? STANDARD_AIR_DENSITY;
      const bins = frequency.bins.map((b) => ({
        centre: b.centreMps,
        lower: b.lowerMps,
        upper: b.upperMps,
        count: b.count,
        frequencyPct: b.frequencyPct,
        weibullPct: fit
          ? num(
              (weibullCumulative(b.upperMps, fit.scaleMps, fit.shape) -
                weibullCumulative(Math.max(0, b.lowerMps), fit.scaleMps, fit.shape)) *
                100,
            )
          : null,
      }));
      const curve = { speed: [] as number[], pct: [] as number[] };
      if (fit) {
        const top = frequency.bins[frequency.bins.length - 1]!.upperMps;
        for (let v = 0; v <= top + 1e-9; v += 0.25) {
          const pct = weibullDensity(v, fit.scaleMps, fit.shape) * 100;
          if (!Number.isFinite(pct)) continue;
          curve.speed.push(v);
          curve.pct.push(round(pct, 4));
        }
      }
      items.push({
        channelId: this.info(c.id).channelId,
        heightTag: this.info(c.id).heightTag,
        count: frequency.count,
        mean: num(s.summary?.mean),
        bins,
        weibull: fit
          ? {
              method: fit.method,
              scale: fit.scaleMps,
              shape: fit.shape,
              count: fit.count,
              meanSpeed: num(weibullMeanSpeed(fit.scaleMps, fit.shape)),
              powerDensity: num(weibullPowerDensity(fit.scaleMps, fit.shape, density)),
            }
          : null,
        curve,
      });
    }
    return items;
  }

  turbulence(): TStatisticsResult['turbulence'] {
    const items: TTurbulenceItem[] = [];
    for (const c of this.speeds) {
      const table = this.statisticsOf(c.id).speed?.turbulence;
      const sd = this.sibling(c, 'sd');
      if (!table || !sd) continue;
      const bin15 = table.bins.find((b) => b.centreMps === 15);
      const ti15 = bin15 && Number.isFinite(bin15.representativeTi) ? bin15.representativeTi : undefined;
      const classes = ti15 === undefined ? undefined : classifyTurbulence(ti15, 15);
      items.push({
        channelId: this.info(c.id).channelId,
        sdChannelId: this.info(sd.id).channelId,
        heightTag: this.info(c.id).heightTag,
        rows: turbulenceReportRows(table).map((r) => ({
          name: r.name === 'all' ? ALL_RECORDS[this.language] : r.name,
          avg: num(r.avg),
          sd: num(r.sd),
          represent: num(r.represent),
          sample: r.sample,
        })),
        bins: table.bins.map((b) => ({
          speed: b.centreMps,
          count: b.count,
          meanTi: num(b.meanTi),
          representTi: num(b.representativeTi),
          p90Ti: num(b.p90Ti),
        })),
        ti15: num(ti15),
        iecCategory: classes?.iecCategory ?? null,
        gbGrade: classes?.gbGrade ?? null,
      });
    }
    const speed: number[] = [];
    for (let v = 3; v <= 25; v += 0.5) speed.push(v);
    return {
      items,
      iecCurves: {
        speed,
        categories: (Object.keys(IEC_REFERENCE_TURBULENCE) as TurbulenceCategory[]).map((category) => ({
          category,
          ti: speed.map((v) => round(iecTurbulenceIntensity(v, category), 5)),
        })),
      },
    };
  }

  airDensity(): TStatisticsResult['airDensity'] {
    const lowest = (element: Channel['element']) =>
      this.station.channels
        .filter((c) => c.element === element && c.statistic === 'avg')
        .sort((a, b) => a.heightM - b.heightM)[0];
    const temperature = lowest('T');
    const pressure = lowest('p');
    const humidity = lowest('RH');
    const base = {
      temperatureChannelId: temperature ? this.info(temperature.id).channelId : null,
      pressureChannelId: pressure ? this.info(pressure.id).channelId : null,
      humidityChannelId: humidity ? this.info(humidity.id).channelId : null,
      constant: STANDARD_AIR_DENSITY,
    };
    const empty = {
      ...base,
      source: 'constant' as const,
      count: 0,
      mean: STANDARD_AIR_DENSITY,
      sd: null,
      min: null,
      max: null,
      byCalendarMonth: [],
      byHour: [],
    };
    if (!temperature || !pressure) return empty;
    const series = airDensitySeries(
      this.mask(temperature),
      this.mask(pressure),
      humidity ? this.mask(humidity) : undefined,
    );
    const sums = calendarSums(series, this.stats.calendar);
    const description = sums.description;
    if (!description) return empty;
    const monthly = monthlyVariation(series, this.stats.calendar, { sums });
    const diurnal = diurnalVariation(series, this.stats.calendar, { sums });
    return {
      ...base,
      source: 'measured',
      count: description.count,
      mean: num(description.mean),
      sd: num(description.sd),
      min: num(description.min),
      max: num(description.max),
      byCalendarMonth: monthly.byCalendarMonth.map((m) => ({
        month: m.month,
        count: m.count,
        mean: num(m.mean),
      })),
      byHour: diurnal.byHour.map((h) => num(h.mean)),
    };
  }

  /** Averages of scalar elements (speed, temperature, pressure, humidity, density). */
  private scalarAverages(): Channel[] {
    return this.station.channels.filter(
      (c) => c.statistic === 'avg' && c.element !== 'wd' && c.element !== 'other',
    );
  }

  monthly(): TStatisticsResult['monthly'] {
    const series = this.scalarAverages().map((c) => {
      const info = this.info(c.id);
      const monthly = this.statisticsOf(c.id).monthly;
      const byCalendar: (number | null)[] = Array.from({ length: 12 }, () => null);
      for (const m of monthly?.byCalendarMonth ?? []) byCalendar[m.month - 1] = num(m.mean);
      return {
        channelId: info.channelId,
        element: c.element,
        heightTag: info.heightTag,
        unit: info.unit,
        byYearMonth: (monthly?.byYearMonth ?? []).map((m) => num(m.mean)),
        byCalendarMonth: byCalendar,
        momm: num(monthly?.meanOfMonthlyMeans),
      };
    });
    // Each calendar year (newest 3) of the highest speed against the whole period's mean (SPEC §3 rows).
    const top = this.speeds[this.speeds.length - 1];
    let periodComparison: TStatisticsResult['monthly']['periodComparison'] = {
      channelId: null,
      baselineMean: null,
      rows: [],
    };
    const baseline = top ? this.statisticsOf(top.id).description?.mean : undefined;
    if (top && baseline !== undefined) {
      const sums = new Map<number, { sum: number; count: number }>();
      for (const m of this.statisticsOf(top.id).monthly?.byYearMonth ?? []) {
        if (m.count === 0) continue;
        const entry = sums.get(m.year) ?? { sum: 0, count: 0 };
        entry.sum += m.mean * m.count;
        entry.count += m.count;
        sums.set(m.year, entry);
      }
      const annual = [...sums.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([year, e]) => ({ year, meanSpeedMps: e.sum / e.count }));
      const chosen = this.options.averagePeriods;
      const periods =
        chosen && chosen.length > 0
          ? chosen.slice(0, 3)
          : annual.slice(-3).map((a) => ({ startYear: a.year, endYear: a.year }));
      periodComparison = {
        channelId: this.info(top.id).channelId,
        baselineMean: num(baseline),
        rows: periodComparisonRows(annual, periods, baseline).map((r, i) => ({
          name:
            periods[i]!.startYear === periods[i]!.endYear
              ? String(periods[i]!.startYear)
              : `${periods[i]!.startYear}–${periods[i]!.endYear}`,
          startYear: periods[i]!.startYear,
          endYear: periods[i]!.endYear,
          avgSpeed: num(r.avgSpeed),
          deviate: num(r.deviate),
          rate: num(r.rate),
        })),
      };
    }
    return { months: this.monthLabels(), series, periodComparison };
  }

  daily(): TStatisticsResult['daily'] {
    return {
      series: this.scalarAverages().map((c) => {
        const info = this.info(c.id);
        const diurnal = this.statisticsOf(c.id).diurnal;
        return {
          channelId: info.channelId,
          element: c.element,
          heightTag: info.heightTag,
          unit: info.unit,
          byHour: diurnal ? diurnal.byHour.map((h) => num(h.mean)) : [],
          byMonthHour:
            diurnal && c.element === 'ws'
              ? diurnal.byMonthHour.map((row) => Array.from(row, (v) => num(v)))
              : null,
        };
      }),
    };
  }

  rose(): TStatisticsResult['rose'] {
    const items: TRoseItem[] = [];
    for (const c of this.speeds) {
      const rose = this.statisticsOf(c.id).speed?.rose;
      const vane = this.nearestVane(c.heightM);
      if (!rose || !vane) continue;
      items.push({
        speedChannelId: this.info(c.id).channelId,
        directionChannelId: this.info(vane.id).channelId,
        heightTag: this.info(c.id).heightTag,
        directionHeightTag: this.info(vane.id).heightTag,
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
      });
    }
    return { labels: this.sectorNames(), calmThreshold: CALM_THRESHOLD_MPS, items };
  }

  private strengthOf(r: number | undefined) {
    const words = r === undefined ? undefined : correlationStrength(r);
    if (!words) return null;
    return {
      r: words.r,
      rSquared: words.rSquared,
      rText: CORRELATION_STRENGTH_TEXT.r[words.r][this.language],
      rSquaredText: CORRELATION_STRENGTH_TEXT.rSquared[words.rSquared][this.language],
    };
  }

  correlation(): TStatisticsResult['correlation'] {
    const reference = this.referenceSpeed();
    if (!reference) {
      return { referenceChannelId: null, referenceHeightTag: null, directionChannelId: null, items: [] };
    }
    const vane = this.nearestVane(reference.heightM);
    const x = this.mask(reference);
    const direction = vane ? this.mask(vane) : undefined;
    const items: TCorrelationItem[] = [];
    for (const target of this.speeds) {
      if (target.id === reference.id) continue;
      const y = this.mask(target);
      // packages/wind already correlated every speed with the default reference and its vane.
      const computed =
        reference.id === this.stats.referenceSpeedChannelId
          ? this.statisticsOf(target.id).speed?.correlation
          : undefined;
      const bySector =
        computed ??
        (direction ? correlateBySector(x, y, direction, { sectors: this.options.sectors }) : undefined);
      const overall = bySector ? bySector.overall : fitLinearLeastSquares(x, y);
      const scatter = samplePairs(x, y, CORRELATION_SCATTER_MAX_POINTS);
      let line = { x: [] as number[], y: [] as number[] };
      if (overall && scatter.x.length > 0) {
        const lo = round(scatter.xMin, 3);
        const hi = round(scatter.xMax, 3);
        line = {
          x: [lo, hi],
          y: [
            round(overall.intercept + overall.slope * lo, 4),
            round(overall.intercept + overall.slope * hi, 4),
          ],
        };
      }
      items.push({
        targetChannelId: this.info(target.id).channelId,
        heightTag: this.info(target.id).heightTag,
        count: overall?.count ?? 0,
        slope: num(overall?.slope),
        intercept: num(overall?.intercept),
        r: num(overall?.r),
        rSquared: num(overall?.rSquared),
        strength: this.strengthOf(overall?.r),
        throughOriginSlope: num(bySector?.throughOrigin?.slope),
        sectors: (bySector?.sectors ?? []).map((s) => ({
          sectorRange: s.sectorRange,
          count: s.count,
          intercept: num(s.intercept),
          slope: num(s.slope),
          r: num(s.r),
          rSquared: num(s.rSquared),
          correctedValue: num(s.correctedValue),
          strength: this.strengthOf(s.r),
        })),
        scatter: { x: scatter.x, y: scatter.y },
        line,
      });
    }
    return {
      referenceChannelId: this.info(reference.id).channelId,
      referenceHeightTag: this.info(reference.id).heightTag,
      directionChannelId: vane ? this.info(vane.id).channelId : null,
      items,
    };
  }

  extreme(): TStatisticsResult['extreme'] {
    const top = this.speeds[this.speeds.length - 1];
    let gumbel: TStatisticsResult['extreme']['gumbel'] = null;
    let v50: number | undefined;
    if (top) {
      // A partial year's maximum is not an annual maximum: only well-covered years enter the fit.
      const slotsPerDay = (24 * 60) / this.station.grid.intervalMinutes;
      const maxima = annualMaxima(this.mask(top), this.stats.calendar).map((m) => {
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
        channelId: this.info(top.id).channelId,
        heightTag: this.info(top.id).heightTag,
        annualMaxima: maxima,
        points,
        fit: fitSection,
      };
    }
    const rows = [];
    for (const c of this.speeds) {
      let e = this.statisticsOf(c.id).speed?.extreme;
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
        channelId: this.info(c.id).channelId,
        height: this.info(c.id).heightTag,
        avg: num(e.avg),
        fivefoldMax: num(e.fivefoldMax),
        max: num(e.max),
        gustMax: num(e.gustMax),
        v50: num(e.v50),
        ewmMax: num(e.ewmMax),
      });
    }
    return { rows, gumbel };
  }

  shear(): TShearSection | null {
    const explicit = this.options.shearChannelIds;
    let chosen: Channel[];
    let shear: WindShear | undefined;
    if (explicit && explicit.length >= 2) {
      chosen = explicit
        .map((id) => this.speeds.find((s) => s.id === String(id)))
        .filter((c): c is Channel => c !== undefined)
        .sort((a, b) => a.heightM - b.heightM);
      if (chosen.length < 2) return null;
      const vane = this.nearestVane(chosen[chosen.length - 1]!.heightM);
      shear = windShear(
        chosen.map((c) => this.mask(c)),
        chosen.map((c) => c.heightM),
        {
          calendar: this.stats.calendar,
          minCount: SHEAR_MIN_COUNT,
          ...(vane
            ? {
                sectorIndex: directionSectorIndices(this.mask(vane), this.options.sectors),
                sectors: this.options.sectors,
              }
            : {}),
        },
      );
    } else {
      // One primary cup per height, as packages/wind picks them (primarySpeedChannels).
      chosen = this.stats.shearChannelIds
        .map((id) => this.speeds.find((s) => s.id === id))
        .filter((c): c is Channel => c !== undefined);
      shear = this.stats.shear;
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
    const labels = this.sectorNames();
    return {
      isExplicit: Boolean(explicit && explicit.length >= 2),
      channelIds: chosen.map((c) => this.info(c.id).channelId),
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
}

/** An evenly strided sample of the concurrent valid pairs (≤ max, rounded to mm/s) and the range of x. */
export function samplePairs(
  x: ArrayLike<number>,
  y: ArrayLike<number>,
  max: number,
): { x: number[]; y: number[]; xMin: number; xMax: number } {
  let count = 0;
  let xMin = Number.POSITIVE_INFINITY;
  let xMax = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < x.length; i++) {
    const xi = x[i]!;
    if (Number.isNaN(xi) || Number.isNaN(y[i]!)) continue;
    count++;
    if (xi < xMin) xMin = xi;
    if (xi > xMax) xMax = xi;
  }
  const stride = Math.max(1, Math.ceil(count / max));
  const out = { x: [] as number[], y: [] as number[], xMin, xMax };
  let seen = 0;
  for (let i = 0; i < x.length && out.x.length < max; i++) {
    const xi = x[i]!;
    const yi = y[i]!;
    if (Number.isNaN(xi) || Number.isNaN(yi)) continue;
    if (seen++ % stride !== 0) continue;
    out.x.push(round(xi, 3));
    out.y.push(round(yi, 3));
  }
  return out;
}
