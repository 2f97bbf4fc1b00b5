import type { TColumnConfig, TColumnField, TFormField, TPersonalConfigRecord } from '@masthub/shared';
import { FIXED_COLUMNS_MAX } from '@masthub/shared/constants.ts';

/** One column of the user's site table: the server's definition with the user's choices applied. */
export interface ColumnSetting {
  key: string;
  title: string;
  width: number;
  visible: boolean;
  fixed: 'left' | 'right' | null;
  sortable: boolean;
}

/** One search field: the server's definition with the user's choice applied. */
export interface SearchFieldSetting {
  key: string;
  title: string;
  visible: boolean;
}

interface StoredSearchField {
  key: string;
  visible: boolean;
}

function asArray(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value)
    ? value.filter((item): item is Record<string, unknown> => typeof item === 'object' && item !== null)
    : [];
}

/**
 * The server's entries in the user's stored order: each stored item that names a server entry (once,
 * the first time) is merged with it; server entries the user never stored follow with their defaults.
 */
function mergeWithStored<E extends { key: string }, S>(
  server: readonly E[],
  stored: unknown,
  fromStored: (entry: E, item: Record<string, unknown>) => S,
  fromDefault: (entry: E) => S,
): S[] {
  const byKey = new Map(server.map((entry) => [entry.key, entry]));
  const result: S[] = [];
  const seen = new Set<string>();
  for (const item of asArray(stored)) {
    const key = item['key'];
    if (typeof key !== 'string' || seen.has(key)) continue;
    const entry = byKey.get(key);
    if (!entry) continue;
    seen.add(key);
    result.push(fromStored(entry, item));
  }
  for (const entry of server) {
    if (!seen.has(entry.key)) result.push(fromDefault(entry));
  }
  return result;
}

/** The stored value of one key of the site-list config, or undefined. */
export function storedValue(records: readonly TPersonalConfigRecord[] | undefined, key: string): unknown {
  return records?.find((record) => record.key === key)?.value;
}

/**
 * The server's columns in the user's order and with the user's visibility, fixing and widths. Columns the
 * server no longer has are dropped; new server columns are appended with their defaults. More than
 * FIXED_COLUMNS_MAX fixed visible columns (an old or hand-made config) are unfixed from the end.
 */
export function mergeColumns(server: readonly TColumnField[], stored: unknown): ColumnSetting[] {
  const merged = mergeWithStored(
    server,
    stored,
    (column, item): ColumnSetting => ({
      key: column.key,
      title: column.title,
      width: typeof item['width'] === 'number' ? item['width'] : column.width,
      visible: item['visible'] !== false,
      fixed: item['fixed'] === 'left' || item['fixed'] === 'right' ? item['fixed'] : null,
      sortable: column.sortable,
    }),
    (column): ColumnSetting => ({
      key: column.key,
      title: column.title,
      width: column.width,
      visible: column.defaultVisible,
      fixed: column.fixed,
      sortable: column.sortable,
    }),
  );
  return limitFixed(merged);
}

/** Unfixes visible fixed columns beyond FIXED_COLUMNS_MAX (the last ones first). */
export function limitFixed(columns: ColumnSetting[]): ColumnSetting[] {
  let fixedCount = 0;
  return columns.map((column) => {
    if (!column.visible || !column.fixed) return column;
    fixedCount += 1;
    return fixedCount > FIXED_COLUMNS_MAX ? { ...column, fixed: null } : column;
  });
}

export function countFixed(columns: readonly ColumnSetting[]): number {
  return columns.filter((column) => column.visible && column.fixed).length;
}

/** Whether one more column may be fixed (SPEC §5: at most 5). */
export function canFixMore(columns: readonly ColumnSetting[]): boolean {
  return countFixed(columns) < FIXED_COLUMNS_MAX;
}

/**
 * The visible columns in table order: antd needs left-fixed columns first and right-fixed last; within
 * each group the user's order stays.
 */
export function visibleColumns(columns: readonly ColumnSetting[]): ColumnSetting[] {
  const shown = columns.filter((column) => column.visible);
  return [
    ...shown.filter((column) => column.fixed === 'left'),
    ...shown.filter((column) => !column.fixed),
    ...shown.filter((column) => column.fixed === 'right'),
  ];
}

/** The stored form of the columns (personal config `stationList.columns`). */
export function toColumnsConfig(columns: readonly ColumnSetting[]): TColumnConfig[] {
  return columns.map(({ key, visible, fixed, width }) => ({ key, visible, fixed, width }));
}

export function mergeSearchFields(server: readonly TFormField[], stored: unknown): SearchFieldSetting[] {
  return mergeWithStored(
    server,
    stored,
    (field, item) => ({ key: field.key, title: field.title, visible: item['visible'] !== false }),
    (field) => ({ key: field.key, title: field.title, visible: field.defaultVisible }),
  );
}

export function toSearchFieldsConfig(fields: readonly SearchFieldSetting[]): StoredSearchField[] {
  return fields.map(({ key, visible }) => ({ key, visible }));
}

/** Moves the item at `from` by `delta` places (clamped); returns a new array. */
export function move<T>(items: readonly T[], from: number, delta: number): T[] {
  const to = Math.max(0, Math.min(items.length - 1, from + delta));
  if (to === from) return [...items];
  const next = [...items];
  const [item] = next.splice(from, 1);
  if (item !== undefined) next.splice(to, 0, item);
  return next;
}
