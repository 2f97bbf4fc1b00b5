import type { TStationLogType } from '@masthub/shared';
import { toLogPageRequest } from '../../ui/list/log-filters.ts';

/** What the filter form holds; the time range is wall time in the user's zone (`YYYY-MM-DD HH:mm:ss`). */
export interface StationLogFilters {
  operator?: string;
  type?: TStationLogType;
  stationCode?: string;
  range?: readonly [string, string] | null;
}

/** The body of POST /web/station_log/page (ZStationLogPageRequest, times as ISO instants). */
export interface StationLogRequest {
  pageNo: number;
  pageSize: number;
  operator?: string;
  type?: TStationLogType;
  stationCode?: string;
  startTime?: string;
  endTime?: string;
}

/** Filters → request: page 20, blanks left out, the range sent as instants with the user's zone offset. */
export function toStationLogRequest(
  filters: StationLogFilters,
  pageNo: number,
  utcCode: string,
): StationLogRequest {
  return toLogPageRequest(filters, pageNo, utcCode);
}

/** Tag colour of each change type. */
export const STATION_LOG_TYPE_COLORS: Record<TStationLogType, string> = {
  add: 'green',
  edit: 'blue',
  delete: 'red',
};

/** One line of a log row's details: a changed field (before → after) or a recorded value. */
export type DetailRow =
  | { kind: 'change'; key: string; before: string; after: string }
  | { kind: 'value'; key: string; value: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isPair(value: unknown): value is [unknown, unknown] {
  return Array.isArray(value) && value.length === 2;
}

/** A detail value as text: blanks '', lists of plain values comma-joined, anything else as JSON. */
export function formatDetailValue(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return value.map((item) => formatDetailValue(item)).join(', ');
  }
  return JSON.stringify(value);
}

/** Keys whose values are tag ids (site edits, new sites). */
const TAG_ID_KEYS = new Set(['tags', 'tagIds']);

export interface DetailOptions {
  /** Tag id → name, so tag changes read as names; an unknown id (a deleted tag) shows as `#id`. */
  tagNames?: ReadonlyMap<number, string>;
  /** The row's `before`/`after` pair holds tag ids (a site-tags change). */
  pairIsTags?: boolean;
}

function tagText(value: unknown, tagNames: ReadonlyMap<number, string> | undefined): string {
  if (!tagNames || !Array.isArray(value)) return formatDetailValue(value);
  return value
    .map((id) => (typeof id === 'number' ? (tagNames.get(id) ?? `#${id}`) : formatDetailValue(id)))
    .join(', ');
}

/**
 * The machine-readable details the server stored with a log row, as lines to show: `changes` maps of
 * field → [before, after] become change lines, a `before`/`after` pair one change line (key ''), nested
 * objects (the values of a new site) one line per field, anything else one value line; tag ids are shown
 * as tag names. No details, no lines.
 */
export function detailRows(details: unknown, options: DetailOptions = {}): DetailRow[] {
  if (details === null || details === undefined) return [];
  if (!isRecord(details)) return [{ kind: 'value', key: '', value: formatDetailValue(details) }];
  const { tagNames, pairIsTags = false } = options;
  const show = (key: string, value: unknown) =>
    TAG_ID_KEYS.has(key) ? tagText(value, tagNames) : formatDetailValue(value);
  const rows: DetailRow[] = [];
  if ('before' in details && 'after' in details) {
    const pair = (value: unknown) => (pairIsTags ? tagText(value, tagNames) : formatDetailValue(value));
    rows.push({ kind: 'change', key: '', before: pair(details['before']), after: pair(details['after']) });
  }
  for (const [key, value] of Object.entries(details)) {
    if (key === 'before' || key === 'after') continue;
    if (key === 'changes' && isRecord(value) && Object.values(value).every(isPair)) {
      for (const [field, pair] of Object.entries(value as Record<string, [unknown, unknown]>)) {
        rows.push({ kind: 'change', key: field, before: show(field, pair[0]), after: show(field, pair[1]) });
      }
    } else if (isRecord(value)) {
      for (const [field, inner] of Object.entries(value)) {
        rows.push({ kind: 'value', key: field, value: show(field, inner) });
      }
    } else {
      rows.push({ kind: 'value', key, value: show(key, value) });
    }
  }
  return rows;
}
