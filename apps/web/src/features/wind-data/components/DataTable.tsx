import { formatUnit, type TDataPage, type TDataRow } from '@masthub/shared';
import { DATA_PAGE_MAX_ROWS } from '@masthub/shared/wind-data/wind-data.schema.ts';
import { Flex, Pagination, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { type HTMLAttributes, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { flagCellStyle, flagName, formatRowTime, formatValue } from '../wind-data.utils.ts';
import { FlagLegend } from './FlagLegend.tsx';

const TIME_COLUMN_PX = 148;
const VALUE_COLUMN_PX = 112;
const SELECTION_COLUMN_PX = 40;
const TABLE_HEIGHT_PX = 480;
export const PAGE_SIZE_OPTIONS = [100, 200, DATA_PAGE_MAX_ROWS];

export interface DataTableProps {
  page: TDataPage | undefined;
  isLoading: boolean;
  utcCode: string;
  pageNo: number;
  pageSize: number;
  onPageChange: (pageNo: number, pageSize: number) => void;
  selectedTimes: string[];
  onSelectTimes: (times: string[]) => void;
}

/**
 * The data grid (SPEC §2: at most 500 rows): time fixed on the left, one column per channel with its
 * unit, each cell coloured by its flag; rows can be selected to mark their time range. The rows are
 * virtual: only those in view are in the page, so a page of 500 rows × dozens of channels does not hold
 * up the chart above it (every layout of the page — the chart's first drawing included — paid for the
 * whole grid before).
 */
export function DataTable({
  page,
  isLoading,
  utcCode,
  pageNo,
  pageSize,
  onPageChange,
  selectedTimes,
  onSelectTimes,
}: DataTableProps) {
  const { t } = useTranslation();
  const channels = page?.channels ?? [];

  const columns = useMemo<TableColumnsType<TDataRow>>(
    () => [
      {
        key: 'time',
        dataIndex: 'time',
        title: t('measure-wind.table.time'),
        width: TIME_COLUMN_PX,
        fixed: 'left',
        render: (value: string) => formatRowTime(value, utcCode),
      },
      // The selection column after the time, so each row starts with its time.
      Table.SELECTION_COLUMN,
      ...channels.map((channel, index) => ({
        key: String(channel.id),
        width: VALUE_COLUMN_PX,
        align: 'right' as const,
        title: (
          <Tooltip
            title={t('measure-wind.table.exportName', { name: channel.exportName, key: channel.dataKey })}
          >
            <div style={{ lineHeight: 1.3 }}>
              <div style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {channel.name}
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="mw-export-name">
                {formatUnit(channel.unit) || '—'} · {channel.exportName}
              </Typography.Text>
            </div>
          </Tooltip>
        ),
        onCell: (row: TDataRow) => {
          const flag = row.flags[index] ?? 0;
          return {
            style: flagCellStyle(flag),
            'data-flag': flag,
            title: flag === 0 ? undefined : t(`measure-wind.flags.${flagName(flag)}`),
          } as HTMLAttributes<HTMLTableCellElement>;
        },
        render: (_: unknown, row: TDataRow) => formatValue(row.values[index]),
      })),
    ],
    [channels, t, utcCode],
  );

  const scrollX = TIME_COLUMN_PX + SELECTION_COLUMN_PX + channels.length * VALUE_COLUMN_PX;
  return (
    <Flex vertical gap={8}>
      <div data-testid="mw-table" data-rows={page?.records.length ?? 0}>
        <WholeTable<TDataRow>
          rowKey="time"
          bordered
          virtual
          loading={isLoading}
          columns={columns}
          dataSource={page?.records ?? []}
          scroll={{ x: scrollX, y: TABLE_HEIGHT_PX }}
          locale={{ emptyText: t('measure-wind.table.empty') }}
          rowSelection={{
            columnWidth: SELECTION_COLUMN_PX,
            fixed: true,
            selectedRowKeys: selectedTimes,
            onChange: (keys) => onSelectTimes(keys.map(String)),
          }}
        />
      </div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <FlagLegend />
        <Pagination
          data-testid="mw-pagination"
          size="small"
          current={pageNo}
          pageSize={pageSize}
          total={page?.total ?? 0}
          pageSizeOptions={PAGE_SIZE_OPTIONS}
          showSizeChanger
          showQuickJumper
          showTotal={(total) => t('measure-wind.table.total', { count: total })}
          onChange={onPageChange}
        />
      </Flex>
    </Flex>
  );
}
