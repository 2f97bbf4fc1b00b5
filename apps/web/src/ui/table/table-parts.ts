import { DATE_COLUMN_WIDTH } from '@masthub/shared/constants.ts';
import type { TablePaginationConfig } from 'antd';

/** A column of server instants (`createTime`…) shown in the user's time zone. */
export function dateTimeColumn(
  key: string,
  title: string,
  format: (value: string | null | undefined) => string,
  width = DATE_COLUMN_WIDTH,
) {
  return { key, dataIndex: key, title, width, render: (value: string | null) => format(value) };
}

/** The pager of a server-paged table: fixed page size, hidden on a single page, with its total. */
export function serverPaging({
  pageNo,
  pageSize,
  total,
  totalText,
  onChange,
}: {
  pageNo: number;
  pageSize: number;
  total: number | undefined;
  totalText: (total: number) => string;
  onChange: (pageNo: number) => void;
}): TablePaginationConfig {
  return {
    current: pageNo,
    pageSize,
    total: total ?? 0,
    showSizeChanger: false,
    hideOnSinglePage: true,
    showTotal: totalText,
    onChange,
  };
}
