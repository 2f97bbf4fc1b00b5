import type { TPage } from '@masthub/shared';
import { Table, type TableProps } from 'antd';
import { serverPaging } from './table-parts.ts';

/**
 * A small server-paged list of a card or a panel (files, receipts, tasks, marks): rows by id, compact,
 * scrolling sideways rather than squeezing, a fixed page size with its total, a text when empty.
 */
export function ServerPagedTable<TRow extends { id: number }>({
  page,
  pageNo,
  pageSize,
  onPageChange,
  emptyText,
  totalText,
  ...table
}: Omit<TableProps<TRow>, 'dataSource' | 'pagination' | 'locale' | 'rowKey'> & {
  page: TPage<TRow> | undefined;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number) => void;
  emptyText: string;
  totalText: (total: number) => string;
}) {
  return (
    <Table<TRow>
      rowKey="id"
      size="small"
      scroll={{ x: 'max-content' }}
      {...table}
      dataSource={page?.records ?? []}
      locale={{ emptyText }}
      pagination={serverPaging({ pageNo, pageSize, total: page?.total, totalText, onChange: onPageChange })}
    />
  );
}
