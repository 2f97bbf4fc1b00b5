import {
  ANALYSIS_SECTION_NAMES,
  type Language,
  localMinute,
  type TAnalysisSection,
  type TStatisticsResult,
  utcLabel,
} from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import type { TBlock, TChartImage } from '../render/render.ts';
import {
  distributionChapter,
  overviewChapter,
  recoveryChapter,
  roseChapter,
  speedChapter,
  turbulenceChapter,
} from './analysis-chapters.ts';
import {
  keyFigures,
  reportTexts,
  type TAnalysisReportMeta,
  type TChapterContext,
} from './analysis-figures.ts';
import {
  airDensityChapter,
  conclusionChapter,
  correlationChapter,
  extremeChapter,
  periodChapter,
  shearChapter,
} from './analysis-site-chapters.ts';
import { suitabilityChapter } from './analysis-suitability-chapter.ts';

export type { TAnalysisReportMeta } from './analysis-figures.ts';
export { DEFAULT_SHEAR_EXPONENT, extrapolateToHeight, wpdClass } from './analysis-figures.ts';

/** One function per chapter of the template, each writing its blocks and charts. */
const CHAPTERS: Record<TAnalysisSection, (ctx: TChapterContext) => void> = {
  overview: overviewChapter,
  recovery: recoveryChapter,
  speed: speedChapter,
  distribution: distributionChapter,
  rose: roseChapter,
  turbulence: turbulenceChapter,
  shear: shearChapter,
  correlation: correlationChapter,
  air_density: airDensityChapter,
  extreme: extremeChapter,
  suitability: suitabilityChapter,
  period: periodChapter,
  conclusion: conclusionChapter,
};

/**
 * An analysis report of one data version as blocks (the renderers of the group reports lay them out in
 * Word and PDF) and the charts they name: the chapters of the template in GB/T 18710 / NB/T 31147 order,
 * every number taken from the statistics analysis (WIND-ANALYSIS §3, §6, §8) of the chosen channels.
 */
export function composeAnalysisReport(
  result: TStatisticsResult,
  meta: TAnalysisReportMeta,
  sections: readonly TAnalysisSection[],
  language: Language,
): { blocks: TBlock[]; charts: Map<string, TChartImage> } {
  const ctx: TChapterContext = {
    result,
    meta,
    language,
    t: reportTexts(language),
    k: keyFigures(result),
    blocks: [],
    charts: new Map<string, TChartImage>(),
    summaryOf: (channelId) => result.summary.rows.find((r) => r.channelId === channelId),
  };
  ctx.blocks.push({
    kind: 'title',
    text: meta.reportName,
    subtitle: say(language, 'analysisReport.subtitle', {
      code: meta.station.code,
      version: meta.versionName,
      start: meta.startDate,
      end: meta.endDate,
      owner: meta.ownerName,
      generatedAt: `${localMinute(meta.generatedAt.getTime(), meta.utcOffsetMinutes ?? 0)} (${utcLabel(meta.utcOffsetMinutes ?? 0)})`,
    }),
  });
  sections.forEach((section, i) => {
    ctx.blocks.push({ kind: 'heading', text: `${i + 1}. ${ANALYSIS_SECTION_NAMES[section][language]}` });
    CHAPTERS[section](ctx);
  });
  return { blocks: ctx.blocks, charts: ctx.charts };
}
