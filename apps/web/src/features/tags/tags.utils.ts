import type { TTagListQuery, TTagRecord, TTagSaveRequest, TTagStatus } from '@masthub/shared';

/** The colour a new tag starts with (the server's default too). */
export const DEFAULT_TAG_COLOR = '#1e88e5';

/** Colours offered next to the free picker. */
export const TAG_COLOR_PRESETS = [
  '#e53935',
  '#fb8c00',
  '#fdd835',
  '#05a045',
  '#7cb342',
  '#00acc1',
  '#1e88e5',
  '#3949ab',
  '#8e24aa',
  '#8d6e63',
  '#6b8aa6',
] as const;

export interface TagFilters {
  keywords?: string;
  status?: TTagStatus;
  groupId?: number;
}

/** Filters → GET /web/sys/tag/list query: blanks left out. */
export function toTagListQuery(filters: TagFilters): TTagListQuery {
  const query: TTagListQuery = {};
  const keywords = filters.keywords?.trim();
  if (keywords) query.keywords = keywords;
  if (filters.status) query.status = filters.status;
  if (filters.groupId !== undefined) query.groupId = filters.groupId;
  return query;
}

export interface TagFormValues {
  name?: string;
  color?: string;
  status?: TTagStatus;
  parentName?: string;
}

/** Form → POST /web/sys/tag/save_or_update; a blank group means 'no group'. */
export function toTagSaveRequest(values: TagFormValues, id: number | undefined): TTagSaveRequest {
  return {
    ...(id === undefined ? {} : { id }),
    name: values.name?.trim() ?? '',
    color: values.color?.trim() || DEFAULT_TAG_COLOR,
    status: values.status ?? 'enable',
    parentName: values.parentName?.trim() ?? '',
  };
}

/** A table row: the tag, and how many rows its group cell spans (0 = merged into the row above). */
export interface TagRow extends TTagRecord {
  groupSpan: number;
}

/**
 * Tags ordered by group so the group column can merge its cells (SPEC §3: group = parentName). Groups
 * keep the order in which the list first names them; tags without a group come last; within a group the
 * server's order stays.
 */
export function groupTagRows(tags: readonly TTagRecord[]): TagRow[] {
  const groups = new Map<string, TTagRecord[]>();
  for (const tag of tags) {
    const key = tag.parentName ?? '';
    const members = groups.get(key) ?? [];
    members.push(tag);
    groups.set(key, members);
  }
  const ordered = [...groups.entries()].sort(([a], [b]) => Number(a === '') - Number(b === ''));
  return ordered.flatMap(([, members]) =>
    members.map((tag, index) => ({ ...tag, groupSpan: index === 0 ? members.length : 0 })),
  );
}

/** The ids among `selected` whose status differs from `status` (what a batch enable/disable changes). */
export function idsToSwitch(
  tags: readonly TTagRecord[],
  selected: readonly number[],
  status: TTagStatus,
): number[] {
  const wanted = new Set(selected);
  return tags.filter((tag) => wanted.has(tag.id) && tag.status !== status).map((tag) => tag.id);
}
