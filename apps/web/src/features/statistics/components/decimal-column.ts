import type { TableColumnType } from 'antd';
import { formatValue } from '../statistics.utils.ts';

/** A table column of one numeric field (its name is also the column key), with a fixed number of decimals. */
export function decimalColumn<TRow>(
  field: keyof TRow & string,
  title: string,
  width: number,
  digits: number,
): TableColumnType<TRow> {
  return {
    key: field,
    dataIndex: field,
    title,
    width,
    render: (v: number | null | undefined) => formatValue(v, digits),
  };
}
