import { type TTagRecord, ZTagSaveRequest } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { groupTagRows, idsToSwitch, toTagListQuery, toTagSaveRequest } from './tags.utils.ts';

function tag(id: number, parentName: string | null, status: TTagRecord['status'] = 'enable'): TTagRecord {
  return {
    id,
    name: `tag${id}`,
    color: '#1e88e5',
    status,
    groupId: parentName ? parentName.length : null,
    parentName,
    usageCount: id,
    createTime: '2026-05-01T00:00:00.000Z',
  };
}

describe('groupTagRows', () => {
  it('puts the tags of one group together, groups in first-seen order, ungrouped tags last', () => {
    const rows = groupTagRows([
      tag(1, '地形'),
      tag(2, null),
      tag(3, '关注等级'),
      tag(4, '地形'),
      tag(5, null),
    ]);
    expect(rows.map((row) => [row.id, row.groupSpan])).toEqual([
      [1, 2],
      [4, 0],
      [3, 1],
      [2, 2],
      [5, 0],
    ]);
  });

  it('gives an empty list for no tags', () => {
    expect(groupTagRows([])).toEqual([]);
  });
});

describe('toTagListQuery', () => {
  it('leaves out blank filters and trims the keywords', () => {
    expect(toTagListQuery({ keywords: '  ' })).toEqual({});
    expect(toTagListQuery({ keywords: ' 山 ', status: 'disable', groupId: 3 })).toEqual({
      keywords: '山',
      status: 'disable',
      groupId: 3,
    });
  });
});

describe('toTagSaveRequest', () => {
  it('trims, defaults colour and status, and sends a blank group as no group', () => {
    expect(toTagSaveRequest({ name: ' 重点 ', parentName: '  ' }, undefined)).toEqual({
      name: '重点',
      color: '#1e88e5',
      status: 'enable',
      parentName: '',
    });
    expect(
      toTagSaveRequest({ name: 'x', color: '#E53935', status: 'disable', parentName: '地形' }, 4),
    ).toEqual({ id: 4, name: 'x', color: '#E53935', status: 'disable', parentName: '地形' });
  });

  it('passes the shared rules only with a name of at most 20 characters and a #RRGGBB colour', () => {
    const fails = (values: Parameters<typeof toTagSaveRequest>[0]) =>
      !ZTagSaveRequest.safeParse(toTagSaveRequest(values, undefined)).success;
    expect(fails({ name: '' })).toBe(true);
    expect(fails({ name: '标'.repeat(21) })).toBe(true);
    expect(fails({ name: '标签', color: 'red' })).toBe(true);
    expect(fails({ name: '标签', color: '#00acc1', parentName: '分组' })).toBe(false);
  });
});

describe('idsToSwitch', () => {
  it('keeps only the selected tags whose status would change', () => {
    const tags = [tag(1, null, 'enable'), tag(2, null, 'disable'), tag(3, null, 'disable')];
    expect(idsToSwitch(tags, [1, 2, 9], 'enable')).toEqual([2]);
    expect(idsToSwitch(tags, [1, 2, 3], 'disable')).toEqual([1]);
    expect(idsToSwitch(tags, [], 'disable')).toEqual([]);
  });
});
