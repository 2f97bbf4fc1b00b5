import { ArrowRightOutlined } from '@ant-design/icons';
import { STATION_LOG_TYPES, type TStationLogRecord } from '@masthub/shared';
import { DATE_COLUMN_WIDTH } from '@masthub/shared/constants.ts';
import { Descriptions, Space, Tag, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { readUtcCode } from '../../request/request.ts';
import { DATE_TIME_FORMAT } from '../../ui/date-time.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useTagList } from '../tags/index.ts';
import { useStationLogPage } from './api.ts';
import {
  type DetailRow,
  detailRows,
  STATION_LOG_TYPE_COLORS,
  type StationLogFilters,
  toStationLogRequest,
} from './station-log.utils.ts';

interface FilterValues {
  operator?: string;
  type?: StationLogFilters['type'];
  stationCode?: string;
  range?: [Dayjs, Dayjs] | null;
}

function toFilters(values: FilterValues): StationLogFilters {
  return {
    operator: values.operator,
    type: values.type,
    stationCode: values.stationCode,
    range: values.range
      ? [values.range[0].format(DATE_TIME_FORMAT), values.range[1].format(DATE_TIME_FORMAT)]
      : null,
  };
}

function useStationLog(values: Record<string, unknown>, pageNo: number) {
  return useStationLogPage(toStationLogRequest(toFilters(values as FilterValues), pageNo, readUtcCode()));
}

/**
 * Site operation log (SPEC §2 stationLog, §3 Station log): who changed which site, where and when;
 * filters by operator, type, site code and time; page 20; a row with stored details expands to show them.
 */
export function StationLogPage() {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();

  // Tag changes are stored as ids: the tag list turns them into names.
  const { data: tags = [] } = useTagList({});
  const tagNames = useMemo(() => new Map(tags.map((tag) => [tag.id, tag.name])), [tags]);
  const detailsOf = (record: TStationLogRecord) =>
    detailRows(record.details, { tagNames, pairIsTags: record.locationKey === 'stationTags' });

  const detailLabel = (key: string) => {
    if (key === '') return t('registry.stationLog.details.change');
    const known = `registry.stationLog.detailKeys.${key}`;
    return i18n.exists(known) ? t(known) : key;
  };
  const shown = (value: string) =>
    value === '' ? (
      <Typography.Text type="secondary">{t('registry.stationLog.details.empty')}</Typography.Text>
    ) : (
      value
    );
  const renderDetail = (row: DetailRow) =>
    row.kind === 'change' ? (
      <Space size={8} wrap>
        <Typography.Text delete type="secondary">
          {shown(row.before)}
        </Typography.Text>
        <ArrowRightOutlined style={{ color: 'var(--ant-color-text-tertiary)' }} />
        <span>{shown(row.after)}</span>
      </Space>
    ) : (
      shown(row.value)
    );

  const columns: FitColumn<TStationLogRecord>[] = [
    {
      key: 'operatorAccount',
      dataIndex: 'operatorAccount',
      title: t('registry.stationLog.fields.operatorAccount'),
      width: 130,
    },
    {
      key: 'operatorName',
      dataIndex: 'operatorName',
      title: t('registry.stationLog.fields.operatorName'),
      width: 120,
    },
    {
      key: 'operateTime',
      dataIndex: 'operateTime',
      title: t('registry.stationLog.fields.operateTime'),
      width: DATE_COLUMN_WIDTH,
      // Whole: the time is what a row is found by.
      wrap: true,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'type',
      dataIndex: 'type',
      title: t('registry.stationLog.fields.type'),
      width: 90,
      render: (value: TStationLogRecord['type']) => (
        <Tag color={STATION_LOG_TYPE_COLORS[value]}>{t(`registry.stationLog.types.${value}`)}</Tag>
      ),
    },
    {
      key: 'location',
      dataIndex: 'location',
      title: t('registry.stationLog.fields.location'),
      width: 150,
    },
    {
      key: 'stationCode',
      dataIndex: 'stationCode',
      title: t('registry.stationLog.fields.stationCode'),
      width: 100,
    },
    {
      // What changed is what the log is read for: the widest column, its whole text on up to a few lines.
      key: 'objects',
      dataIndex: 'objects',
      title: t('registry.stationLog.fields.objects'),
      width: 320,
      wrap: true,
    },
  ];
  return (
    <ListPage<TStationLogRecord>
      search={{
        kind: 'form',
        name: 'stationLogSearch',
        fields: [
          {
            kind: 'text',
            name: 'operator',
            label: t('registry.stationLog.filters.operator'),
            placeholder: t('registry.stationLog.filters.operatorHint'),
          },
          {
            kind: 'select',
            name: 'type',
            label: t('registry.stationLog.fields.type'),
            width: 120,
            options: STATION_LOG_TYPES.map((value) => ({
              value,
              label: t(`registry.stationLog.types.${value}`),
            })),
          },
          {
            kind: 'text',
            name: 'stationCode',
            label: t('registry.stationLog.fields.stationCode'),
            width: 130,
          },
          { kind: 'dateTimeRange', name: 'range', label: t('registry.stationLog.fields.operateTime') },
        ],
      }}
      usePage={useStationLog}
      columns={columns}
      tableProps={{
        expandable: {
          rowExpandable: (record) => detailsOf(record).length > 0,
          expandedRowRender: (record) => (
            <Descriptions
              size="small"
              bordered
              column={1}
              title={t('registry.stationLog.details.title')}
              styles={{ label: { width: 200 } }}
              items={detailsOf(record).map((row, index) => ({
                key: `${row.key}:${index}`,
                label: detailLabel(row.key),
                children: renderDetail(row),
              }))}
            />
          ),
        },
      }}
    />
  );
}
