import type {
  TCorrelationPeriod,
  TElementReportRow,
  TJointTableBins,
  TMcpMethodKey,
  TStatisticsChannel,
  TStatisticsRequestInput,
  TStatisticsResult,
  TVersionChannel,
  TWeibullMethod,
} from '@masthub/shared';
import { RECOVERY_BANDS } from '@masthub/shared/constants.ts';
import { MOMM_DEFAULT_MIN_COVERAGE } from '@masthub/shared/wind-data/statistics.schema.ts';
import { wallTimeToIso } from '../../ui/date-time.ts';

/** The 11 tabs in screen order; each key is also the tab's `data-node-key` and chart test id suffix. */
export const TAB_KEYS = [
  'summary',
  'recovery',
  'frequency',
  'turbulence',
  'airDensity',
  'monthly',
  'daily',
  'rose',
  'correlation',
  'extreme',
  'shear',
] as const;
export type TabKey = (typeof TAB_KEYS)[number];

/** Element codes in the order the channel picker groups them. */
export const ELEMENT_ORDER = ['ws', 'wd', 'T', 'RH', 'p', 'rho', 'other'] as const;

/** Colours of the SPEC §9 recovery bands 0–30, 30–50, 50–60, 60–70, 70–80, 80–90, 90–100 %. */
export const RECOVERY_COLORS = [
  '#cf1322',
  '#fa541c',
  '#fa8c16',
  '#faad14',
  '#fadb14',
  '#a0d911',
  '#52c41a',
] as const;

/**
 * Index of the SPEC §9 band a recovery rate (%) falls in (lower bound inclusive, 100 in the last band),
 * or -1 without a rate.
 */
export function recoveryBand(ratePct: number | null | undefined): number {
  if (ratePct === null || ratePct === undefined || Number.isNaN(ratePct)) return -1;
  const bounds = RECOVERY_BANDS;
  for (let k = bounds.length - 2; k >= 0; k--) if (ratePct >= bounds[k]!) return k;
  return 0;
}

/** The colour of a recovery rate's band, or undefined without a rate. */
export function recoveryColor(ratePct: number | null | undefined): string | undefined {
  const band = recoveryBand(ratePct);
  return band < 0 ? undefined : RECOVERY_COLORS[band];
}

/** The bands as ECharts visualMap pieces ("0–30 %" …). */
export function recoveryPieces(): { min: number; max: number; color: string; label: string }[] {
  return RECOVERY_COLORS.map((color, k) => ({
    min: RECOVERY_BANDS[k]!,
    max: RECOVERY_BANDS[k + 1]!,
    color,
    label: `${RECOVERY_BANDS[k]}–${RECOVERY_BANDS[k + 1]} %`,
  }));
}

/** A number with fixed decimals for tables; '—' when it could not be computed. */
export function formatValue(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value.toFixed(digits);
}

/** What the filter bar holds. The range is wall time in the user's zone (`YYYY-MM-DD HH:mm:ss`). */
export interface StatisticsFilters {
  versionId: number;
  channelIds: number[];
  range: readonly [string, string] | null;
  sectors: 12 | 16;
  includeSuspicious: boolean;
  /** Filled or corrected records are used (issue 41 §1; sent only when left out). */
  includeFilled?: boolean | undefined;
  weibullMethod: TWeibullMethod;
  /** The MOMM's monthly coverage threshold, 0–1 (sent only when not the default 0.8). */
  mommMinCoverage?: number | undefined;
  /** The joint table's speed bins (sent only when not the default, centred on integers). */
  jointTableBins?: TJointTableBins | undefined;
}

/** The correlation tab's averaging, the coverage an averaged period needs, and the method. */
export interface CorrelationChoices {
  correlationPeriod?: TCorrelationPeriod | undefined;
  correlationCoverage?: number | undefined;
  correlationMethod?: TMcpMethodKey | undefined;
}

/**
 * Filters (and the per-tab choices) → the request body; an empty channel choice means all channels.
 * The correlation's averaging and method are sent only when not the defaults (10-min records, OLS), and the
 * coverage only with an averaging period, so the default request stays the one every tab shares.
 */
export function toStatisticsRequest(
  filters: StatisticsFilters,
  utcCode: string,
  choices: {
    correlationReferenceId?: number | undefined;
    shearChannelIds?: number[] | undefined;
  } & CorrelationChoices = {},
): TStatisticsRequestInput {
  const request: TStatisticsRequestInput = {
    versionId: filters.versionId,
    sectors: filters.sectors,
    includeSuspicious: filters.includeSuspicious,
    weibullMethod: filters.weibullMethod,
  };
  if (filters.channelIds.length > 0) request.channelIds = [...filters.channelIds];
  if (filters.includeFilled === false) request.includeFilled = false;
  if (filters.jointTableBins === 'integer_start') request.jointTableBins = 'integer_start';
  if (filters.mommMinCoverage !== undefined && filters.mommMinCoverage !== MOMM_DEFAULT_MIN_COVERAGE) {
    request.mommMinCoverage = filters.mommMinCoverage;
  }
  if (filters.range) {
    request.startTime = wallTimeToIso(filters.range[0], utcCode);
    request.endTime = wallTimeToIso(filters.range[1], utcCode);
  }
  if (choices.correlationReferenceId !== undefined)
    request.correlationReferenceId = choices.correlationReferenceId;
  if (choices.shearChannelIds && choices.shearChannelIds.length >= 2) {
    request.shearChannelIds = [...choices.shearChannelIds];
  }
  if (choices.correlationPeriod && choices.correlationPeriod !== '10min') {
    request.correlationPeriod = choices.correlationPeriod;
    if (choices.correlationCoverage !== undefined) request.correlationCoverage = choices.correlationCoverage;
  }
  if (choices.correlationMethod && choices.correlationMethod !== 'ols') {
    request.correlationMethod = choices.correlationMethod;
  }
  return request;
}

/**
 * How the correlation's pairs were averaged and fitted, for the chart's subtitle: "Daily, coverage ≥ 90 %,
 * Orthogonal least squares" (the names come localised from the server; the coverage text from the caller).
 */
export function correlationBasis(
  section: Pick<TStatisticsResult['correlation'], 'periodName' | 'coverage' | 'methodName'>,
  coverageText: (percent: number) => string,
  separator = ', ',
): string {
  const parts = [section.periodName];
  if (section.coverage !== null) parts.push(coverageText(Math.round(section.coverage * 100)));
  parts.push(section.methodName);
  return parts.join(separator);
}

/** Statistic code of a stored channel (mean → avg). */
export function statisticOf(statistic: string): string {
  return statistic === 'mean' ? 'avg' : statistic;
}

/** Element code for grouping: anything the statistics do not know is 'other'. */
export function elementOf(element: string): (typeof ELEMENT_ORDER)[number] {
  return (ELEMENT_ORDER as readonly string[]).includes(element)
    ? (element as (typeof ELEMENT_ORDER)[number])
    : 'other';
}

/** Channel picker options grouped by element (speed first), heights ascending within a group. */
export function groupChannelOptions(
  channels: readonly TVersionChannel[],
  labels: { element: (code: string) => string; statistic: (code: string) => string },
): { label: string; title: string; options: { value: number; label: string }[] }[] {
  const groups = new Map<string, TVersionChannel[]>();
  for (const c of channels) {
    const key = elementOf(c.element);
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  return ELEMENT_ORDER.filter((e) => groups.has(e)).map((element) => ({
    label: labels.element(element),
    title: element,
    options: [...groups.get(element)!]
      .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0) || a.id - b.id)
      .map((c) => ({
        value: c.id,
        label: `${c.name}${c.heightM === null ? '' : ` · ${c.heightM}m`} · ${labels.statistic(statisticOf(c.statistic))}`,
      })),
  }));
}

/** The most common interval of a version's channels, to warn before a mixed choice is sent. */
export function hasMixedIntervals(
  channels: readonly TVersionChannel[],
  chosenIds: readonly number[],
): boolean {
  const chosen = channels.filter((c) => chosenIds.includes(c.id));
  return new Set(chosen.map((c) => c.intervalS)).size > 1;
}

/** Speed averages of an analysis, heights ascending (the charts' height pickers). */
export function speedAverages(channels: readonly TStatisticsChannel[]): TStatisticsChannel[] {
  return channels
    .filter((c) => c.element === 'ws' && c.statistic === 'avg')
    .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0));
}

/** "WS_80m · 80m" for legends and pickers. */
export function channelCaption(channel: TStatisticsChannel | undefined): string {
  if (!channel) return '';
  return channel.heightTag ? `${channel.name} · ${channel.heightTag}` : channel.name;
}

export interface RecoveryTreeRow extends TElementReportRow {
  key: string;
  children?: RecoveryTreeRow[];
}

/** The SPEC §3 rows as a tree: the period row of each channel with its month rows underneath. */
export function toRecoveryTree(rows: readonly TElementReportRow[]): RecoveryTreeRow[] {
  const out: RecoveryTreeRow[] = [];
  let current: RecoveryTreeRow | undefined;
  for (const row of rows) {
    if (!row.isMonth || !current || current.channelId !== row.channelId) {
      current = { ...row, key: `${row.channelId}` };
      out.push(current);
      continue;
    }
    current.children = [...(current.children ?? []), { ...row, key: `${row.channelId}-${row.dataPhase}` }];
  }
  return out;
}
