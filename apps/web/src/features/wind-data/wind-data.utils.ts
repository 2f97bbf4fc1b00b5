import {
  formatUnit,
  type TDatasetVersion,
  type TProcessingTask,
  type TVersionChannel,
} from '@masthub/shared';
import dayjs, { type Dayjs } from 'dayjs';
import type { CSSProperties } from 'react';
import {
  DATE_TIME_FORMAT,
  formatDateMinute,
  formatDateTime,
  utcOffsetMinutes,
  wallTimeToIso,
} from '../../ui/date-time.ts';

/**
 * Pure logic of the MeasureWind screen (SPEC §2, §4, §5, §9): flags and their colours, channel ordering
 * and grouping, time ranges in the user's time zone and task state. The form → request mappings the
 * modals validate with the shared zod schemas are in requests.utils.ts.
 */

// ---------------------------------------------------------------------------------------------------
// Flags (DESIGN §3: 0 normal, 1 filled/corrected, 2 suspicious, 3 invalid, 4 icing).

export type FlagName = 'normal' | 'filled' | 'suspicious' | 'invalid' | 'icing';

const FLAG_NAMES: Record<number, FlagName> = {
  0: 'normal',
  1: 'filled',
  2: 'suspicious',
  3: 'invalid',
  4: 'icing',
};

/** The i18n name of a flag code (unknown codes read as normal). */
export function flagName(flag: number): FlagName {
  return FLAG_NAMES[flag] ?? 'normal';
}

/** Strong colours of flagged points on charts and in tags. */
export const FLAG_COLORS: Record<FlagName, string> = {
  normal: '#8c8c8c',
  filled: '#389e0d',
  suspicious: '#d4b106',
  invalid: '#cf1322',
  icing: '#08979c',
};

/** antd Tag colours of the flags. */
export const FLAG_TAG_COLORS: Record<FlagName, string> = {
  normal: 'default',
  filled: 'green',
  suspicious: 'gold',
  invalid: 'red',
  icing: 'cyan',
};

/** Flags in the order the legend and the mark dialog list them (SPEC §4: normal, suspicious, icing, invalid). */
export const MARK_FLAG_ORDER = [0, 2, 4, 3] as const;
export const LEGEND_FLAGS = [1, 2, 4, 3] as const;

/** Cell style of a table value by flag: suspicious yellow, invalid red, icing cyan, filled green italic. */
export function flagCellStyle(flag: number): CSSProperties | undefined {
  switch (flagName(flag)) {
    case 'suspicious':
      return { background: '#fff8c5', color: '#614700' };
    case 'invalid':
      return { background: '#ffd8d6', color: '#820014' };
    case 'icing':
      return { background: '#d2f4f7', color: '#00474f' };
    case 'filled':
      return { background: '#e3f6dc', color: '#135200', fontStyle: 'italic' };
    default:
      return undefined;
  }
}

/** A measured value for the table: at most 3 decimals, trailing zeros dropped; missing is ''. */
export function formatValue(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '';
  return String(Number(value.toFixed(3)));
}

// ---------------------------------------------------------------------------------------------------
// Versions.

/**
 * The version a site opens on: the newest working version (where work happens), else the first one
 * (the view-only original).
 */
export function defaultVersion<T extends Pick<TDatasetVersion, 'id' | 'kind' | 'createTime'>>(
  versions: readonly T[],
): T | undefined {
  let newest: T | undefined;
  for (const version of versions) {
    if (version.kind !== 'working') continue;
    if (
      !newest ||
      version.createTime > newest.createTime ||
      (version.createTime === newest.createTime && version.id > newest.id)
    ) {
      newest = version;
    }
  }
  return newest ?? versions[0];
}

// ---------------------------------------------------------------------------------------------------
// Channels.

/** Elements in display order; anything else follows. */
export const ELEMENT_ORDER = ['ws', 'wd', 'T', 'RH', 'p', 'rho'] as const;
const STATISTIC_ORDER = ['avg', 'sd', 'max', 'min'] as const;

export type TStatistic = (typeof STATISTIC_ORDER)[number] | 'other';

/** avg / sd / max / min of a stored statistic (the store may say 'mean'). */
export function normalizeStatistic(statistic: string): TStatistic {
  if (statistic === 'mean' || statistic === 'avg') return 'avg';
  return (STATISTIC_ORDER as readonly string[]).includes(statistic) ? (statistic as TStatistic) : 'other';
}

function rank<T>(list: readonly T[], value: T): number {
  const index = list.indexOf(value);
  return index === -1 ? list.length : index;
}

/** Channels ordered as a data grid shows them: element, height (highest first), statistic, name. */
export function sortChannels(channels: readonly TVersionChannel[]): TVersionChannel[] {
  return [...channels].sort(
    (a, b) =>
      rank(ELEMENT_ORDER as readonly string[], a.element) -
        rank(ELEMENT_ORDER as readonly string[], b.element) ||
      (b.heightM ?? -1) - (a.heightM ?? -1) ||
      rank(STATISTIC_ORDER as readonly string[], normalizeStatistic(a.statistic)) -
        rank(STATISTIC_ORDER as readonly string[], normalizeStatistic(b.statistic)) ||
      a.name.localeCompare(b.name) ||
      a.id - b.id,
  );
}

/**
 * "WS80A (m/s)": the channel name with its unit, as table headers and selects show it; a channel converted
 * on import also names the logger's unit: "WS80A (m/s ← mph)".
 */
export function channelLabel(
  channel: Pick<TVersionChannel, 'name' | 'unit'> & { sourceUnit?: string },
): string {
  if (!channel.unit) return channel.name;
  return channel.sourceUnit
    ? `${channel.name} (${formatUnit(channel.unit)} ← ${formatUnit(channel.sourceUnit)})`
    : `${channel.name} (${formatUnit(channel.unit)})`;
}

export interface ChannelOptionGroup {
  /** `ws|80` — element and height. */
  key: string;
  element: string;
  heightM: number | null;
  options: { value: number; label: string }[];
}

/** Channels grouped by element and height, in display order (the channel multi-select). */
export function groupChannels(channels: readonly TVersionChannel[]): ChannelOptionGroup[] {
  const groups: ChannelOptionGroup[] = [];
  for (const channel of sortChannels(channels)) {
    const key = `${channel.element}|${channel.heightM ?? ''}`;
    let group = groups.find((candidate) => candidate.key === key);
    if (!group) {
      group = { key, element: channel.element, heightM: channel.heightM, options: [] };
      groups.push(group);
    }
    group.options.push({ value: channel.id, label: channelLabel(channel) });
  }
  return groups;
}

/** Channels of one element and statistic, in display order. */
export function channelsOf(
  channels: readonly TVersionChannel[],
  element: string,
  statistic: TStatistic = 'avg',
): TVersionChannel[] {
  return sortChannels(channels).filter(
    (channel) => channel.element === element && normalizeStatistic(channel.statistic) === statistic,
  );
}

/**
 * The channels shown first: the averages of every element (speeds first), at most `max` (the chart takes
 * 12); all channels in order when none is an average.
 */
export function defaultChannelSelection(channels: readonly TVersionChannel[], max = 12): number[] {
  const sorted = sortChannels(channels);
  const averages = sorted.filter((channel) => normalizeStatistic(channel.statistic) === 'avg');
  return (averages.length > 0 ? averages : sorted).slice(0, max).map((channel) => channel.id);
}

/** Keeps the ids that still exist, in display order. */
export function keepExisting(ids: readonly number[], channels: readonly TVersionChannel[]): number[] {
  const wanted = new Set(ids);
  return sortChannels(channels)
    .filter((channel) => wanted.has(channel.id))
    .map((channel) => channel.id);
}

export interface TowerPairValues {
  avgA?: number | undefined;
  avgB?: number | undefined;
  boomA?: number | undefined;
  boomB?: number | undefined;
  sdA?: number | undefined;
  sdB?: number | undefined;
  maxA?: number | undefined;
  maxB?: number | undefined;
}

/**
 * Tower-shadow pairs suggested from the channels: every height with two speed averages gives a pair
 * (the sd and max channels of the same height in the same order); boom bearings come from the channel
 * configuration (`boomByDataKey`, lower-case data keys) when it has them.
 */
export function suggestTowerShadowPairs(
  channels: readonly TVersionChannel[],
  boomByDataKey: ReadonlyMap<string, number> = new Map(),
): TowerPairValues[] {
  const pairs: TowerPairValues[] = [];
  const averages = channelsOf(channels, 'ws', 'avg');
  const heights = [...new Set(averages.map((channel) => channel.heightM))].filter(
    (height): height is number => height !== null,
  );
  for (const height of heights) {
    const atHeight = (statistic: TStatistic) =>
      channelsOf(channels, 'ws', statistic).filter((channel) => channel.heightM === height);
    const [avgA, avgB] = atHeight('avg');
    if (!avgA || !avgB) continue;
    const [sdA, sdB] = atHeight('sd');
    const [maxA, maxB] = atHeight('max');
    pairs.push({
      avgA: avgA.id,
      avgB: avgB.id,
      boomA: boomByDataKey.get(avgA.dataKey.toLowerCase()),
      boomB: boomByDataKey.get(avgB.dataKey.toLowerCase()),
      sdA: sdA && sdB ? sdA.id : undefined,
      sdB: sdA && sdB ? sdB.id : undefined,
      maxA: maxA && maxB ? maxA.id : undefined,
      maxB: maxA && maxB ? maxB.id : undefined,
    });
  }
  return pairs;
}

// ---------------------------------------------------------------------------------------------------
// Time ranges. Pickers hold wall times of the user's zone (dayjs values whose clock reads that zone's
// time); requests carry ISO instants with the zone's offset.

/** A picked range as the picker holds it. */
export type PickerRange = [Dayjs, Dayjs];

/** An ISO instant as a picker value showing the user's wall time. */
export function isoToPicker(iso: string, utcCode: string): Dayjs {
  // formatDateTime gives `YYYY-MM-DD HH:mm:ss`, which dayjs reads as a local (wall) time.
  return dayjs(formatDateTime(iso, utcCode));
}

/** A picker value (wall time of the user's zone) as an ISO instant with that zone's offset. */
export function pickerToIso(value: Dayjs, utcCode: string): string {
  return wallTimeToIso(value.format(DATE_TIME_FORMAT), utcCode);
}

/** A picked range as request fields; nothing when no range is picked (the whole record). */
export function pickerRangeToIso(
  range: readonly [Dayjs | null, Dayjs | null] | null | undefined,
  utcCode: string,
): { startTime?: string; endTime?: string } {
  const out: { startTime?: string; endTime?: string } = {};
  if (range?.[0]) out.startTime = pickerToIso(range[0], utcCode);
  if (range?.[1]) out.endTime = pickerToIso(range[1], utcCode);
  return out;
}

/** The shortest interval of the channels in seconds (600 when unknown). */
export function baseIntervalS(channels: readonly Pick<TVersionChannel, 'intervalS'>[]): number {
  const intervals = channels.map((channel) => channel.intervalS).filter((value) => value > 0);
  return intervals.length > 0 ? Math.min(...intervals) : 600;
}

/**
 * The range a version opens with: its last month of data, [end − 1 month, last record + interval),
 * never before the first record. Undefined before any data.
 */
export function defaultDataRange(
  version: Pick<TDatasetVersion, 'startTime' | 'endTime'> | undefined,
  intervalS: number,
  utcCode: string,
): PickerRange | undefined {
  if (!version?.startTime || !version.endTime) return undefined;
  const first = isoToPicker(version.startTime, utcCode);
  const end = isoToPicker(version.endTime, utcCode).add(intervalS, 'second');
  const monthBack = end.subtract(1, 'month');
  return [monthBack.isBefore(first) ? first : monthBack, end];
}

/** A record an analysis pointed at (issue 41 §1: `?versionId=…&at=…&channelId=…`), opened in the workspace. */
export interface TDataFocus {
  versionId?: number | undefined;
  /** The record's stamp, ISO. */
  at?: string | undefined;
  channelId?: number | undefined;
}

/** The focus of a link's query, each part only when it reads. */
export function focusFromQuery(params: URLSearchParams): TDataFocus {
  const id = (key: string) => {
    const n = Number(params.get(key));
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  const at = params.get('at') ?? undefined;
  return {
    versionId: id('versionId'),
    at: at && Number.isFinite(Date.parse(at)) ? at : undefined,
    channelId: id('channelId'),
  };
}

/** The day either side of a focused record: the range the workspace opens on. */
export function focusDataRange(at: string, utcCode: string): PickerRange {
  const moment = isoToPicker(at, utcCode);
  return [moment.subtract(1, 'day'), moment.add(1, 'day')];
}

/**
 * The time range covered by table rows (the mark dialog from a selection): from the first row's period
 * start to the end of the last row's period, as ISO instants.
 */
export function rowsTimeRange(
  times: readonly string[],
  intervalS: number,
): { startTime: string; endTime: string } | undefined {
  const instants = times.map((time) => Date.parse(time)).filter((ms) => Number.isFinite(ms));
  if (instants.length === 0) return undefined;
  const first = Math.min(...instants);
  const last = Math.max(...instants);
  return {
    startTime: new Date(first).toISOString(),
    endTime: new Date(last + intervalS * 1000).toISOString(),
  };
}

/** The selected rows' periods as a picker range, or undefined when no row is selected. */
export function rowsPickerRange(
  times: readonly string[],
  intervalS: number,
  utcCode: string,
): PickerRange | undefined {
  const rows = rowsTimeRange(times, intervalS);
  return rows ? [isoToPicker(rows.startTime, utcCode), isoToPicker(rows.endTime, utcCode)] : undefined;
}

/** A brushed chart window as a picker range of whole periods. */
export function snapPickerRange(
  window: { startMs: number; endMs: number },
  intervalS: number,
  utcCode: string,
): PickerRange {
  return [
    isoToPicker(snapIso(window.startMs, intervalS, 'floor'), utcCode),
    isoToPicker(snapIso(window.endMs, intervalS, 'ceil'), utcCode),
  ];
}

/** Epoch ms of an instant → epoch ms whose UTC clock reads the user's wall time (charts run with useUTC). */
export function toZoneMs(epochMs: number, utcCode: string): number {
  return epochMs + utcOffsetMinutes(utcCode) * 60_000;
}

/** The inverse of toZoneMs. */
export function fromZoneMs(zoneMs: number, utcCode: string): number {
  return zoneMs - utcOffsetMinutes(utcCode) * 60_000;
}

/** A zone-shifted chart time as the user's wall time. */
export function formatZoneMs(zoneMs: number, format = 'YYYY-MM-DD HH:mm'): string {
  return dayjs.utc(zoneMs).format(format);
}

/** Table time column: the period start in the user's zone, minutes only (logger intervals are minutes). */
export function formatRowTime(iso: string, utcCode: string): string {
  return formatDateMinute(iso, utcCode);
}

/** A chart bucket width as a count and a unit, for "one point every 10 minutes". */
export function bucketParts(seconds: number): { count: number; unit: 'second' | 'minute' | 'hour' | 'day' } {
  if (seconds % 86_400 === 0) return { count: seconds / 86_400, unit: 'day' };
  if (seconds % 3600 === 0) return { count: seconds / 3600, unit: 'hour' };
  if (seconds % 60 === 0) return { count: seconds / 60, unit: 'minute' };
  return { count: seconds, unit: 'second' };
}

/** Epoch ms as an ISO instant, floored (start) or ceiled (end) to whole steps (a brushed range → periods). */
export function snapIso(epochMs: number, stepSeconds: number, rounding: 'floor' | 'ceil'): string {
  const stepMs = Math.max(1, stepSeconds) * 1000;
  const steps = epochMs / stepMs;
  return new Date((rounding === 'floor' ? Math.floor(steps) : Math.ceil(steps)) * stepMs).toISOString();
}

// ---------------------------------------------------------------------------------------------------
// Processing tasks.

export function isTaskActive(task: Pick<TProcessingTask, 'status'> | undefined | null): boolean {
  return task?.status === 'queued' || task?.status === 'running';
}

/**
 * Combines a task update from a poll or a websocket frame with what is known: an ended task never goes
 * back to running (frames can arrive late), and progress never goes backwards while it runs.
 */
export function mergeTaskUpdate(
  previous: TProcessingTask | undefined,
  next: TProcessingTask,
): TProcessingTask {
  if (!previous || previous.id !== next.id) return next;
  if (!isTaskActive(previous)) return isTaskActive(next) ? previous : next;
  if (!isTaskActive(next)) return next;
  return {
    ...next,
    status: previous.status === 'running' ? 'running' : next.status,
    progress: Math.max(previous.progress, next.progress),
  };
}

/** antd Progress status of a task. */
export function taskProgressStatus(
  task: Pick<TProcessingTask, 'status'>,
): 'active' | 'success' | 'exception' | 'normal' {
  switch (task.status) {
    case 'running':
      return 'active';
    case 'succeeded':
      return 'success';
    case 'failed':
      return 'exception';
    default:
      return 'normal';
  }
}

function shortValue(value: unknown): string | undefined {
  if (typeof value === 'number')
    return Number.isInteger(value) ? String(value) : String(Number(value.toFixed(4)));
  if (typeof value === 'string') return value.length > 40 ? `${value.slice(0, 39)}…` : value;
  if (typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return `[${value.length}]`;
  return undefined;
}

/**
 * A task result (shape per kind: counts, fit, chosen year…) as short `key: value` items: numbers,
 * texts and flags first level, one level of nested records as `parent.key`, arrays as their length.
 */
export function summarizeResult(result: Record<string, unknown> | null | undefined, max = 8): string[] {
  if (!result) return [];
  const items: string[] = [];
  for (const [key, value] of Object.entries(result)) {
    if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [inner, innerValue] of Object.entries(value as Record<string, unknown>)) {
        const text = shortValue(innerValue);
        if (text !== undefined) items.push(`${key}.${inner}: ${text}`);
      }
    } else {
      const text = shortValue(value);
      if (text !== undefined) items.push(`${key}: ${text}`);
    }
  }
  return items.length > max ? [...items.slice(0, max), '…'] : items;
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

const num = (value: unknown, digits: number): string =>
  typeof value === 'number' && Number.isFinite(value) ? String(Number(value.toFixed(digits))) : '–';

/**
 * What a finished task did, in words (per kind; the shapes are the server's task results). Falls back
 * to {@link summarizeResult} for a result it does not know.
 */
export function describeTaskResult(task: Pick<TProcessingTask, 'kind' | 'result'>, t: Translate): string[] {
  const r = task.result;
  if (!r) return [];
  const key = (name: string, options?: Record<string, unknown>) =>
    t(`measure-wind.tasks.results.${name}`, options);
  switch (task.kind) {
    case 'qc': {
      const rules = (Array.isArray(r['rules']) ? r['rules'] : []) as { name?: string; count?: number }[];
      const top = rules
        .filter((rule) => (rule.count ?? 0) > 0)
        .sort((a, b) => (b.count ?? 0) - (a.count ?? 0))
        .slice(0, 4)
        .map((rule) => key('qcRule', { name: rule.name ?? '', count: rule.count ?? 0 }));
      return [key('qc', { count: r['changedCount'] ?? 0 }), ...top];
    }
    case 'tower_shadow': {
      const pairs = (Array.isArray(r['pairs']) ? r['pairs'] : []) as {
        heightM?: number;
        channels?: { name?: string }[];
        fromA?: number;
        fromB?: number;
        averaged?: number;
        maximum?: number;
      }[];
      return pairs.map((pair) =>
        key('towerShadow', {
          height: num(pair.heightM, 1),
          channels: (pair.channels ?? []).map((c) => c.name).join(t('measure-wind.listSeparator')),
          fromA: pair.fromA ?? 0,
          fromB: pair.fromB ?? 0,
          merged: (pair.averaged ?? 0) + (pair.maximum ?? 0),
        }),
      );
    }
    case 'interpolation':
      return [
        key('interpolation', {
          count: r['filledCount'] ?? 0,
          target: r['targetName'] ?? '',
          predictor: r['predictorName'] ?? '',
          slope: num(r['slope'], 4),
          intercept: num(r['intercept'], 4),
          r: num(r['r'], 4),
          n: r['pairCount'] ?? 0,
        }),
      ];
    case 'extrapolation':
      return [
        key('extrapolation', {
          channel: r['channelName'] ?? '',
          height: num(r['targetHeightM'], 1),
          source: r['sourceName'] ?? '',
          alpha: num(r['shearExponent'], 4),
          count: r['writtenCount'] ?? 0,
        }),
      ];
    case 'representative_year':
      return r['method'] === 'average'
        ? [key('averageYear', { year: r['year'] ?? '–' })]
        : [
            key('bestYear', {
              start: r['startMonth'] ?? '–',
              end: r['endMonth'] ?? '–',
              rate: num(r['validRatePct'], 2),
            }),
          ];
    case 'reconstruct': {
      const targets = (Array.isArray(r['targets']) ? r['targets'] : []) as {
        filledCount?: number;
        missingCount?: number;
        recovery?: { beforePct?: number; afterPct?: number };
      }[];
      const filled = targets.filter((target) => (target.filledCount ?? 0) > 0);
      const mean = (pick: (target: (typeof targets)[number]) => number | undefined) =>
        filled.length === 0 ? undefined : filled.reduce((sum, x) => sum + (pick(x) ?? 0), 0) / filled.length;
      return [
        key('reconstruct', {
          count: r['filledCount'] ?? 0,
          channels: filled.length,
          before: num(
            mean((x) => x.recovery?.beforePct),
            2,
          ),
          after: num(
            mean((x) => x.recovery?.afterPct),
            2,
          ),
        }),
      ];
    }
    case 'reconstruct_undo':
      return [key('reconstructUndo', { count: r['restoredCount'] ?? 0 })];
    case 'import': {
      const files = (Array.isArray(r['files']) ? r['files'] : []) as { valueCount?: number }[];
      return [
        key('import', {
          files: files.length,
          count: files.reduce((sum, f) => sum + (f.valueCount ?? 0), 0),
        }),
      ];
    }
    case 'delete_data':
      return [key('deleted', { name: r['name'] ?? '' })];
    default:
      return summarizeResult(r);
  }
}
