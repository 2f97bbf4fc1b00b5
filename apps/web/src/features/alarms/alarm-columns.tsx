import type { TAlarmRecord } from '@masthub/shared';
import { Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

const STATUS_COLORS: Record<string, string> = {
  unprocessed: 'red',
  ignore: 'default',
  focus: 'orange',
  normal: 'green',
  repair: 'blue',
};

/** The alarm table's columns: when, type (and whether still open), period, content, handling. */
export function useAlarmColumns(): FitColumn<TAlarmRecord>[] {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return [
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('alarms.fields.createTime'),
      width: 110,
      wrap: true,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'type',
      dataIndex: 'typeName',
      title: t('alarms.fields.type'),
      width: 120,
      wrap: true,
      render: (name: string, r) => (
        <Flex vertical gap={4} align="flex-start">
          <Tag color={r.isOpen ? 'red' : 'default'}>{name}</Tag>
          {r.isOpen ? <Tag color="volcano">{t('alarms.open')}</Tag> : null}
        </Flex>
      ),
    },
    {
      key: 'period',
      title: t('alarms.fields.period'),
      width: 170,
      wrap: true,
      // Start and end on two lines: both stay whole in a narrow column.
      render: (_, r) => (
        <Flex vertical>
          <span>{formatDateTime(r.periodStart)}</span>
          <span>– {formatDateTime(r.periodEnd)}</span>
        </Flex>
      ),
    },
    {
      key: 'content',
      dataIndex: 'content',
      title: t('alarms.fields.content'),
      width: 220,
      wrap: true,
    },
    {
      key: 'handleStatus',
      dataIndex: 'handleStatusName',
      title: t('alarms.fields.handleStatus'),
      width: 130,
      wrap: true,
      render: (name: string, r) => (
        <Tag color={STATUS_COLORS[r.handleStatus]} style={{ whiteSpace: 'normal' }}>
          {name}
        </Tag>
      ),
    },
    { key: 'handlerName', dataIndex: 'handlerName', title: t('alarms.fields.handler'), width: 110 },
    {
      key: 'handleTime',
      dataIndex: 'handleTime',
      title: t('alarms.fields.handleTime'),
      width: 110,
      wrap: true,
      render: (value: string | null) => formatDateTime(value),
    },
    {
      key: 'reason',
      dataIndex: 'reason',
      title: t('alarms.fields.reason'),
      width: 160,
      wrap: true,
    },
  ];
}
