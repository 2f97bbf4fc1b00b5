import { Table, type TableProps } from 'antd';

/** A compact table shown whole, without a pager: an analysis's rows, a detail list, a short register. */
export function WholeTable<TRow extends object>(props: Omit<TableProps<TRow>, 'pagination' | 'size'>) {
  return <Table<TRow> size="small" pagination={false} {...props} />;
}
