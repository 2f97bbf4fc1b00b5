import {
  IEC_TURBULENCE_CATEGORIES,
  localMinute,
  type TColdClimate,
  type TSuitabilityResult,
  utcLabel,
} from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import { passMark } from '../../suitability/index.ts';
import { toPng } from '../render/chart-png.ts';
import { fmt, type TChapterContext, table } from './analysis-figures.ts';

/** The four NTM curves' colours (A+ … C), as the web's chart draws them. */
const CATEGORY_COLOURS = ['#cf1322', '#fa8c16', '#1677ff', '#389e0d'];

/**
 * The site suitability chapter (issue 29, WIND-ANALYSIS §14): the verdict, the class table with ✓/✗ per
 * class I/II/III × A+/A/B/C, each extreme-wind method side by side, the notes, and two charts drawn on
 * the server (the representative TI against the four NTM curves, the extreme-wind probability plot).
 * The check itself was made when the report was built (analysis-build.ts, meta.suitability).
 */
export function suitabilityChapter(ctx: TChapterContext): void {
  const { meta, language, blocks } = ctx;
  const s = meta.suitability;
  if (!s || 'reason' in s) {
    blocks.push({
      kind: 'paragraph',
      text: say(language, 'suitability.report.none', { reason: s?.reason ?? '—' }),
    });
    return;
  }
  const r = s.result;
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'suitability.report.intro', {
      hub: String(r.hubHeight),
      channel: r.speedChannel.name,
      version: r.versionName,
    }),
  });
  blocks.push({ kind: 'paragraph', text: r.verdictText });
  // A verdict one record decides says so next to the verdict (issue 41 §1).
  const deciding = r.notes.find((n) => n.key === 'decidedByOneRecord' || n.key === 'v50AboveGust');
  if (deciding) blocks.push({ kind: 'paragraph', text: `⚠ ${deciding.text}` });
  blocks.push({ kind: 'heading', level: 2, text: say(language, 'suitability.report.classTable') });
  // One column per wind class (I, II, III), each cell the four categories' marks: the table fits a page.
  const classes = ['I', 'II', 'III'] as const;
  blocks.push(
    table(
      [
        [say(language, 'suitability.col.check'), 2],
        [say(language, 'suitability.col.value'), 1],
        ...classes.map((w): [string, number] => [`${w} (${IEC_TURBULENCE_CATEGORIES.join('/')})`, 1]),
      ],
      r.checks.map((c) => [
        c.name,
        c.siteValue === null ? '—' : `${fmt(c.siteValue, c.key === 'turbulence' ? 4 : 2)} ${c.unit}`.trim(),
        ...classes.map((w) =>
          r.classKeys
            .map((key, k) => (key.split(' ')[0] === w ? k : -1))
            .filter((k) => k >= 0)
            .map((k) => (c.status === 'judged' ? passMark(c.pass[k] ?? null, language) : fmt(c.limits[k], 2)))
            .join(' '),
        ),
      ]),
    ),
  );
  blocks.push(
    table(
      [
        [say(language, 'suitability.col.class'), 1],
        [say(language, 'suitability.col.suitable'), 1],
        [say(language, 'suitability.col.deciding'), 2],
        [say(language, 'suitability.col.margin'), 1],
      ],
      r.verdicts.map((v) => [
        v.key,
        passMark(v.isSuitable, language),
        v.decidingCheck ? (r.checks.find((c) => c.key === v.decidingCheck)?.name ?? '') : '—',
        fmt(v.decidingMargin === null ? null : v.decidingMargin * 100, 1),
      ]),
    ),
  );
  blocks.push({ kind: 'heading', level: 2, text: say(language, 'suitability.report.extremes') });
  blocks.push(
    table(
      [
        [say(language, 'suitability.col.method'), 2],
        [say(language, 'suitability.col.estimate'), 1],
        [say(language, 'suitability.col.records'), 1],
        [say(language, 'suitability.col.note'), 3],
      ],
      r.extremes.estimates.map((e) => [
        `${e.name}${e.isChosen ? ' ★' : ''}`,
        fmt(e.valueMps, 2),
        String(e.records),
        e.reason?.text ?? e.description,
      ]),
    ),
  );
  // The largest maxima of the chosen method, with their times (on the requester's clock) and flags.
  const zone = meta.utcOffsetMinutes ?? 0;
  const chosenMaxima = r.extremes.maxima
    .filter((m) => m.method === r.extremes.chosenMethod && m.isUsed)
    .sort((a, b) => b.valueMps - a.valueMps)
    .slice(0, 5);
  if (chosenMaxima.length > 0) {
    blocks.push({ kind: 'paragraph', text: say(language, 'suitability.report.maxima') });
    blocks.push(
      table(
        [
          [say(language, 'suitability.col.time', { zone: utcLabel(zone) }), 2],
          [say(language, 'suitability.col.maximum'), 1],
          [say(language, 'suitability.col.flag'), 1],
        ],
        chosenMaxima.map((m) => [localMinute(Date.parse(m.time), zone), fmt(m.valueMps, 2), String(m.flag)]),
      ),
    );
  }
  suitabilityCharts(ctx, r);
  if (r.coldClimate) coldClimateSection(ctx, r.coldClimate);
  if (r.notes.length > 0) {
    blocks.push({ kind: 'heading', level: 2, text: say(language, 'suitability.report.notes') });
    for (const n of r.notes) blocks.push({ kind: 'paragraph', text: `· ${n.text}` });
  }
}

/**
 * The cold-climate section of the chapter (issue 45 §2), with the suitability screen's texts: the summary,
 * the figures per year (IEA ice class and loss range, icing shares, IEC 61400-1 temperature figures), and the
 * ten latest icing periods.
 */
function coldClimateSection(ctx: TChapterContext, cold: TColdClimate): void {
  const { language, blocks } = ctx;
  const range = (r: readonly [number, number | null] | null) =>
    r === null ? '—' : r[1] === null ? `> ${r[0]} %` : `${r[0]}–${r[1]} %`;
  blocks.push({ kind: 'heading', level: 2, text: say(language, 'suitability.cold.chapter') });
  blocks.push({
    kind: 'paragraph',
    text: say(language, 'suitability.cold.chapterIntro', {
      t: String(cold.thresholds.meteorologicalMaxTemperatureC),
      rh: String(cold.thresholds.meteorologicalMinRelativeHumidityPct),
      source: cold.source,
    }),
  });
  blocks.push({ kind: 'paragraph', text: cold.summary });
  blocks.push(
    table(
      [
        [say(language, 'suitability.cold.col.year'), 1],
        [say(language, 'suitability.cold.col.iceClass'), 1],
        [say(language, 'suitability.cold.col.loss'), 1],
        [say(language, 'suitability.cold.col.meteorological'), 1],
        [say(language, 'suitability.cold.col.instrumental'), 1],
        [say(language, 'suitability.cold.col.minTemperature'), 1],
        [say(language, 'suitability.cold.col.below20'), 1],
        [say(language, 'suitability.cold.col.below30'), 1],
      ],
      cold.years.map((y) => [
        String(y.year),
        y.iceClass === null ? '—' : String(y.iceClass),
        range(y.productionLossPct),
        fmt(y.meteorologicalIcingPct, 2),
        fmt(y.instrumentalIcingPct, 2),
        fmt(y.minTemperatureC, 1),
        fmt(y.hoursBelowMinus20C, 1),
        fmt(y.hoursBelowMinus30C, 1),
      ]),
    ),
  );
  if (cold.periods.length === 0) return;
  blocks.push(
    table(
      [
        [say(language, 'suitability.cold.col.kind'), 1],
        [say(language, 'suitability.cold.col.start'), 1],
        [say(language, 'suitability.cold.col.end'), 1],
        [say(language, 'suitability.cold.col.evidence'), 2],
      ],
      cold.periods
        .slice(0, 10)
        .map((p) => [
          p.kindName,
          localMinute(Date.parse(p.startTime), ctx.meta.utcOffsetMinutes ?? 0),
          localMinute(Date.parse(p.endTime), ctx.meta.utcOffsetMinutes ?? 0),
          p.evidence,
        ]),
    ),
  );
}

function suitabilityCharts(ctx: TChapterContext, r: TSuitabilityResult): void {
  const { language, blocks, charts } = ctx;
  const bins = r.turbulence?.bins ?? [];
  if (bins.length > 0) {
    const ti = r.turbulenceDefinition === 'sigma' ? 'sigmaRepTi' : 'tiRep';
    charts.set(
      'suitabilityTi',
      toPng(
        {
          grid: { left: 60, right: 30, top: 40, bottom: 40 },
          legend: { top: 0 },
          xAxis: { type: 'value', name: 'm/s', min: 0 },
          yAxis: { type: 'value', name: 'TI' },
          series: [
            {
              type: 'scatter',
              name: ti === 'sigmaRepTi' ? 'σ_rep / V' : 'TI_rep',
              symbolSize: 8,
              data: bins.filter((b) => b[ti] !== null).map((b) => [b.centreMps, b[ti]]),
            },
            ...IEC_TURBULENCE_CATEGORIES.map((c, i) => ({
              type: 'line' as const,
              name: say(language, 'suitability.report.ntm', { category: c }),
              showSymbol: false,
              lineStyle: { color: CATEGORY_COLOURS[i] },
              itemStyle: { color: CATEGORY_COLOURS[i] },
              data: bins.map((b) => [b.centreMps, b.ntmTi[c]]),
            })),
          ],
        },
        { width: 800, height: 440 },
      ),
    );
    blocks.push({ kind: 'chart', id: 'suitabilityTi', caption: say(language, 'suitability.report.tiChart') });
  }
  const series = r.extremes.series;
  if (series.length > 0) {
    charts.set(
      'suitabilityExtreme',
      toPng(
        {
          grid: { left: 60, right: 30, top: 40, bottom: 40 },
          legend: { top: 0 },
          xAxis: { type: 'value', name: say(language, 'suitability.report.reducedVariate') },
          yAxis: { type: 'value', name: 'm/s', scale: true },
          series: series.flatMap((sr) => [
            {
              type: 'scatter' as const,
              name: sr.name,
              symbolSize: 6,
              data: sr.points.map((p) => [p.y, p.speedMps]),
            },
            {
              type: 'line' as const,
              name: sr.name,
              showSymbol: false,
              data: sr.line.map((p) => [p.y, p.speedMps]),
            },
          ]),
        },
        { width: 800, height: 440 },
      ),
    );
    blocks.push({
      kind: 'chart',
      id: 'suitabilityExtreme',
      caption: say(language, 'suitability.report.extremeChart'),
    });
  }
}
