import { ArrowRightOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { STATION_LOG_TYPES, type TStationLogRecord } from '@masthub/shared';
import { DATE_COLUMN_WIDTH, PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Form,
  Input,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DATE_TIME_FORMAT } from '../../app/date-time.ts';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { readUtcCode } from '../../request/request.ts';
import { useTagList } from '../tags/api.ts';
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

/**
 * Site operation log (SPEC §2 stationLog, §3 Station log): who changed which site, where and when;
 * filters by operator, type, site code and time; page 20; a row with stored details expands to show them.
 */
export function StationLogPage() {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [form] = Form.useForm<FilterValues>();
  const [filters, setFilters] = useState<StationLogFilters>({});
  const [pageNo, setPageNo] = useState(1);
  const {
    data: page,
    isFetching,
    refetch,
  } = useStationLogPage(toStationLogRequest(filters, pageNo, readUtcCode()));

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

  const columns: TableColumnsType<TStationLogRecord> = [
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
      key: 'objects',
      dataIndex: 'objects',
      title: t('registry.stationLog.fields.objects'),
      ellipsis: { showTitle: true },
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Card>
      <Form<FilterValues>
        form={form}
        name="stationLogSearch"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(toFilters(values));
          setPageNo(1);
        }}
      >
        <Form.Item name="operator" label={t('registry.stationLog.filters.operator')}>
          <Input
            allowClear
            style={{ width: 160 }}
            placeholder={t('registry.stationLog.filters.operatorHint')}
          />
        </Form.Item>
        <Form.Item name="type" label={t('registry.stationLog.fields.type')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.common.all')}
            options={STATION_LOG_TYPES.map((value) => ({
              value,
              label: t(`registry.stationLog.types.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="stationCode" label={t('registry.stationLog.fields.stationCode')}>
          <Input allowClear style={{ width: 130 }} />
        </Form.Item>
        <Form.Item name="range" label={t('registry.stationLog.fields.operateTime')}>
          <DatePicker.RangePicker showTime format={DATE_TIME_FORMAT} style={{ width: 380 }} />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
              {t('system.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setPageNo(1);
              }}
            >
              {t('system.common.reset')}
            </Button>
            <Button
              icon={<ReloadOutlined />}
              onClick={() => void refetch()}
              aria-label={t('common.actions.refresh')}
            />
          </Space>
        </Form.Item>
      </Form>
      <Table<TStationLogRecord>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={fit.columns}
        dataSource={page?.records ?? []}
        tableLayout="fixed"
        {...fit.tableProps}
        expandable={{
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
        }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('system.common.total', { total }),
          onChange: setPageNo,
        }}
      />
    </Card>
  );
}
