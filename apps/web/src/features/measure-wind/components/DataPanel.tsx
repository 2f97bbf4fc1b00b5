import { TableOutlined } from '@ant-design/icons';
import { DATA_PAGE_MAX_ROWS } from '@masthub/shared/wind-data/wind-data.schema.ts';
import { Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TimeWindow } from '../chart.utils.ts';
import { ChartPane, type RangeIso } from './ChartPane.tsx';
import { TablePane } from './TablePane.tsx';

interface DataPanelProps {
  versionId: number;
  selectedIds: readonly number[];
  rangeIso: RangeIso;
  utcCode: string;
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
  versionId,
  selectedIds,
  rangeIso,
  utcCode,
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
      <ChartPane
        versionId={versionId}
        selectedIds={selectedIds}
        rangeIso={rangeIso}
        utcCode={utcCode}
        isMarkable={isMarkable}
        onBrushRange={onBrushRange}
        onFirstData={onFirstData}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        <TableOutlined /> {t('measure-wind.tabs.table')}
      </Typography.Title>
      <TablePane
        isWanted={isTableWanted}
        versionId={versionId}
        selectedIds={selectedIds}
        rangeIso={rangeIso}
        utcCode={utcCode}
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
