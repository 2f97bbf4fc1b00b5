import { describe, expect, it } from 'vitest';
import {
  DEFAULT_COLUMN_PX,
  type FitColumn,
  fitColumns,
  MIN_COLUMN_PX,
  MIN_WIDTH_RATIO,
} from './fit-columns.ts';

type Row = { name: string };

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
