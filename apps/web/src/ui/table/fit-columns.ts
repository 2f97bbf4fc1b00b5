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

type TFitColumn = TableColumnsType<never>[number] & {
  width?: number | string;
  wrap?: boolean;
  children?: TFitColumn[];
};

interface TFitted {
  column: TFitColumn;
  minPx: number;
  comfortablePx: number;
}

/**
 * A column (a group: its children) at `share` of the way from its minimum (0) to its comfortable width
 * (1), with both widths.
 */
function fitOne(column: TFitColumn, share: number): TFitted {
  const { wrap, ...rest } = column;
  if (rest.children) {
    const children = rest.children.map((child) => fitOne(child, share));
    return {
      column: { ...rest, children: children.map((c) => c.column) },
      minPx: children.reduce((sum, c) => sum + c.minPx, 0),
      comfortablePx: children.reduce((sum, c) => sum + c.comfortablePx, 0),
    };
  }
  const declared = typeof column.width === 'number' ? column.width : DEFAULT_COLUMN_PX;
  // Pinned and wrapping columns (actions) keep their width: their content must stay whole.
  if (wrap || column.fixed) {
    return { column: { ...rest, width: declared }, minPx: declared, comfortablePx: declared };
  }
  const minPx = Math.max(Math.round(declared * MIN_WIDTH_RATIO), Math.min(declared, MIN_COLUMN_PX));
  // Rounded down: columns a pixel too wide in sum would push the table past its container.
  const width = Math.floor(minPx + (declared - minPx) * share);
  return { column: { ...rest, width, ellipsis: rest.ellipsis ?? true }, minPx, comfortablePx: declared };
}

/**
 * Lays out a table so that it fits its container: `width` is a column's comfortable width and
 * MIN_WIDTH_RATIO of it its minimum. Given the container's width (`containerPx`), the columns shrink from
 * their comfortable widths each by the same share of what it may give up, only as far as the container
 * needs; the table fills the container (fixed layout, spare width shared out in proportion); text that
 * does not fit ends in "…" with the full text on hover instead of pushing a column under a pinned one. A
 * container narrower than the sum of the minimums scrolls sideways — and then every column keeps its
 * comfortable width, since squeezing them would no longer spare the scroll (issue 41 §4); the pinned
 * columns cast their shadow. Until the container is measured the columns sit at their minimums. Grouped columns
 * (`children`) are laid out child by child. Headers always show their whole title, wrapping if needed
 * (global.css). A column keeps wrapping with `wrap: true` (e.g. a verdict sentence).
 *
 * @example const fit = fitColumns(columns, width); <Table columns={fit.columns} {...fit.tableProps} />
 */
export function fitColumns<T>(
  columns: readonly FitColumn<T>[],
  containerPx?: number,
): {
  columns: TableColumnsType<T>;
  tableProps: Pick<TableProps<T>, 'tableLayout' | 'scroll'>;
} {
  const atMinimum = columns.map((c) => fitOne(c as TFitColumn, 0));
  const minPx = atMinimum.reduce((sum, c) => sum + c.minPx, 0);
  const comfortablePx = atMinimum.reduce((sum, c) => sum + c.comfortablePx, 0);
  const isScrolling = containerPx !== undefined && containerPx < minPx;
  // Every shrinkable column gives up the same share of what it may give up, no more than the container needs.
  const share =
    containerPx === undefined
      ? 0
      : isScrolling || containerPx >= comfortablePx
        ? 1
        : // The table's borders take a pixel or two of the container.
          Math.max(0, containerPx - 2 - minPx) / (comfortablePx - minPx);
  const fitted = share === 0 ? atMinimum : columns.map((c) => fitOne(c as TFitColumn, share));
  return {
    columns: fitted.map((c) => c.column) as TableColumnsType<T>,
    tableProps: { tableLayout: 'fixed', scroll: { x: isScrolling ? comfortablePx : minPx } },
  };
}
