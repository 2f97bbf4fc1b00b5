import type { TableColumnsType, TableProps } from 'antd';

/** Width a column gets when it declares none (px). */
export const DEFAULT_COLUMN_PX = 120;
/**
 * A column's declared width is its comfortable width; it may shrink to this share of it (text then ends
 * in "…") before the table scrolls. 0.7 lets the widest administration tables fit at 1280 px.
 */
export const MIN_WIDTH_RATIO = 0.7;
/** No column shrinks below this (px) — room for a short header word and a value — unless declared narrower. */
export const MIN_COLUMN_PX = 80;

/** A column of a fitted table: an antd column that may keep wrapping (`wrap: true`, e.g. multi-line cells). */
export type FitColumn<T> = TableColumnsType<T>[number] & { wrap?: boolean };

type TFitColumn = TableColumnsType<never>[number] & { width?: number | string; wrap?: boolean };

/**
 * Lays out an administration table so that it fits its container: `width` is a column's comfortable
 * width and MIN_WIDTH_RATIO of it its minimum; the table fills the container (fixed layout, spare width
 * shared out in proportion), text that does not fit
 * ends in "…" with the full text on hover instead of pushing a column under the pinned action column, and
 * only a container narrower than the sum of the minimums scrolls (then the pinned column casts its
 * shadow). Headers always show their whole title, wrapping if needed (global.css). A column keeps wrapping with `wrap: true` (e.g. an action column of links).
 *
 * @example const fit = fitColumns(columns); <Table columns={fit.columns} {...fit.tableProps} />
 */
export function fitColumns<T>(columns: readonly FitColumn<T>[]): {
  columns: TableColumnsType<T>;
  tableProps: Pick<TableProps<T>, 'tableLayout' | 'scroll'>;
} {
  let minWidth = 0;
  const fitted = columns.map((column) => {
    const c = column as TFitColumn;
    const declared = typeof c.width === 'number' ? c.width : DEFAULT_COLUMN_PX;
    const { wrap, ...rest } = c;
    // Pinned and wrapping columns (actions) keep their width: their content must stay whole.
    if (wrap || c.fixed || 'children' in c) {
      minWidth += declared;
      return { ...rest, width: declared };
    }
    const width = Math.max(Math.round(declared * MIN_WIDTH_RATIO), Math.min(declared, MIN_COLUMN_PX));
    minWidth += width;
    return { ...rest, width, ellipsis: rest.ellipsis ?? true };
  });
  return {
    columns: fitted as TableColumnsType<T>,
    tableProps: { tableLayout: 'fixed', scroll: { x: minWidth } },
  };
}
