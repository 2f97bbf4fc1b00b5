import { formatUnit } from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import { GB_TURBULENCE_GRADES } from '../../wind-data/index.ts';
import { toPng } from '../render/chart-png.ts';
import {
  fmt,
  iecCategoryText,
  RECOVERY_ACCEPTED_PCT,
  type TChapterContext,
  table,
  wpdClass,
} from './analysis-figures.ts';

/* The chapters of the analysis report on the measurements: the site, recovery, speed, distribution, rose, turbulence. */

export function overviewChapter(ctx: TChapterContext): void {
  const { result, meta, t, blocks, language } = ctx;
  blocks.push({ kind: 'paragraph', text: t.overviewText });
  const lt = meta.longTerm;
  if (lt) {
    blocks.push({
      kind: 'paragraph',
      text: say(language, 'analysisReport.longTermText', {
        reference: lt.referenceName,
        method: lt.methodName,
      }),
    });
  }
  blocks.push(
    table(
      [
        [t.item, 1],
        [t.value, 2],
      ],
      [
        [t.code, meta.station.code],
        [t.project, meta.station.projectName],
        [t.location, meta.station.location || '—'],
        [t.coords, `${meta.station.longitude.toFixed(5)}°E, ${meta.station.latitude.toFixed(5)}°N`],
        [t.altitude, meta.station.altitudeM === null ? '—' : `${meta.station.altitudeM} m`],
        [t.mast, meta.station.mastHeightM === null ? '—' : `${meta.station.mastHeightM} m`],
        [t.manufacturer, meta.station.manufacturerName || '—'],
        [t.version, meta.versionName],
        ...(lt
          ? [
              [
                t.longTerm,
                say(language, 'analysisReport.longTermValue', {
                  reference: lt.referenceName,
                  method: lt.methodName,
                  uTotal: lt.uTotal === null ? '—' : `${(lt.uTotal * 100).toFixed(2)} %`,
                }),
              ],
            ]
          : []),
        [t.period, `${meta.startDate} ~ ${meta.endDate}`],
        [t.interval, `${result.intervalMinutes} min`],
        [t.records, String(result.recordCount)],
      ],
    ),
  );
  blocks.push(
    table(
      [
        [t.channel, 2],
        [t.element, 2],
        [t.height, 1],
        [t.unit, 1],
      ],
      result.channels.map((c) => [c.name, c.elementName, c.heightTag, formatUnit(c.unit)]),
    ),
  );
}

export function recoveryChapter(ctx: TChapterContext): void {
  const { result, language, t, k, blocks, charts } = ctx;
  blocks.push({ kind: 'paragraph', text: `${t.recoveryText} ${t.recoveryTwoFigures}` });
  const overall = result.recovery.rows.filter((r) => !r.isMonth);
  // Both figures, each labelled (issue 45 §1): measured (WIND-ANALYSIS §3) and after reconstruction.
  blocks.push(
    table(
      [
        [t.channel, 3],
        [t.height, 1],
        [t.should, 1],
        [t.lack, 1],
        [t.invalid, 1],
        [t.valid, 1],
        [t.rateMeasured, 1],
        [t.filled, 1],
        [t.rateAfter, 1],
        [t.validAvg, 1],
        [t.wpd, 1],
      ],
      overall.map((r) => [
        r.channelName,
        r.heightTag,
        String(r.shouldCount),
        String(r.lackCount),
        String(r.invalidCount),
        String(r.validCount),
        fmt(r.validRate, 1),
        String(r.filledCount),
        fmt(r.validWithFilledRate, 1),
        fmt(r.validAvg),
        fmt(r.avgWindPower, 1),
      ]),
    ),
  );
  const low = overall.filter((r) => r.validRate !== null && r.validRate < RECOVERY_ACCEPTED_PCT);
  blocks.push({
    kind: 'paragraph',
    text:
      low.length > 0
        ? say(language, 'analysisReport.recoveryLow', {
            list: low.map((r) => `${r.channelName} ${fmt(r.validRate, 1)} %`).join(', '),
          })
        : t.recoveryOk,
  });
  const speedIds = new Set(k.speeds.map((s) => s.channelId));
  const series = result.recovery.byChannel.filter((c) => speedIds.has(c.channelId));
  if (series.length > 0 && result.recovery.months.length > 0) {
    charts.set(
      'recovery',
      toPng({
        legend: { top: 0 },
        grid: { left: 50, right: 20, top: 40, bottom: 50 },
        xAxis: { type: 'category', data: result.recovery.months },
        yAxis: { type: 'value', min: 0, max: 100 },
        series: series.map((c) => ({
          type: 'line',
          name: k.channelsById.get(c.channelId)?.heightTag ?? String(c.channelId),
          data: c.rates,
          symbolSize: 4,
        })),
      }),
    );
    blocks.push({ kind: 'chart', id: 'recovery', caption: t.recoveryChart });
  }
}

export function speedChapter(ctx: TChapterContext): void {
  const { result, t, k, blocks, charts, summaryOf } = ctx;
  blocks.push(
    table(
      [
        [t.height, 1],
        [t.mean, 1],
        [t.sd, 1],
        [t.max, 1],
        [t.gust, 1],
        [t.wpd, 1],
        [t.wpdClass, 1],
        [t.rate, 1],
      ],
      k.speeds.map((c) => {
        const r = summaryOf(c.channelId);
        return [
          c.heightTag,
          fmt(r?.mean),
          fmt(r?.sd),
          fmt(r?.max, 1),
          fmt(r?.gustMax, 1),
          fmt(r?.avgWindPower, 1),
          String(wpdClass(c.heightM, r?.avgWindPower ?? null) ?? '—'),
          fmt(r?.validRate, 1),
        ];
      }),
    ),
  );
  const monthly = result.monthly.series.filter((s) => k.speeds.some((c) => c.channelId === s.channelId));
  if (monthly.length > 0 && result.monthly.months.length > 0) {
    charts.set(
      'monthly',
      toPng({
        legend: { top: 0 },
        grid: { left: 50, right: 20, top: 40, bottom: 50 },
        xAxis: { type: 'category', data: result.monthly.months },
        yAxis: { type: 'value', name: 'm/s' },
        series: monthly.map((s) => ({
          type: 'line',
          name: s.heightTag,
          data: s.byYearMonth,
          symbolSize: 4,
        })),
      }),
    );
    blocks.push({ kind: 'chart', id: 'monthly', caption: t.monthlyChart });
  }
}

export function distributionChapter(ctx: TChapterContext): void {
  const { result, language, t, k, blocks, charts } = ctx;
  const items = result.frequency.items.filter((f) => k.speeds.some((c) => c.channelId === f.channelId));
  blocks.push(
    table(
      [
        [t.height, 1],
        [t.weibullA, 1],
        [t.weibullK, 1],
        [t.weibullMean, 1],
        [t.weibullWpd, 1],
      ],
      items.map((f) => [
        f.heightTag,
        fmt(f.weibull?.scale),
        fmt(f.weibull?.shape, 3),
        fmt(f.weibull?.meanSpeed),
        fmt(f.weibull?.powerDensity, 1),
      ]),
    ),
  );
  const topItem = items.find((f) => f.channelId === k.top?.channelId);
  if (topItem) {
    charts.set(
      'frequency',
      toPng({
        grid: { left: 50, right: 20, top: 30, bottom: 40 },
        xAxis: { type: 'value', name: 'm/s', min: 0 },
        yAxis: { type: 'value', name: '%' },
        series: [
          {
            type: 'bar',
            barWidth: '60%',
            itemStyle: { color: '#1677ff' },
            data: topItem.bins.map((b) => [b.centre, b.frequencyPct]),
          },
          {
            type: 'line',
            smooth: true,
            showSymbol: false,
            itemStyle: { color: '#d4380d' },
            data: topItem.curve.speed.map((v, j) => [v, topItem.curve.pct[j]]),
          },
        ],
      }),
    );
    blocks.push({
      kind: 'chart',
      id: 'frequency',
      caption: say(language, 'analysisReport.freqChart', { height: topItem.heightTag }),
    });
  }
}

export function roseChapter(ctx: TChapterContext): void {
  const { result, language, t, k, blocks, charts } = ctx;
  const rose =
    result.rose.items.find((r) => r.speedChannelId === k.top?.channelId) ?? result.rose.items.at(-1);
  if (!rose) return;
  blocks.push(
    table(
      [
        [t.sector, 1],
        [t.frequency, 1],
        [t.meanSector, 1],
        [t.energy, 1],
      ],
      rose.sectors.map((s) => [
        result.rose.labels[s.index] ?? String(s.centreDeg),
        fmt(s.frequencyPct),
        fmt(s.meanSpeed),
        fmt(s.energyPct),
      ]),
    ),
  );
  if (k.prevailing) {
    blocks.push({
      kind: 'paragraph',
      text: `${say(language, 'analysisReport.prevailing', {
        direction: k.prevailing.direction,
        frequency: fmt(k.prevailing.frequency, 1),
        energy: fmt(k.prevailing.energy, 1),
        energyDirection: k.prevailing.energyDirection,
      })} ${say(language, 'analysisReport.calm', { pct: fmt(rose.calmPct, 1) })}`,
    });
  }
  charts.set(
    'rose',
    toPng(
      {
        legend: { top: 0 },
        angleAxis: {
          type: 'category',
          data: result.rose.labels,
          startAngle: 90 + 180 / result.rose.labels.length,
        },
        radiusAxis: {},
        polar: { radius: '72%' },
        series: [
          {
            type: 'bar',
            coordinateSystem: 'polar',
            name: t.frequency,
            data: rose.sectors.map((s) => s.frequencyPct),
          },
          {
            type: 'bar',
            coordinateSystem: 'polar',
            name: t.energy,
            data: rose.sectors.map((s) => s.energyPct),
          },
        ],
      },
      { width: 700, height: 520 },
    ),
  );
  blocks.push({
    kind: 'chart',
    id: 'rose',
    caption: say(language, 'analysisReport.roseChart', { height: rose.heightTag }),
  });
}

export function turbulenceChapter(ctx: TChapterContext): void {
  const { result, language, t, k, blocks, charts } = ctx;
  if (result.turbulence.items.length === 0) {
    blocks.push({ kind: 'paragraph', text: '—' });
    return;
  }
  for (const item of result.turbulence.items) {
    blocks.push({ kind: 'heading', level: 2, text: item.heightTag });
    blocks.push(
      table(
        [
          [t.tiName, 1],
          [t.tiAvg, 1],
          [t.tiSd, 1],
          [t.tiRep, 1],
          [t.tiSample, 1],
        ],
        item.rows
          .filter((r) => r.sample > 0)
          .map((r) => [
            r.name === 'all' ? say(language, 'analysisReport.allRecords') : r.name,
            fmt(r.avg, 3),
            fmt(r.sd, 3),
            fmt(r.represent, 3),
            String(r.sample),
          ]),
      ),
    );
    blocks.push({
      kind: 'paragraph',
      text: say(language, 'analysisReport.ti15', {
        height: item.heightTag,
        ti: fmt(item.ti15, 3),
        iec: iecCategoryText(item.iecCategory, language),
        gb: item.gbGrade ? (GB_TURBULENCE_GRADES[item.gbGrade]?.[language] ?? item.gbGrade) : '—',
      }),
    });
  }
  const topTi =
    result.turbulence.items.find((i) => i.channelId === k.top?.channelId) ?? result.turbulence.items.at(-1)!;
  charts.set(
    'turbulence',
    toPng({
      legend: { top: 0 },
      grid: { left: 50, right: 20, top: 40, bottom: 40 },
      xAxis: { type: 'value', name: 'm/s', min: 0 },
      yAxis: { type: 'value', name: 'TI' },
      series: [
        {
          type: 'line',
          name: t.tiRep,
          data: topTi.bins.filter((b) => b.representTi !== null).map((b) => [b.speed, b.representTi]),
        },
        ...result.turbulence.iecCurves.categories.map((c) => ({
          type: 'line' as const,
          name: `IEC ${c.category}`,
          showSymbol: false,
          lineStyle: { type: 'dashed' as const },
          data: result.turbulence.iecCurves.speed.map((v, j) => [v, c.ti[j]]),
        })),
      ],
    }),
  );
  blocks.push({
    kind: 'chart',
    id: 'turbulence',
    caption: say(language, 'analysisReport.tiChart', { height: topTi.heightTag }),
  });
}
