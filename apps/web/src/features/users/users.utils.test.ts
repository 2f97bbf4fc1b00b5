import type { TCompanyNode, TStationAccessRecord, TTableField } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  filterOrgTree,
  findOrgNode,
  mapUserFields,
  orgFilter,
  parseIdParam,
  sortAccessKinds,
  splitStationSelection,
  toOrgTree,
} from './users.utils.ts';

const FIELDS: TTableField[] = [
  { key: 'account', title: '登录账号', titleKey: 'system.user.columns.account', width: 140, fixed: 'left' },
  { key: 'phone', title: '电话', titleKey: 'system.user.columns.phone', width: 140 },
  { key: 'createDate', title: '注册时间', titleKey: 'system.user.columns.createDate', width: 150 },
  { key: 'lastLoginTime', title: '最近登录时间', titleKey: 'missing.key', width: 170 },
];

describe('mapUserFields', () => {
  it('keeps the server order, widths and fixed side; dates get the 170 px date column', () => {
    const columns = mapUserFields(FIELDS, (key) => (key.startsWith('system.') ? `T(${key})` : undefined));
    expect(columns).toEqual([
      { key: 'account', title: 'T(system.user.columns.account)', width: 140, fixed: 'left', kind: 'text' },
      { key: 'phone', title: 'T(system.user.columns.phone)', width: 140, kind: 'text' },
      { key: 'createDate', title: 'T(system.user.columns.createDate)', width: 170, kind: 'dateTime' },
      // No web translation: the server's own title is used.
      { key: 'lastLoginTime', title: '最近登录时间', width: 170, kind: 'dateTime' },
    ]);
  });

  it('renders an unknown new field as text with the server title', () => {
    expect(mapUserFields([{ key: 'sim', title: 'SIM', titleKey: 'x', width: 90 }], () => undefined)).toEqual([
      { key: 'sim', title: 'SIM', width: 90, kind: 'text' },
    ]);
  });
});

const COMPANIES: TCompanyNode[] = [
  {
    id: 1,
    name: '中能风电集团',
    userCount: 5,
    createTime: '2026-01-01T00:00:00Z',
    groups: [
      { id: 10, companyId: 1, name: '风资源评估部', userCount: 2, createTime: '2026-01-01T00:00:00Z' },
      { id: 11, companyId: 1, name: '运维部', userCount: 1, createTime: '2026-01-01T00:00:00Z' },
    ],
  },
  { id: 2, name: 'Coastal Wind', userCount: 0, createTime: '2026-01-01T00:00:00Z', groups: [] },
];

describe('organisation tree', () => {
  const tree = toOrgTree(COMPANIES);

  it('keys companies and departments apart', () => {
    expect(tree.map((node) => node.key)).toEqual(['company:1', 'company:2']);
    expect(tree[0]?.children?.map((node) => node.key)).toEqual(['group:10', 'group:11']);
    expect(findOrgNode(tree, 'group:11')).toMatchObject({
      kind: 'group',
      id: 11,
      companyId: 1,
      name: '运维部',
    });
    expect(findOrgNode(tree, 'group:99')).toBeUndefined();
    expect(findOrgNode(tree, undefined)).toBeUndefined();
  });

  it('turns a selection into the user-page filter', () => {
    expect(orgFilter(undefined)).toEqual({});
    expect(orgFilter(findOrgNode(tree, 'company:2'))).toEqual({ companyId: 2 });
    expect(orgFilter(findOrgNode(tree, 'group:10'))).toEqual({ companyId: 1, groupId: 10 });
  });

  it('filters by company or department name, case-insensitively', () => {
    expect(filterOrgTree(tree, '').length).toBe(2);
    expect(filterOrgTree(tree, 'coastal').map((node) => node.key)).toEqual(['company:2']);
    const byDepartment = filterOrgTree(tree, '运维');
    expect(byDepartment.map((node) => node.key)).toEqual(['company:1']);
    expect(byDepartment[0]?.children?.map((node) => node.key)).toEqual(['group:11']);
  });
});

function station(id: number, patch: Partial<TStationAccessRecord>): TStationAccessRecord {
  return {
    stationId: id,
    stationCode: String(id).padStart(6, '0'),
    projectName: `P${id}`,
    province: null,
    ownerName: null,
    kinds: ['role'],
    isRemovable: false,
    isTransferable: false,
    ...patch,
  };
}

describe('station access', () => {
  const records = [
    station(1, { kinds: ['owner'], isTransferable: true }),
    station(2, { kinds: ['assigned', 'role'], isRemovable: true }),
    station(3, {}),
  ];

  it('splits a selection into removable assignments and transferable ownership', () => {
    expect(splitStationSelection(records, [1, 2, 3])).toEqual({ removableIds: [2], transferableIds: [1] });
    expect(splitStationSelection(records, [3])).toEqual({ removableIds: [], transferableIds: [] });
  });

  it('orders kinds owner, assigned, role', () => {
    expect(sortAccessKinds(['role', 'owner', 'assigned'])).toEqual(['owner', 'assigned', 'role']);
  });
});

describe('parseIdParam', () => {
  it('accepts positive integers only', () => {
    expect(parseIdParam('12')).toBe(12);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '12abc', '99999999999999999999']) {
      expect(parseIdParam(bad)).toBeUndefined();
    }
  });
});
