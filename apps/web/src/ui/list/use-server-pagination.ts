import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import type { TablePaginationConfig } from 'antd';
import { useTranslation } from 'react-i18next';

/** The pager of a table paged by the server: a fixed page size, the total counted and shown. */
export function useServerPagination(
  pageNo: number,
  total: number | undefined,
  onChange: (pageNo: number) => void,
): TablePaginationConfig {
  const { t } = useTranslation();
  return {
    current: pageNo,
    pageSize: PAGE_SIZE,
    total: total ?? 0,
    showSizeChanger: false,
    showTotal: (count) => t('system.common.total', { total: count }),
    onChange,
  };
}
