import type { TCompanyNode, TStationAccessKind, TStationAccessRecord, TTableField } from '@masthub/shared';
import { DATE_COLUMN_WIDTH } from '@masthub/shared/constants.ts';

export type UserColumnKind = 'text' | 'dateTime';

export interface UserColumnSpec {
  key: string;
  title: string;
  width: number;
  fixed?: 'left' | 'right';
  kind: UserColumnKind;
}

const DATE_TIME_KEY = /(Date|Time)$/;

/**
 * The server's user-list fields as table columns: the title from the web locale when it has the
 * field's `titleKey` (so a language switch needs no refetch), else the server's title; times are
 * formatted in the user's zone and get the 170 px date column width (SPEC §9).
 */
export function mapUserFields(
  fields: readonly TTableField[],
  translate: (key: string) => string | undefined,
): UserColumnSpec[] {
  return fields.map((field) => {
    const kind: UserColumnKind = DATE_TIME_KEY.test(field.key) ? 'dateTime' : 'text';
    return {
      key: field.key,
      title: translate(field.titleKey) ?? field.title,
      width: kind === 'dateTime' ? DATE_COLUMN_WIDTH : field.width,
      ...(field.fixed ? { fixed: field.fixed } : {}),
      kind,
    };
  });
}

export type OrgNodeKind = 'company' | 'group';

export interface OrgTreeNode {
  key: string;
  kind: OrgNodeKind;
  id: number;
  companyId: number;
  name: string;
  userCount: number;
  children?: OrgTreeNode[];
}

export function orgKey(kind: OrgNodeKind, id: number): string {
  return `${kind}:${id}`;
}

/** The company › department tree with keys that say what a node is (`company:1`, `group:4`). */
export function toOrgTree(companies: readonly TCompanyNode[]): OrgTreeNode[] {
  return companies.map((company) => ({
    key: orgKey('company', company.id),
    kind: 'company',
    id: company.id,
    companyId: company.id,
    name: company.name,
    userCount: company.userCount,
    children: company.groups.map((group) => ({
      key: orgKey('group', group.id),
      kind: 'group',
      id: group.id,
      companyId: group.companyId,
      name: group.name,
      userCount: group.userCount,
    })),
  }));
}

/** The user-page filter for a selected tree node: a company, or a department with its company. */
export function orgFilter(node: OrgTreeNode | undefined): { companyId?: number; groupId?: number } {
  if (!node) return {};
  return node.kind === 'company' ? { companyId: node.id } : { companyId: node.companyId, groupId: node.id };
}

/** Depth-first lookup of a node by key. */
export function findOrgNode(nodes: readonly OrgTreeNode[], key: string | undefined): OrgTreeNode | undefined {
  if (!key) return undefined;
  for (const node of nodes) {
    if (node.key === key) return node;
    const child = findOrgNode(node.children ?? [], key);
    if (child) return child;
  }
  return undefined;
}

/** Keeps companies whose name, or one of whose departments' names, contains the text. */
export function filterOrgTree(nodes: readonly OrgTreeNode[], text: string): OrgTreeNode[] {
  const needle = text.trim().toLowerCase();
  if (!needle) return [...nodes];
  const result: OrgTreeNode[] = [];
  for (const node of nodes) {
    if (node.name.toLowerCase().includes(needle)) {
      result.push(node);
      continue;
    }
    const children = (node.children ?? []).filter((child) => child.name.toLowerCase().includes(needle));
    if (children.length > 0) result.push({ ...node, children });
  }
  return result;
}

/** SPEC §4: the three kinds in the order they matter to an administrator. */
export const ACCESS_KIND_ORDER: readonly TStationAccessKind[] = ['owner', 'assigned', 'role'];

/** Of the selected rows, those whose direct assignment can be removed and those that can be transferred. */
export function splitStationSelection(
  records: readonly TStationAccessRecord[],
  selectedIds: readonly number[],
): { removableIds: number[]; transferableIds: number[] } {
  const chosen = new Set(selectedIds);
  const rows = records.filter((record) => chosen.has(record.stationId));
  return {
    removableIds: rows.filter((row) => row.isRemovable).map((row) => row.stationId),
    transferableIds: rows.filter((row) => row.isTransferable).map((row) => row.stationId),
  };
}

/** The kinds of one row sorted owner → assigned → role. */
export function sortAccessKinds(kinds: readonly TStationAccessKind[]): TStationAccessKind[] {
  return ACCESS_KIND_ORDER.filter((kind) => kinds.includes(kind));
}

/** A positive integer id from the query string (`?userId=12`), else undefined. */
export function parseIdParam(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}
