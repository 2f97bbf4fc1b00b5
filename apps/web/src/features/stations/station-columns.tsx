import type { TStationPageRequest, TStationRecord } from '@masthub/shared';
import { STATION_SORT_KEYS } from '@masthub/shared/stations/stations.schema.ts';
import { App, Space, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useDeleteStation } from './api.ts';
import { type ColumnSetting, visibleColumns } from './list-config.ts';
import type { StationListState } from './list-state.ts';
import type { StationFormMode } from './StationFormModal.tsx';
import { StationStatusTag, StationTagList } from './StationTags.tsx';

export type SortField = NonNullable<TStationPageRequest['sortField']>;

const DATE_TIME_KEYS = new Set(['startTime', 'dataTime', 'createTime']);
const DATE_RANGE_KEYS = new Set(['warrantyDateRange', 'installDateRange']);

/** The sort key of a column (the status column sorts by status code). */
export function sortFieldOf(columnKey: string): SortField | undefined {
  const key = columnKey === 'statusName' ? 'status' : columnKey;
  return (STATION_SORT_KEYS as readonly string[]).includes(key) ? (key as SortField) : undefined;
}

export function stationDetailPath(stationId: number, tab = 'StationInfo'): string {
  return `/StationDetail/${tab}?stationId=${stationId}`;
}

interface StationColumnsOptions {
  columnSettings: readonly ColumnSetting[];
  state: Pick<StationListState, 'sortField' | 'sortOrder'>;
  onEdit: (mode: StationFormMode, station: TStationRecord) => void;
  onTag: (station: TStationRecord) => void;
}

/** The site list's columns as the user arranged them, then the row actions (deleting asks first). */
export function useStationColumns({
  columnSettings,
  state,
  onEdit,
  onTag,
}: StationColumnsOptions): TableColumnsType<TStationRecord> {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { modal } = App.useApp();
  const deleteStation = useDeleteStation();

  const askDelete = (station: TStationRecord) => {
    modal.confirm({
      title: t('stations.delete.title'),
      content: t('stations.delete.confirm', { code: station.stationCode, name: station.projectName }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        await deleteStation.mutateAsync(station.id);
        feedback.success(t('stations.delete.done'));
      },
    });
  };

  const renderCell = (key: string, record: TStationRecord) => {
    const value = (record as unknown as Record<string, unknown>)[key];
    if (key === 'stationCode') {
      return <Link to={stationDetailPath(record.id)}>{record.stationCode}</Link>;
    }
    if (key === 'statusName') return <StationStatusTag status={record.status} name={record.statusName} />;
    if (key === 'tagNames') return <StationTagList tags={record.tags} />;
    // The latest data time is written only by ingestion: without it the site holds no data at all.
    if (key === 'dataTime' && !record.dataTime) {
      return (
        <Tag data-testid="station-no-data" variant="filled">
          {t('stations.list.noData')}
        </Tag>
      );
    }
    if (DATE_TIME_KEYS.has(key)) return formatDateTime(value as string | null);
    if (DATE_RANGE_KEYS.has(key)) return Array.isArray(value) ? value.join(' ~ ') : '';
    if (Array.isArray(value)) return value.join(', ');
    return value === null || value === undefined ? '' : String(value);
  };

  return [
    ...visibleColumns(columnSettings).map((column) => {
      const sortField = column.sortable ? sortFieldOf(column.key) : undefined;
      return {
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: column.width,
        fixed: column.fixed ?? undefined,
        ellipsis: column.key !== 'tagNames',
        sorter: sortField !== undefined,
        sortOrder:
          sortField !== undefined && state.sortField === sortField
            ? state.sortOrder === 'asc'
              ? ('ascend' as const)
              : ('descend' as const)
            : null,
        render: (_: unknown, record: TStationRecord) => renderCell(column.key, record),
      };
    }),
    {
      key: 'actions',
      title: t('stations.list.actions'),
      fixed: 'right',
      width: 240,
      render: (_, station) => (
        <Space size={0} wrap={false}>
          <PermissionButton
            type="link"
            size="small"
            feature="station.edit"
            onClick={() => onEdit('edit', station)}
          >
            {t('stations.actions.edit')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            feature="station.saveAs"
            onClick={() => onEdit('saveAs', station)}
          >
            {t('stations.actions.saveAs')}
          </PermissionButton>
          <PermissionButton type="link" size="small" feature="station.edit" onClick={() => onTag(station)}>
            {t('stations.actions.tags')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            danger
            feature="station.edit"
            onClick={() => askDelete(station)}
          >
            {t('stations.actions.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];
}
