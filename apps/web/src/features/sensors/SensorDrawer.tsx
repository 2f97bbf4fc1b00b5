import type {
  TSensorDetail,
  TSensorPeriod,
  TSensorRegisterCalibration,
  TSensorRepair,
} from '@masthub/shared';
import { Descriptions, Drawer, Empty, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDate, useFormatDateTime } from '../../ui/use-date-time.ts';
import { useSensorDetail } from './register-api.ts';
import { SensorEditModal } from './SensorEditModal.tsx';
import { SensorMoveModal } from './SensorMoveModal.tsx';
import { SensorPlaceText } from './SensorPlaceText.tsx';

function HistoryTable({ history }: { history: TSensorPeriod[] }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const columns: TableColumnsType<TSensorPeriod> = [
    {
      key: 'site',
      title: t('sensors.register.site'),
      render: (_, p) => (
        <Space size={4}>
          <Link to={`/StationDetail/ChannelConfiguration?stationId=${p.stationId}`}>
            {p.stationCode} {p.projectName}
          </Link>
          {p.isNow && <Tag color="green">{t('sensors.register.now')}</Tag>}
        </Space>
      ),
    },
    { key: 'height', dataIndex: 'heightM', title: t('sensors.register.height'), width: 90 },
    { key: 'boom', dataIndex: 'boomOrientationDeg', title: t('sensors.register.boom'), width: 100 },
    { key: 'tag', dataIndex: 'tag', title: t('sensors.register.tag'), width: 90 },
    {
      key: 'channels',
      dataIndex: 'channelNames',
      title: t('sensors.register.channels'),
      render: (names: string[]) => names.join(', '),
    },
    {
      key: 'from',
      dataIndex: 'from',
      title: t('sensors.register.from'),
      width: 150,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'to',
      dataIndex: 'to',
      title: t('sensors.register.to'),
      width: 150,
      render: (v: string | null) => (v ? formatDateTime(v) : t('sensors.register.untilNow')),
    },
  ];
  return (
    <Table<TSensorPeriod>
      rowKey={(p) => p.configIds.join('-')}
      size="small"
      columns={columns}
      dataSource={history}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('sensors.register.noHistory') }}
    />
  );
}

function CalibrationTable({ calibrations }: { calibrations: TSensorRegisterCalibration[] }) {
  const { t } = useTranslation();
  const columns: TableColumnsType<TSensorRegisterCalibration> = [
    {
      key: 'date',
      dataIndex: 'dateOfCalibration',
      title: t('sensors.register.calibrationDate'),
      width: 120,
      render: (v: string | null) => v ?? '—',
    },
    { key: 'slope', dataIndex: 'slope', title: t('sensors.register.slope'), width: 100 },
    { key: 'offset', dataIndex: 'offset', title: t('sensors.register.offset'), width: 100 },
    { key: 'organisation', dataIndex: 'calibrationOrganisation', title: t('sensors.register.organisation') },
    { key: 'report', dataIndex: 'calibrationId', title: t('sensors.register.calibrationId'), width: 140 },
  ];
  return (
    <Table<TSensorRegisterCalibration>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={calibrations}
      pagination={false}
      locale={{ emptyText: t('sensors.register.noCalibrations') }}
    />
  );
}

function RepairTable({ repairs }: { repairs: TSensorRepair[] }) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  const columns: TableColumnsType<TSensorRepair> = [
    { key: 'site', dataIndex: 'stationCode', title: t('sensors.register.site'), width: 100 },
    { key: 'fault', dataIndex: 'faultType', title: t('sensors.register.faultType') },
    {
      key: 'start',
      dataIndex: 'faultStart',
      title: t('sensors.register.faultStart'),
      width: 120,
      render: (v: string | null) => formatDate(v),
    },
    {
      key: 'status',
      dataIndex: 'isClosed',
      title: t('sensors.register.repairStatus'),
      width: 100,
      render: (closed: boolean) => (
        <Tag color={closed ? 'green' : 'blue'}>
          {t(closed ? 'sensors.register.repairClosed' : 'sensors.register.repairOpen')}
        </Tag>
      ),
    },
  ];
  return (
    <Table<TSensorRepair>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={repairs}
      pagination={false}
      locale={{ emptyText: t('sensors.register.noRepairs') }}
    />
  );
}

function RecordSection({ detail, onEdit }: { detail: TSensorDetail; onEdit: () => void }) {
  const { t } = useTranslation();
  const s = detail.sensor;
  const heated = s.isHeated === null ? 'unknown' : s.isHeated ? 'yes' : 'no';
  return (
    <Descriptions
      size="small"
      column={2}
      bordered
      extra={
        <PermissionButton feature="station.edit" size="small" onClick={onEdit}>
          {t('sensors.register.edit')}
        </PermissionButton>
      }
      title={t('sensors.register.record')}
      items={[
        { key: 'make', label: t('sensors.register.make'), children: s.oem },
        { key: 'model', label: t('sensors.register.model'), children: s.model },
        { key: 'serial', label: t('sensors.register.serial'), children: s.serialNumber },
        {
          key: 'type',
          label: t('sensors.register.type'),
          children: s.sensorTypeId
            ? t(`sensors.types.${s.sensorTypeId}`, { defaultValue: s.sensorTypeId })
            : '',
        },
        { key: 'classification', label: t('sensors.register.classification'), children: s.classification },
        { key: 'heated', label: t('sensors.register.heated'), children: t(`sensors.register.${heated}`) },
        {
          key: 'whereNow',
          label: t('sensors.register.whereNow'),
          span: 2,
          children: <SensorPlaceText place={detail.whereNow} hidden={detail.whereNowHidden} />,
        },
        { key: 'notes', label: t('sensors.register.notes'), span: 2, children: s.notes },
      ]}
    />
  );
}

/** A sensor's page (issue 44 §3): its record, where it was (newest first), its calibrations and repairs. */
export function SensorDrawer({ sensorId, onClose }: { sensorId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useSensorDetail(sensorId);
  const [isEditing, setIsEditing] = useState(false);
  const [isMoving, setIsMoving] = useState(false);
  const data = detail.data;
  const label = data
    ? [data.sensor.oem, data.sensor.model, data.sensor.serialNumber].filter(Boolean).join(' ')
    : '';
  return (
    <Drawer
      open={sensorId !== undefined}
      onClose={onClose}
      size={960}
      title={label}
      loading={detail.isLoading}
      extra={
        data && (
          <PermissionButton
            feature="station.edit"
            type="primary"
            disabled={!data.whereNow}
            title={data.whereNow ? undefined : t('sensors.register.notMounted')}
            onClick={() => setIsMoving(true)}
          >
            {t('sensors.register.move')}
          </PermissionButton>
        )
      }
    >
      {data ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <RecordSection detail={data} onEdit={() => setIsEditing(true)} />
          <div>
            <Typography.Title level={5}>{t('sensors.register.history')}</Typography.Title>
            <HistoryTable history={data.history} />
            {data.hiddenPeriodCount > 0 && (
              <Typography.Text type="secondary">
                {t('sensors.register.hiddenPeriods', { count: data.hiddenPeriodCount })}
              </Typography.Text>
            )}
          </div>
          <div>
            <Typography.Title level={5}>{t('sensors.register.calibrations')}</Typography.Title>
            <CalibrationTable calibrations={data.calibrations} />
          </div>
          <div>
            <Typography.Title level={5}>{t('sensors.register.repairs')}</Typography.Title>
            <RepairTable repairs={data.repairs} />
          </div>
          <SensorEditModal sensor={isEditing ? data.sensor : undefined} onClose={() => setIsEditing(false)} />
          {data.whereNow && (
            <SensorMoveModal
              open={isMoving}
              sensor={{ id: data.sensor.id, label }}
              from={data.whereNow}
              onClose={() => setIsMoving(false)}
            />
          )}
        </Space>
      ) : (
        !detail.isLoading && <Empty />
      )}
    </Drawer>
  );
}
