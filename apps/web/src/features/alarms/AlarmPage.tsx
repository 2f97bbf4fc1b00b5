import { CheckSquareOutlined, ToolOutlined } from '@ant-design/icons';
import {
  ALARM_HANDLE_MODES,
  ALARM_HANDLE_STATUSES,
  ALARM_REASON_MAX,
  ALARM_TYPES,
  type TAlarmHandleMode,
  type TAlarmHandleRequest,
  type TAlarmRecord,
  ZAlarmHandleRequest,
} from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Card, Flex, Form, Input, Select, Space, Tabs, Tag } from 'antd';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListPage } from '../../app/list/ListPage.tsx';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import { PermissionButton, useCan } from '../../app/PermissionButton.tsx';
import type { FitColumn } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { RepairRecordsPanel } from '../repairs/RepairRecordsPanel.tsx';
import { RepairRequestModal, type RepairTarget } from '../repairs/RepairRequestModal.tsx';
import { useStationId } from '../station-detail/use-station-id.ts';
import { useAlarmPage, useHandleAlarms } from './api.ts';

const STATUS_COLORS: Record<string, string> = {
  unprocessed: 'red',
  ignore: 'default',
  focus: 'orange',
  normal: 'green',
  repair: 'blue',
};

function useSiteAlarms(values: Record<string, unknown>, pageNo: number) {
  return useAlarmPage({
    pageNo,
    pageSize: PAGE_SIZE,
    stationId: values['stationId'] as number,
    ...(values['type'] ? { type: values['type'] as TAlarmRecord['type'] } : {}),
    ...(values['handleStatus']
      ? { handleStatus: values['handleStatus'] as TAlarmRecord['handleStatus'] }
      : {}),
  });
}

interface HandleValues {
  handleMode?: TAlarmHandleMode;
  reason?: string;
}

/**
 * The site's alarms (SPEC §2 /StationDetail/Alarm, §3): type, period, what caused it, how it was handled;
 * one or several are handled at once (ignore, suspicious-focus, normal, request repair) with a reason.
 */
export function AlarmPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const formatDateTime = useFormatDateTime();
  const [selected, setSelected] = useState<number[]>([]);
  const [handling, setHandling] = useState<number[]>();
  const handle = useHandleAlarms();
  const [repairing, setRepairing] = useState<RepairTarget>();
  const closeRepair = useCallback(() => {
    setRepairing(undefined);
    setSelected([]);
  }, []);
  const [tab, setTab] = useState('alarms');
  const canViewRepairs = useCan('repair.view');
  if (stationId === undefined) return null;

  const columns: FitColumn<TAlarmRecord>[] = [
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

  const alarms = (
    <>
      <ListPage<TAlarmRecord>
        bare
        search={{
          kind: 'form',
          name: 'alarmSearch',
          fields: [
            {
              kind: 'select',
              name: 'type',
              label: t('alarms.fields.type'),
              options: ALARM_TYPES.map((value) => ({ value, label: t(`alarms.types.${value}`) })),
            },
            {
              kind: 'select',
              name: 'handleStatus',
              label: t('alarms.fields.handleStatus'),
              width: 170,
              options: ALARM_HANDLE_STATUSES.map((value) => ({
                value,
                label: t(`alarms.statuses.${value}`),
              })),
            },
          ],
        }}
        usePage={useSiteAlarms}
        baseValues={{ stationId }}
        columns={columns}
        toolbar={
          <Space>
            <PermissionButton
              feature="alarm.handle"
              icon={<CheckSquareOutlined />}
              disabled={selected.length === 0}
              data-testid="alarm-handle-selected"
              onClick={() => setHandling(selected)}
            >
              {t('alarms.handleSelected', { count: selected.length })}
            </PermissionButton>
            <PermissionButton
              feature="alarm.handle"
              icon={<ToolOutlined />}
              disabled={selected.length === 0}
              data-testid="alarm-request-repair"
              onClick={() => setRepairing({ stationIds: [stationId], alarmIds: selected })}
            >
              {t('alarms.requestRepair', { count: selected.length })}
            </PermissionButton>
          </Space>
        }
        tableProps={{
          rowSelection: { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) },
        }}
        actions={{
          feature: 'alarm.handle',
          width: 160,
          extra: (record) => (
            <>
              <PermissionButton
                feature="alarm.handle"
                type="link"
                size="small"
                onClick={() => setHandling([record.id])}
              >
                {t('alarms.handle')}
              </PermissionButton>
              {record.handleStatus === 'unprocessed' || record.isOpen ? (
                <PermissionButton
                  feature="alarm.handle"
                  type="link"
                  size="small"
                  onClick={() =>
                    setRepairing({ stationIds: [stationId], alarmIds: [record.id], reason: record.content })
                  }
                >
                  {t('alarms.repair')}
                </PermissionButton>
              ) : null}
            </>
          ),
        }}
      />
      <SchemaFormModal<HandleValues, TAlarmHandleRequest>
        open={handling !== undefined}
        name="alarmHandleForm"
        title={t('alarms.handleTitle', { count: handling?.length ?? 0 })}
        initialValues={{ reason: '' }}
        toRequest={(values) => ({
          ids: handling ?? [],
          handleMode: values.handleMode as TAlarmHandleMode,
          reason: values.reason ?? '',
        })}
        schema={ZAlarmHandleRequest}
        save={(request) => handle.mutateAsync(request)}
        savedMessage={t('alarms.handled')}
        onSaved={() => {
          setHandling(undefined);
          setSelected([]);
        }}
        onClose={() => setHandling(undefined)}
      >
        {({ rule }) => (
          <>
            <Form.Item
              name="handleMode"
              label={t('alarms.fields.handleMode')}
              rules={[rule('handleMode')]}
              required
            >
              <Select
                placeholder={t('system.common.choose')}
                options={ALARM_HANDLE_MODES.map((value) => ({ value, label: t(`alarms.statuses.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="reason" label={t('alarms.fields.reason')} rules={[rule('reason')]}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} showCount maxLength={ALARM_REASON_MAX} />
            </Form.Item>
          </>
        )}
      </SchemaFormModal>
      <RepairRequestModal target={repairing} onClose={closeRepair} />
    </>
  );

  return (
    <Card size="small" data-testid="alarm-page">
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'alarms', label: t('alarms.tabs.alarms'), children: alarms },
          ...(canViewRepairs
            ? [
                {
                  key: 'repairs',
                  label: t('alarms.tabs.repairs'),
                  children: <RepairRecordsPanel stationId={stationId} />,
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
