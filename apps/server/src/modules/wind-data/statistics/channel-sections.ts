import type {
  TElementReportRow,
  TFrequencyItem,
  TStatisticsResult,
  TSummaryRow,
  TTurbulenceItem,
} from '@masthub/shared';
import {
  airDensitySeries,
  averageByPeriod,
  type Channel,
  calendarSums,
  classifyTurbulence,
  diurnalVariation,
  elementReportRows,
  IEC_REFERENCE_TURBULENCE,
  iecTurbulenceIntensity,
  mommSideBySide,
  monthlyVariation,
  periodComparisonRows,
  type TurbulenceCategory,
  turbulenceReportRows,
  weibullCumulative,
  weibullDensity,
  weibullMeanSpeed,
  weibullPowerDensity,
  yamartinoSd,
} from '@masthub/wind';
import {
  type AnalysisContext,
  MOMM_MIN_COVERAGE,
  num,
  pad2,
  round,
  STANDARD_AIR_DENSITY,
} from './analysis-context.ts';
import { turbulenceDetail } from './detail-sections.ts';
import { ALL_RECORDS } from './statistics-labels.ts';

export function summarySection(ctx: AnalysisContext): TSummaryRow[] {
  return ctx.station.channels.map((c) => {
    const s = ctx.statisticsOf(c.id);
    const info = ctx.info(c.id);
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
      directionSdYamartino: num(isVane ? yamartinoSd(ctx.mask(c)) : undefined),
    };
  });
}

export function recoverySection(ctx: AnalysisContext): TStatisticsResult['recovery'] {
  const rows: TElementReportRow[] = elementReportRows(ctx.station, ctx.stats).map((r) => {
    const info = ctx.info(r.channelId);
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
      filledCount: r.filledCount,
      validWithFilledRate: num(r.validWithFilledRate),
      validAvg: num(r.validAvg),
      avgWindPower: num(r.avgWindPower),
      isMonth: /^\d{4}-\d{2}$/.test(r.dataPhase),
    };
  });
  const { startMs, intervalMinutes } = ctx.station.grid;
  const timeOf = (slot: number) => new Date(startMs + slot * intervalMinutes * 60_000).toISOString();
  return {
    rows,
    months: ctx.monthLabels(),
    byChannel: ctx.station.channels.map((c) => ({
      channelId: ctx.info(c.id).channelId,
      rates: ctx.statisticsOf(c.id).recovery.byMonth.map((m) => num(m.validRatePct)),
      ratesWithFilled: ctx.statisticsOf(c.id).recovery.byMonth.map((m) => num(m.validWithFilledRatePct)),
    })),
    // Valid values only (flags respected, as every tab): what the year and the gaps really hold.
    yearly: ctx.station.channels.flatMap((c) =>
      averageByPeriod(ctx.mask(c), ctx.stats.calendar, 'year', intervalMinutes, {
        ...(ctx.sums.has(c.id) ? { sums: ctx.sums.get(c.id)! } : {}),
      }).map((y) => ({
        channelId: ctx.info(c.id).channelId,
        year: y.year!,
        count: y.count,
        coverage: num(y.coverage * 100),
        mean: num(y.mean),
        max: num(y.max),
        maxTime: y.maxIndex >= 0 ? timeOf(y.maxIndex) : null,
      })),
    ),
    gaps: ctx.station.channels.map((c) => {
      // Found by packages/wind's one sweep of the channel (timeContinuityGaps of the usable values).
      const continuity = ctx.statisticsOf(c.id).continuity;
      const longest = continuity.gaps;
      return {
        channelId: ctx.info(c.id).channelId,
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

export function frequencySection(ctx: AnalysisContext): TFrequencyItem[] {
  const items: TFrequencyItem[] = [];
  for (const c of ctx.speeds) {
    const s = ctx.statisticsOf(c.id).speed;
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
      channelId: ctx.info(c.id).channelId,
      heightTag: ctx.info(c.id).heightTag,
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

export function turbulenceSection(ctx: AnalysisContext): TStatisticsResult['turbulence'] {
  const items: TTurbulenceItem[] = [];
  for (const c of ctx.speeds) {
    const table = ctx.statisticsOf(c.id).speed?.turbulence;
    const sd = ctx.sibling(c, 'sd');
    if (!table || !sd) continue;
    const bin15 = table.bins.find((b) => b.centreMps === 15);
    const ti15 = bin15 && Number.isFinite(bin15.representativeTi) ? bin15.representativeTi : undefined;
    const classes = ti15 === undefined ? undefined : classifyTurbulence(ti15, 15);
    items.push({
      channelId: ctx.info(c.id).channelId,
      sdChannelId: ctx.info(sd.id).channelId,
      heightTag: ctx.info(c.id).heightTag,
      rows: turbulenceReportRows(table).map((r) => ({
        name: r.name === 'all' ? ALL_RECORDS[ctx.language] : r.name,
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
        characteristicTi: num(b.characteristicTi),
      })),
      ...turbulenceDetail(ctx, c, sd, table),
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

export function airDensitySection(ctx: AnalysisContext): TStatisticsResult['airDensity'] {
  const lowest = (element: Channel['element']) =>
    ctx.station.channels
      .filter((c) => c.element === element && c.statistic === 'avg')
      .sort((a, b) => a.heightM - b.heightM)[0];
  const temperature = lowest('T');
  const pressure = lowest('p');
  const humidity = lowest('RH');
  const base = {
    temperatureChannelId: temperature ? ctx.info(temperature.id).channelId : null,
    pressureChannelId: pressure ? ctx.info(pressure.id).channelId : null,
    humidityChannelId: humidity ? ctx.info(humidity.id).channelId : null,
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
    byYearMonth: [],
    byHour: [],
  };
  if (!temperature || !pressure) return empty;
  const series = airDensitySeries(
    ctx.mask(temperature),
    ctx.mask(pressure),
    humidity ? ctx.mask(humidity) : undefined,
  );
  const sums = calendarSums(series, ctx.stats.calendar);
  const description = sums.description;
  if (!description) return empty;
  const monthly = monthlyVariation(series, ctx.stats.calendar, { sums });
  const diurnal = diurnalVariation(series, ctx.stats.calendar, { sums });
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
    byYearMonth: monthly.byYearMonth.map((m) => ({
      month: `${m.year}-${pad2(m.month)}`,
      count: m.count,
      coverage: num(m.coverage * 100),
      mean: num(m.mean),
    })),
    byHour: diurnal.byHour.map((h) => num(h.mean)),
  };
}

/** Averages of scalar elements (speed, temperature, pressure, humidity, density). */
function scalarAverages(ctx: AnalysisContext): Channel[] {
  return ctx.station.channels.filter(
    (c) => c.statistic === 'avg' && c.element !== 'wd' && c.element !== 'other',
  );
}

export function monthlySection(ctx: AnalysisContext): TStatisticsResult['monthly'] {
  const mommMinCoverage = ctx.options.mommMinCoverage ?? MOMM_MIN_COVERAGE;
  const series = scalarAverages(ctx).map((c) => {
    const info = ctx.info(c.id);
    const monthly = ctx.statisticsOf(c.id).monthly;
    const byCalendar: (number | null)[] = Array.from({ length: 12 }, () => null);
    for (const m of monthly?.byCalendarMonth ?? []) byCalendar[m.month - 1] = num(m.mean);
    const momm = mommSideBySide(monthly?.byYearMonth ?? [], mommMinCoverage);
    return {
      channelId: info.channelId,
      element: c.element,
      heightTag: info.heightTag,
      unit: info.unit,
      byYearMonth: (monthly?.byYearMonth ?? []).map((m) => num(m.mean)),
      byCalendarMonth: byCalendar,
      momm: num(monthly?.meanOfMonthlyMeans),
      mommBrightwind: num(momm.brightwind),
      mommMastHub: num(momm.masthub),
      yearMonthsUsed: momm.yearMonthsUsed,
      calendarMonthsUsed: momm.calendarMonthsUsed,
    };
  });
  // Each calendar year (newest 3) of the highest speed against the whole period's mean (SPEC §3 rows).
  const top = ctx.speeds[ctx.speeds.length - 1];
  let periodComparison: TStatisticsResult['monthly']['periodComparison'] = {
    channelId: null,
    baselineMean: null,
    rows: [],
  };
  const baseline = top ? ctx.statisticsOf(top.id).description?.mean : undefined;
  if (top && baseline !== undefined) {
    const sums = new Map<number, { sum: number; count: number }>();
    for (const m of ctx.statisticsOf(top.id).monthly?.byYearMonth ?? []) {
      if (m.count === 0) continue;
      const entry = sums.get(m.year) ?? { sum: 0, count: 0 };
      entry.sum += m.mean * m.count;
      entry.count += m.count;
      sums.set(m.year, entry);
    }
    const annual = [...sums.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([year, e]) => ({ year, meanSpeedMps: e.sum / e.count }));
    const chosen = ctx.options.averagePeriods;
    const periods =
      chosen && chosen.length > 0
        ? chosen.slice(0, 3)
        : annual.slice(-3).map((a) => ({ startYear: a.year, endYear: a.year }));
    periodComparison = {
      channelId: ctx.info(top.id).channelId,
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
  return { months: ctx.monthLabels(), mommMinCoverage, series, periodComparison };
}

export function dailySection(ctx: AnalysisContext): TStatisticsResult['daily'] {
  return {
    series: scalarAverages(ctx).map((c) => {
      const info = ctx.info(c.id);
      const diurnal = ctx.statisticsOf(c.id).diurnal;
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
