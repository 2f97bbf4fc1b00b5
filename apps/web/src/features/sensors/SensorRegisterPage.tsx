import { SENSOR_REGISTER_TYPES, type TSensorPageInput, type TSensorSummary } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Button, Card, Form, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSensorPage } from './register-api.ts';
import { SensorDrawer } from './SensorDrawer.tsx';
import { SensorPlaceText } from './SensorPlaceText.tsx';

interface SearchValues {
  serial?: string;
  serialMatch?: 'prefix' | 'contains';
  make?: string;
  model?: string;
  sensorTypeId?: string;
}

/**
 * The sensor register (issue 44 §3): find a sensor by its serial (or make, model, type) and see where it
 * is now and when it was last calibrated; a row opens its page (history, calibrations, repairs, move).
 * `?serial=` searches for a serial on arrival (the channel configuration links here), `?id=` opens a sensor.
 */
export function SensorRegisterPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [form] = Form.useForm<SearchValues>();
  const initialSerial = params.get('serial') ?? '';
  const [search, setSearch] = useState<SearchValues>({
    serial: initialSerial,
    serialMatch: initialSerial ? 'prefix' : 'contains',
  });
  const [pageNo, setPageNo] = useState(1);
  const openId = Number(params.get('id')) || undefined;
  const request: TSensorPageInput = {
    pageNo,
    pageSize: PAGE_SIZE,
    serial: search.serial ?? '',
    serialMatch: search.serialMatch ?? 'contains',
    make: search.make ?? '',
    model: search.model ?? '',
    ...(search.sensorTypeId ? { sensorTypeId: search.sensorTypeId as TSensorPageInput['sensorTypeId'] } : {}),
  };
  const page = useSensorPage(request);

  const open = (id: number | undefined) => {
    const next = new URLSearchParams(params);
    if (id === undefined) next.delete('id');
    else next.set('id', String(id));
    setParams(next, { replace: true });
  };

  const typeName = (type: string) => (type ? t(`sensors.types.${type}`, { defaultValue: type }) : '');
  const columns: TableColumnsType<TSensorSummary> = [
    { key: 'oem', dataIndex: 'oem', title: t('sensors.register.make'), width: 140 },
    { key: 'model', dataIndex: 'model', title: t('sensors.register.model'), width: 160 },
    {
      key: 'serialNumber',
      dataIndex: 'serialNumber',
      title: t('sensors.register.serial'),
      width: 140,
      render: (serial: string, row) => (
        <Typography.Link onClick={() => open(row.id)}>{serial}</Typography.Link>
      ),
    },
    {
      key: 'type',
      dataIndex: 'sensorTypeId',
      title: t('sensors.register.type'),
      width: 120,
      render: typeName,
    },
    {
      key: 'whereNow',
      title: t('sensors.register.whereNow'),
      width: 260,
      render: (_, row) => <SensorPlaceText place={row.whereNow} hidden={row.whereNowHidden} />,
    },
    {
      key: 'lastCalibration',
      dataIndex: 'lastCalibrationDate',
      title: t('sensors.register.lastCalibration'),
      width: 120,
      render: (date: string | null) => date ?? '—',
    },
  ];

  return (
    <Card title={t('sensors.register.title')}>
      <Form<SearchValues>
        form={form}
        name="sensorSearch"
        layout="inline"
        initialValues={search}
        onFinish={(values) => {
          setSearch(values);
          setPageNo(1);
        }}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item name="serial" label={t('sensors.register.serial')}>
          <Input allowClear placeholder={t('sensors.register.serialPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
        <Form.Item name="serialMatch" label={t('sensors.register.serialMatch')}>
          <Select
            style={{ width: 120 }}
            options={(['contains', 'prefix'] as const).map((value) => ({
              value,
              label: t(`sensors.register.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item name="make" label={t('sensors.register.make')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="model" label={t('sensors.register.model')}>
          <Input allowClear style={{ width: 140 }} />
        </Form.Item>
        <Form.Item name="sensorTypeId" label={t('sensors.register.type')}>
          <Select
            allowClear
            style={{ width: 160 }}
            options={SENSOR_REGISTER_TYPES.map((value) => ({ value, label: typeName(value) }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('sensors.register.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                form.setFieldsValue({ serial: '', serialMatch: 'contains' });
                setSearch({ serialMatch: 'contains' });
                setPageNo(1);
              }}
            >
              {t('sensors.register.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Table<TSensorSummary>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={page.data?.records ?? []}
        loading={page.isFetching}
        scroll={{ x: 'max-content' }}
        onRow={(row) => ({ onDoubleClick: () => open(row.id) })}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
      <SensorDrawer sensorId={openId} onClose={() => open(undefined)} />
    </Card>
  );
}
