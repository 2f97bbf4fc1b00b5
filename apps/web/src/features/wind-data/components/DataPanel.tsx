import { TableOutlined } from '@ant-design/icons';
import type { TDataPageRequest } from '@masthub/shared';
import { DATA_PAGE_MAX_ROWS } from '@masthub/shared/wind-data/wind-data.schema.ts';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDataPage } from '../api.ts';
import type { TimeWindow } from '../chart.utils.ts';
import { ChartPane, type TDataView } from './ChartPane.tsx';
import { DataTable, type DataTableProps } from './DataTable.tsx';

interface DataPanelProps {
  view: TDataView;
  isMarkable: boolean;
  onBrushRange: (window: TimeWindow) => void;
  onFirstData: () => void;
  /** False until the grid is wanted (see the workspace). */
  isTableWanted: boolean;
  /** What the table shows: paging and row selection start over when it changes. */
  viewKey: string;
  selectedTimes: string[];
  onSelectTimes: (times: string[]) => void;
}

/**
 * The data tab: chart over grid, as in Windographer; the brush and the row selection both feed the mark
 * dialog.
 */
export function DataPanel({
  view,
  isMarkable,
  onBrushRange,
  onFirstData,
  isTableWanted,
  viewKey,
  selectedTimes,
  onSelectTimes,
}: DataPanelProps) {
  const { t } = useTranslation();
  const [paging, setPaging] = useState({ key: '', pageNo: 1, pageSize: DATA_PAGE_MAX_ROWS });
  const pageNo = paging.key === viewKey ? paging.pageNo : 1;
  return (
    <Flex vertical gap={16}>
      <ChartPane view={view} isMarkable={isMarkable} onBrushRange={onBrushRange} onFirstData={onFirstData} />
      <Typography.Title level={5} style={{ margin: 0 }}>
        <TableOutlined /> {t('measure-wind.tabs.table')}
      </Typography.Title>
      <TablePane
        view={view}
        isWanted={isTableWanted}
        pageNo={pageNo}
        pageSize={paging.pageSize}
        onPageChange={(nextPageNo, nextPageSize) =>
          setPaging({
            key: viewKey,
            pageNo: nextPageSize === paging.pageSize ? nextPageNo : 1,
            pageSize: nextPageSize,
          })
        }
        selectedTimes={selectedTimes}
        onSelectTimes={onSelectTimes}
      />
    </Flex>
  );
}

/** One page (≤500 rows) of the selected channels over the range; nothing is asked for before it is wanted. */
function TablePane({
  view,
  isWanted,
  ...table
}: Omit<DataTableProps, 'page' | 'isLoading' | 'utcCode'> & { view: TDataView; isWanted: boolean }) {
  const request: TDataPageRequest = {
    versionId: view.versionId,
    ...(view.selectedIds.length > 0 ? { channelIds: [...view.selectedIds] } : {}),
    ...view.rangeIso,
    pageNo: table.pageNo,
    pageSize: table.pageSize,
  };
  const { data: page, isFetching } = useDataPage(isWanted ? request : undefined);
  return <DataTable page={page} isLoading={isFetching || !isWanted} utcCode={view.utcCode} {...table} />;
}
