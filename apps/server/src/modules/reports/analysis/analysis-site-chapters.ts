import type { Language, TStatisticsResult } from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import { toPng } from '../render/chart-png.ts';
import {
  extrapolateToHeight,
  fmt,
  iecCategoryText,
  SHEAR_ATTENTION,
  type TAnalysisReportMeta,
  type TChapterContext,
  type TKeyFigures,
  type TReportTexts,
  table,
} from './analysis-figures.ts';

/* The chapters of the analysis report on the site's wind climate: shear, correlation, air density, extremes, long-term periods, conclusion. */

export function shearChapter(ctx: TChapterContext): void {
  const { result, language, t, blocks, charts } = ctx;
  const shear = result.shear;
  if (!shear || shear.exponent === null) {
    blocks.push({ kind: 'paragraph', text: t.shearNone });
    return;
  }
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'analysisReport.shearText', {
      alpha: fmt(shear.exponent, 3),
      note: shear.exponent > SHEAR_ATTENTION ? t.shearHigh : '',
    }),
  });
  blocks.push(
    table(
      [
        [t.height, 1],
        [t.mean, 1],
      ],
      shear.heightsM.map((h, j) => [`${h} m`, fmt(shear.meanSpeeds[j])]),
    ),
  );
  blocks.push(
    table(
      [
        [t.alpha, 1],
        [t.z0, 1],
      ],
      [[fmt(shear.exponent, 3), fmt(shear.roughness, 4)]],
    ),
  );
  const sectorRows = shear.bySector.filter((s) => s.exponent !== null);
  if (sectorRows.length > 0) {
    blocks.push({ kind: 'heading', level: 2, text: t.bySector });
    blocks.push(
      table(
        [
          [t.sector, 1],
          [t.alpha, 1],
          [t.tiSample, 1],
        ],
        sectorRows.map((s) => [s.label, fmt(s.exponent, 3), String(s.count)]),
      ),
    );
  }
  charts.set(
    'shear',
    toPng(
      {
        grid: { left: 60, right: 30, top: 30, bottom: 40 },
        xAxis: { type: 'value', name: 'm/s' },
        yAxis: { type: 'value', name: 'm' },
        series: [
          {
            type: 'scatter',
            symbolSize: 10,
            data: shear.heightsM.map((h, j) => [shear.meanSpeeds[j], h]),
          },
          {
            type: 'line',
            showSymbol: false,
            data: shear.profile.heightM.map((h, j) => [shear.profile.speed[j], h]),
          },
        ],
      },
      { width: 700, height: 420 },
    ),
  );
  blocks.push({ kind: 'chart', id: 'shear', caption: t.shearChart });
}

export function correlationChapter(ctx: TChapterContext): void {
  const { result, language, t, blocks } = ctx;
  const c = result.correlation;
  if (c.items.length === 0 || c.referenceHeightTag === null) {
    blocks.push({ kind: 'paragraph', text: '—' });
    return;
  }
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'analysisReport.correlationText', { reference: c.referenceHeightTag }),
  });
  for (const item of c.items) {
    blocks.push({ kind: 'heading', level: 2, text: `${item.heightTag} ~ ${c.referenceHeightTag}` });
    blocks.push({
      kind: 'paragraph',
      text: say(language, 'analysisReport.correlationLine', {
        slope: fmt(item.slope, 4),
        intercept: fmt(item.intercept, 3),
        r: fmt(item.r, 4),
        pairs: String(item.count),
        words: item.strength
          ? say(language, 'analysisReport.words', {
              r: item.strength.rText,
              r2: item.strength.rSquaredText,
            })
          : '—',
      }),
    });
    blocks.push(
      table(
        [
          [t.sectorRange, 1],
          [t.tiSample, 1],
          [t.intercept, 1],
          [t.slope, 1],
          ['r', 1],
          [t.corrected, 1],
          [t.strength, 1],
        ],
        item.sectors.map((r) => [
          r.sectorRange,
          String(r.count),
          fmt(r.intercept, 3),
          fmt(r.slope, 4),
          fmt(r.r, 4),
          fmt(r.correctedValue),
          r.strength?.rText ?? '—',
        ]),
      ),
    );
  }
}

export function airDensityChapter(ctx: TChapterContext): void {
  const { result, language, t, blocks } = ctx;
  const d = result.airDensity;
  blocks.push({
    kind: 'paragraph',
    text:
      d.source === 'measured'
        ? say(language, 'analysisReport.densityMeasured')
        : say(language, 'analysisReport.densityConstant', { density: fmt(d.constant, 3) }),
  });
  if (d.source === 'measured') {
    blocks.push(
      table(
        [
          [t.month, 1],
          [`${t.density} kg/m³`, 1],
          [t.tiSample, 1],
        ],
        [
          ...d.byCalendarMonth.map((m) => [String(m.month), fmt(m.mean, 3), String(m.count)]),
          [say(language, 'analysisReport.wholeYear'), fmt(d.mean, 3), String(d.count)],
        ],
      ),
    );
  }
}

export function extremeChapter(ctx: TChapterContext): void {
  const { result, t, blocks } = ctx;
  blocks.push({ kind: 'paragraph', text: t.extremeText });
  blocks.push(
    table(
      [
        [t.height, 1],
        [t.avg, 1],
        [t.fivefold, 1],
        [t.max, 1],
        [t.gust, 1],
        [t.v50, 1],
        [t.ewm, 1],
      ],
      result.extreme.rows.map((r) => [
        r.height,
        fmt(r.avg),
        fmt(r.fivefoldMax, 1),
        fmt(r.max, 1),
        fmt(r.gustMax, 1),
        fmt(r.v50, 1),
        fmt(r.ewmMax, 1),
      ]),
    ),
  );
}

export function periodChapter(ctx: TChapterContext): void {
  periodComparison(ctx);
  uncertaintyTable(ctx);
}

/**
 * The wind-speed uncertainty at the target height (issue 46 §1): each component in its IEC 61400-15-2
 * category, % of the wind speed, how obtained, the formula; combined for 1 and 20 years. The energy
 * (with a turbine's sensitivity) is the energy yield's.
 */
function uncertaintyTable(ctx: TChapterContext): void {
  const { meta, language, t, blocks } = ctx;
  const u = meta.uncertainty;
  if (!u) return;
  const word = (key: string) => say(language, key as never);
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'analysisReport.uncertaintyText', {
      height: String(meta.targetHeightM),
      one: fmt(u.combined[0]!.value * 100),
      twenty: fmt(u.combined[1]!.value * 100),
    }),
  });
  blocks.push(
    table(
      [
        [t.uComponent, 1.2],
        [t.uCategory, 1.2],
        [t.uValue, 0.7],
        [t.uHow, 0.7],
        [t.uFormula, 2.6],
      ],
      u.components.map((c) => [
        c.name ?? word(`energyWorkbook.component.${c.key}`),
        word(`energyWorkbook.category.${c.category}`),
        fmt(c.value * 100),
        word(`energyWorkbook.how.${c.how}`),
        `${c.formula}${c.note ? ` (${word(`energyWorkbook.note.${c.note}`)})` : ''}`,
      ]),
    ),
  );
}

function periodComparison(ctx: TChapterContext): void {
  const { result, language, t, blocks } = ctx;
  const p = result.monthly.periodComparison;
  if (p.rows.length === 0 || p.baselineMean === null) {
    blocks.push({ kind: 'paragraph', text: t.periodNone });
    return;
  }
  const coverage = yearCoverage(result, p.channelId);
  const rows = p.rows.map((r) => {
    const years = Array.from({ length: r.endYear - r.startYear + 1 }, (_, j) => r.startYear + j);
    const isComparable = years.every((y) => (coverage.get(y)?.months ?? 0) === 12);
    return {
      cells: [
        r.name,
        fmt(r.avgSpeed),
        fmt(r.deviate),
        fmt(r.rate, 1),
        years
          .map((y) =>
            yearCoverageText(y, coverage.get(y)?.months ?? 0, fmt(coverage.get(y)?.recovery, 1), language),
          )
          .join(say(language, 'analysisReport.clauseSeparator')),
        isComparable ? t.isComparable : t.notComparable,
      ],
      isComparable,
    };
  });
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'analysisReport.periodText', { base: fmt(p.baselineMean) }),
  });
  blocks.push(
    table(
      [
        [t.periodName, 1],
        [t.periodAvg, 1],
        [t.deviate, 1],
        [t.deviateRate, 1],
        [t.coverage, 2.4],
        [t.comparable, 1.2],
      ],
      rows.map((r) => r.cells),
    ),
  );
  if (rows.some((r) => !r.isComparable)) blocks.push({ kind: 'paragraph', text: t.partialNote });
}

export function conclusionChapter(ctx: TChapterContext): void {
  const { result, meta, language, t, k, blocks } = ctx;
  blocks.push({ kind: 'paragraph', text: t.conclusionText });
  blocks.push(
    table(
      [
        [t.item, 2],
        [t.value, 2],
      ],
      conclusionRows(result, meta, k, t, language),
    ),
  );
}

/**
 * Per calendar year of a speed channel: the months that hold data and the year's recovery (valid values
 * ÷ the slots of the whole calendar year, %), so a year with a few months is not taken for an annual mean.
 */
function yearCoverage(
  result: TStatisticsResult,
  channelId: number | null,
): Map<number, { months: number; recovery: number | null }> {
  const out = new Map<number, { months: number; recovery: number | null }>();
  const series = result.monthly.series.find((s) => s.channelId === channelId);
  result.monthly.months.forEach((label, i) => {
    if (series?.byYearMonth[i] === null || series?.byYearMonth[i] === undefined) return;
    const year = Number(label.slice(0, 4));
    const entry = out.get(year) ?? { months: 0, recovery: null };
    entry.months += 1;
    out.set(year, entry);
  });
  for (const y of result.recovery.yearly) {
    if (y.channelId !== channelId) continue;
    const entry = out.get(y.year) ?? { months: 0, recovery: null };
    entry.recovery = y.coverage;
    out.set(y.year, entry);
  }
  return out;
}

function conclusionRows(
  result: TStatisticsResult,
  meta: TAnalysisReportMeta,
  k: TKeyFigures,
  t: TReportTexts,
  language: Language,
): string[][] {
  const top = k.top;
  const topSummary = top ? result.summary.rows.find((r) => r.channelId === top.channelId) : undefined;
  const rows: string[][] = [[t.cPeriod, `${meta.startDate} ~ ${meta.endDate}`]];
  if (top && topSummary) {
    rows.push([t.cRecovery, `${top.heightTag}: ${fmt(topSummary.validRate, 1)} %`]);
    rows.push([t.cMean, `${top.heightTag}: ${fmt(topSummary.mean)} m/s`]);
    rows.push([t.cWpd, `${top.heightTag}: ${fmt(topSummary.avgWindPower, 1)} W/m²`]);
    if (meta.windYear) {
      // The wind year is analysed over the same channels: the same channel id.
      const wy = meta.windYear.result.summary.rows.find((r) => r.channelId === top.channelId);
      rows.push([
        say(language, 'analysisReport.cWindYear', { start: meta.windYear.start, end: meta.windYear.end }),
        wy ? `${fmt(wy.mean)} m/s / ${fmt(wy.avgWindPower, 1)} W/m²` : '—',
      ]);
    }
    rows.push([t.cWeibull, `${fmt(topSummary.weibullScale)} m/s / ${fmt(topSummary.weibullShape, 3)}`]);
  }
  if (k.prevailing) rows.push([t.cDirection, `${k.prevailing.direction} / ${k.prevailing.energyDirection}`]);
  const ti =
    result.turbulence.items.find((i) => i.channelId === top?.channelId) ?? result.turbulence.items.at(-1);
  if (ti)
    rows.push([t.cTi, `${ti.heightTag}: ${fmt(ti.ti15, 3)} (${iecCategoryText(ti.iecCategory, language)})`]);
  rows.push([t.cShear, k.alphaMeasured ? fmt(k.alpha, 3) : `${fmt(k.alpha, 3)} (1/7)`]);
  if (top && topSummary && topSummary.mean !== null && top.heightM !== null && top.heightM > 0) {
    const at = extrapolateToHeight(
      topSummary.mean,
      topSummary.avgWindPower,
      top.heightM,
      meta.targetHeightM,
      k.alpha,
    );
    rows.push([
      say(language, 'analysisReport.cTarget', { height: meta.targetHeightM }),
      `${fmt(at.meanSpeed)} m/s / ${fmt(at.powerDensity, 1)} W/m²`,
    ]);
  }
  rows.push([
    t.cDensity,
    `${fmt(result.airDensity.source === 'measured' ? result.airDensity.mean : result.airDensity.constant, 3)} kg/m³`,
  ]);
  const extreme = result.extreme.rows.find((r) => r.channelId === top?.channelId);
  if (extreme) rows.push([t.cExtreme, `${fmt(extreme.v50 ?? extreme.fivefoldMax, 1)} m/s`]);
  return rows;
}

function yearCoverageText(year: number, months: number, recovery: string, language: Language): string {
  if (months === 0) return say(language, 'analysisReport.yearNoData', { year });
  return months === 1
    ? say(language, 'analysisReport.yearOneMonth', { year, months, recovery })
    : say(language, 'analysisReport.yearMonths', { year, months, recovery });
}
