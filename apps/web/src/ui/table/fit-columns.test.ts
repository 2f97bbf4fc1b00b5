import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_PX,
  type FitColumn,
  fitColumns,
  MIN_COLUMN_PX,
  MIN_WIDTH_RATIO,
} from './fit-columns.ts';

type Row = { name: string };

describe('fitColumns(columns, containerPx)', () => {
  const columns: FitColumn<Row>[] = [
    { key: 'account', width: 140, fixed: 'left' },
    { key: 'name', width: 120 },
    { key: 'role', width: 140 },
    { key: 'actions', width: 190, fixed: 'right' },
  ];
  const widths = (fit: ReturnType<typeof fitColumns<Row>>) =>
    (fit.columns as { width: number }[]).map((c) => c.width);

  it('gives every column its comfortable width when the container holds them all', () => {
    const fit = fitColumns(columns, 700);
    expect(widths(fit)).toEqual([140, 120, 140, 190]);
    expect(fit.tableProps.scroll).toEqual({ x: 512 });
  });

  it('shrinks each column by the same share of what it may give up, only as far as the container needs', () => {
    // 590 comfortable, 512 at the minimums: a 553 px container (2 px of it the table's borders) takes half
    // of the 78 px the columns may give; widths round down so that the sum never passes the container.
    const fit = fitColumns(columns, 553);
    expect(widths(fit)).toEqual([140, 102, 119, 190]);
    expect(fit.tableProps.scroll).toEqual({ x: 512 });
  });

  it('keeps the minimum widths while the container is not measured yet', () => {
    expect(widths(fitColumns(columns))).toEqual([140, 84, 98, 190]);
  });

  it('gives every column its comfortable width once the container is narrower: it scrolls anyway', () => {
    const fit = fitColumns(columns, 500);
    expect(widths(fit)).toEqual([140, 120, 140, 190]);
    expect(fit.tableProps.scroll).toEqual({ x: 590 });
  });

  it('lays out grouped columns child by child', () => {
    const fit = fitColumns<Row>([
      { key: 'height', width: 70 },
      {
        title: 'Speed',
        children: [
          { key: 'slope', width: 100 },
          { key: 'r2', width: 64 },
        ],
      },
    ]);
    const [, group] = fit.columns as { children?: { width: number; ellipsis?: boolean }[] }[];
    expect(group!.children!.map((c) => [c.width, c.ellipsis])).toEqual([
      [MIN_COLUMN_PX, true],
      [64, true],
    ]);
    expect(fit.tableProps.scroll).toEqual({ x: 70 + MIN_COLUMN_PX + 64 });
  });
});

describe('fitColumns(columns)', () => {
  it('scrolls only past the sum of the minimum widths (pinned columns whole), in a fixed layout', () => {
    const fit = fitColumns<Row>([
      { key: 'a', width: 100 },
      { key: 'b' },
      { key: 'actions', width: 130, fixed: 'right' },
    ]);
    expect(fit.tableProps).toEqual({
      tableLayout: 'fixed',
      scroll: { x: MIN_COLUMN_PX + Math.round(DEFAULT_COLUMN_PX * MIN_WIDTH_RATIO) + 130 },
    });
  });

  it('shrinks no column below MIN_COLUMN_PX unless it was declared narrower', () => {
    const fitted = fitColumns<Row>([
      { key: 'a', width: 90 },
      { key: 'b', width: 60 },
      { key: 'c', width: 300 },
    ]).columns as { width: number }[];
    expect(fitted.map((c) => c.width)).toEqual([MIN_COLUMN_PX, 60, 210]);
  });

  it('ends long text with an ellipsis except in pinned and wrapping columns', () => {
    const columns: FitColumn<Row>[] = [
      { key: 'a', width: 100 },
      { key: 'b', width: 100, ellipsis: false },
      { key: 'c', width: 100, wrap: true },
      { key: 'actions', width: 130, fixed: 'right' },
    ];
    const fitted = fitColumns(columns).columns as { key: string; ellipsis?: boolean; wrap?: boolean }[];
    expect(fitted.map((c) => [c.key, c.ellipsis])).toEqual([
      ['a', true],
      ['b', false],
      ['c', undefined],
      ['actions', undefined],
    ]);
    expect(fitted.some((c) => 'wrap' in c)).toBe(false);
  });
});
