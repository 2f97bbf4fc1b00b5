import type { TColumnField, TFormField } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  canFixMore,
  countFixed,
  mergeColumns,
  mergeSearchFields,
  move,
  storedValue,
  toColumnsConfig,
  visibleColumns,
} from './list-config.ts';

function column(key: string, extra: Partial<TColumnField> = {}): TColumnField {
  return {
    key,
    title: key.toUpperCase(),
    titleZh: key,
    titleEn: key,
    width: 100,
    fixed: null,
    defaultVisible: true,
    sortable: false,
    ...extra,
  };
}

const SERVER = [
  column('stationCode', { fixed: 'left' }),
  column('projectName'),
  column('statusName'),
  column('sim', { defaultVisible: false }),
];

describe('mergeColumns(server, stored)', () => {
  it('uses the server defaults without a stored config', () => {
    const merged = mergeColumns(SERVER, undefined);
    expect(merged.map((c) => [c.key, c.visible, c.fixed])).toEqual([
      ['stationCode', true, 'left'],
      ['projectName', true, null],
      ['statusName', true, null],
      ['sim', false, null],
    ]);
  });

  it('applies the stored order, visibility, fixing and width; drops unknown keys; appends new columns', () => {
    const merged = mergeColumns(SERVER, [
      { key: 'sim', visible: true, fixed: 'left', width: 150 },
      { key: 'gone', visible: true },
      { key: 'stationCode', visible: true, fixed: null },
      { key: 'sim', visible: false },
    ]);
    expect(merged.map((c) => [c.key, c.visible, c.fixed, c.width])).toEqual([
      ['sim', true, 'left', 150],
      ['stationCode', true, null, 100],
      ['projectName', true, null, 100],
      ['statusName', true, null, 100],
    ]);
    expect(merged[0]?.title).toBe('SIM');
  });

  it('never keeps more than 5 visible fixed columns', () => {
    const many = Array.from({ length: 8 }, (_, i) => column(`c${i}`));
    const merged = mergeColumns(
      many,
      many.map((c) => ({ key: c.key, visible: true, fixed: 'left' })),
    );
    expect(countFixed(merged)).toBe(5);
    expect(merged.slice(5).every((c) => c.fixed === null)).toBe(true);
    expect(canFixMore(merged)).toBe(false);
  });

  it('ignores a malformed stored value', () => {
    expect(mergeColumns(SERVER, 'nonsense').map((c) => c.key)).toEqual(SERVER.map((c) => c.key));
    expect(mergeColumns(SERVER, [null, 3, { visible: false }]).length).toBe(4);
  });
});

describe('visibleColumns(columns)', () => {
  it('puts left-fixed first and right-fixed last, keeping the order within each group', () => {
    const merged = mergeColumns(SERVER, [
      { key: 'projectName', visible: true, fixed: null },
      { key: 'statusName', visible: true, fixed: 'left' },
      { key: 'stationCode', visible: true, fixed: 'right' },
      { key: 'sim', visible: false, fixed: null },
    ]);
    expect(visibleColumns(merged).map((c) => c.key)).toEqual(['statusName', 'projectName', 'stationCode']);
  });
});

describe('toColumnsConfig(columns)', () => {
  it('stores key, visibility, fixing and width only', () => {
    expect(toColumnsConfig(mergeColumns(SERVER, undefined))[0]).toEqual({
      key: 'stationCode',
      visible: true,
      fixed: 'left',
      width: 100,
    });
  });
});

describe('mergeSearchFields(server, stored)', () => {
  const field = (key: string, defaultVisible: boolean) =>
    ({ key, title: key, defaultVisible }) as unknown as TFormField;
  it('applies the stored order and visibility and appends new fields with their defaults', () => {
    const merged = mergeSearchFields(
      [field('keywords', true), field('status', true), field('sim', false)],
      [
        { key: 'status', visible: false },
        { key: 'keywords', visible: true },
      ],
    );
    expect(merged.map((f) => [f.key, f.visible])).toEqual([
      ['status', false],
      ['keywords', true],
      ['sim', false],
    ]);
  });
});

describe('storedValue(records, key) and move(items, from, delta)', () => {
  it('finds a stored value by key', () => {
    const records = [{ type: 'stationList', key: 'columns', value: [1], updateTime: '' }];
    expect(storedValue(records, 'columns')).toEqual([1]);
    expect(storedValue(records, 'searchFields')).toBeUndefined();
    expect(storedValue(undefined, 'columns')).toBeUndefined();
  });

  it('moves within bounds', () => {
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(move(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(move(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
  });
});
