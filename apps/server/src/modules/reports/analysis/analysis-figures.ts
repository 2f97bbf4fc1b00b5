import type {
  Language,
  TLongTermBasis,
  TStatisticsChannel,
  TStatisticsResult,
  TSuitabilityResult,
} from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import { type TKeysUnder, textsIn } from '../../../i18n/pick.ts';
import type { TWindSpeedUncertainty } from '../../energy/index.ts';
import type { TBlock, TChartImage } from '../render/render.ts';

/* The figures and helpers the chapters of the analysis report share (analysis-report.ts puts them together). */

/** What the report says about its site and request, beside the statistics. */
export interface TAnalysisReportMeta {
  reportName: string;
  station: {
    code: string;
    projectName: string;
    location: string;
    longitude: number;
    latitude: number;
    altitudeM: number | null;
    mastHeightM: number | null;
    manufacturerName: string;
  };
  versionName: string;
  /** The long-term correction the version stands on (its lineage), or null. */
  longTerm: TLongTermBasis | null;
  /** Local report dates as requested, 'YYYY-MM-DD'. */
  startDate: string;
  endDate: string;
  targetHeightM: number;
  sectorWidthDeg: number;
  /** The 12 months of the wind year and their analysis (speeds at every height), when chosen. */
  windYear?: { start: string; end: string; result: TStatisticsResult } | undefined;
  generatedAt: Date;
  /** The zone of the requester (its `utc-code`, minutes east of UTC): the generation time is written on its clock. */
  utcOffsetMinutes?: number | undefined;
  ownerName: string;
  /** The site suitability at the target height (issue 29), or why it could not be made; absent when not asked. */
  suitability?: { result: TSuitabilityResult } | { reason: string } | undefined;
  /** The wind-speed uncertainty at the target height (issue 46 §1), with the period chapter; null: no shear fit. */
  uncertainty?: TWindSpeedUncertainty | null | undefined;
}

/** WIND-ANALYSIS §6: without a second height the shear exponent is taken as 1/7. */
export const DEFAULT_SHEAR_EXPONENT = 1 / 7;
/** NB/T 31147 asks for further analysis above this exponent (WIND-ANALYSIS §6). */
export const SHEAR_ATTENTION = 0.2;
/** Recovery accepted by NB/T 31147 (WIND-ANALYSIS §3). */
export const RECOVERY_ACCEPTED_PCT = 90;
/** GB/T 18710 WPD class lower bounds (classes 2–7) at 10, 30 and 50 m (WIND-ANALYSIS §8.3). */
const WPD_CLASS_BOUNDS: Record<number, readonly number[]> = {
  10: [100, 150, 200, 250, 300, 400],
  30: [160, 240, 320, 400, 480, 640],
  50: [200, 300, 400, 500, 600, 800],
};

/** The GB/T 18710 power density class (1–7) at 10, 30 or 50 m; undefined at other heights. */
export function wpdClass(heightM: number | null, wpd: number | null): number | undefined {
  if (heightM === null || wpd === null) return undefined;
  const bounds = WPD_CLASS_BOUNDS[heightM];
  if (!bounds) return undefined;
  return 1 + bounds.filter((b) => wpd >= b).length;
}

/**
 * Mean speed and power density carried from a measured height to the target height with the power law
 * (WIND-ANALYSIS §6): V₂ = V₁(z₂/z₁)^α; a uniform factor on every speed scales ½ρv³ by its cube.
 */
export function extrapolateToHeight(
  meanSpeed: number,
  powerDensity: number | null,
  fromHeightM: number,
  toHeightM: number,
  alpha: number,
): { meanSpeed: number; powerDensity: number | null } {
  const factor = (toHeightM / fromHeightM) ** alpha;
  return {
    meanSpeed: meanSpeed * factor,
    powerDensity: powerDensity === null ? null : powerDensity * factor ** 3,
  };
}

/** The IEC 61400-1 category in the report's language ('above A+' is packages/wind's word for "beyond A+"). */
export function iecCategoryText(category: string | null, language: Language): string {
  if (category === null) return '—';
  if (category === 'above A+') return say(language, 'analysisReport.aboveAPlus');
  return category;
}

export const fmt = (v: number | null | undefined, digits = 2): string =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

/** The facts several chapters and the conclusion share. */
export interface TKeyFigures {
  channelsById: Map<number, TStatisticsChannel>;
  speeds: TStatisticsChannel[];
  top: TStatisticsChannel | undefined;
  alpha: number;
  alphaMeasured: boolean;
  prevailing: { direction: string; frequency: number; energyDirection: string; energy: number } | undefined;
}

export function keyFigures(result: TStatisticsResult): TKeyFigures {
  const channelsById = new Map(result.channels.map((c) => [c.channelId, c]));
  const speeds = result.channels
    .filter((c) => c.element === 'ws' && c.statistic === 'avg')
    .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0));
  const top = speeds.at(-1);
  const exponent = result.shear?.exponent ?? null;
  const rose = result.rose.items.find((r) => r.speedChannelId === top?.channelId) ?? result.rose.items.at(-1);
  let prevailing: TKeyFigures['prevailing'];
  if (rose && rose.sectors.length > 0) {
    const byFrequency = [...rose.sectors].sort((a, b) => b.frequencyPct - a.frequencyPct)[0]!;
    const byEnergy = [...rose.sectors].sort((a, b) => b.energyPct - a.energyPct)[0]!;
    prevailing = {
      direction: result.rose.labels[byFrequency.index] ?? String(byFrequency.centreDeg),
      frequency: byFrequency.frequencyPct,
      energyDirection: result.rose.labels[byEnergy.index] ?? String(byEnergy.centreDeg),
      energy: byEnergy.energyPct,
    };
  }
  return {
    channelsById,
    speeds,
    top,
    alpha: exponent ?? DEFAULT_SHEAR_EXPONENT,
    alphaMeasured: exponent !== null,
    prevailing,
  };
}

export function table(columns: [string, number][], rows: string[][]): TBlock {
  return { kind: 'table', columns: columns.map(([title, width]) => ({ title, width })), rows };
}

/** The words of the analysis report in one language, by their key in i18n (the area analysis-report). */
export type TReportTexts = Record<TKeysUnder<'analysisReport.'>, string>;

export function reportTexts(language: Language): TReportTexts {
  return textsIn(language, 'analysisReport.');
}

/** What every chapter writes with and into. */
export interface TChapterContext {
  result: TStatisticsResult;
  meta: TAnalysisReportMeta;
  language: Language;
  t: TReportTexts;
  k: TKeyFigures;
  blocks: TBlock[];
  charts: Map<string, TChartImage>;
  summaryOf: (channelId: number) => TStatisticsResult['summary']['rows'][number] | undefined;
}
