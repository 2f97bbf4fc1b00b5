import {
  type TSensorMoveInput,
  type TSensorPlace,
  type TStationOption,
  ZSensorMoveRequest,
} from '@masthub/shared';
import { DatePicker, Input, InputNumber, Select, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readUtcCode } from '../../request/request.ts';
import { wallTimeToIso } from '../../ui/date-time.ts';
import { RuleItem } from '../../ui/form/RuleItem.tsx';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { fetchStationOptions } from '../access/index.ts';
import { useMoveSensor } from './register-api.ts';

interface MoveValues {
  targetStationId?: number;
  date?: Dayjs;
  heightM?: number | null;
  boomOrientationDeg?: number | null;
  tag?: string;
  channels?: { source: string; channelName: string; dataKey: string }[];
}

/**
 * "Move to…" (issue 44 §3): the target site, the date, the new height, boom and tag, and each channel's name
 * and data key there; the server writes a configuration on both sites in one transaction.
 */
export function SensorMoveModal({
  open,
  sensor,
  from,
  onClose,
}: {
  open: boolean;
  sensor: { id: number; label: string };
  from: TSensorPlace;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const move = useMoveSensor();
  const [options, setOptions] = useState<TStationOption[]>([]);
  const search = (keywords: string) =>
    void fetchStationOptions(keywords, 50).then((list) =>
      setOptions(list.filter((s) => s.id !== from.stationId)),
    );
  return (
    <SchemaFormModal<MoveValues, TSensorMoveInput>
      open={open}
      name="sensorMove"
      title={t('sensors.register.moveTitle', { sensor: sensor.label })}
      width={720}
      initialValues={{
        date: dayjs().startOf('day'),
        heightM: from.heightM,
        boomOrientationDeg: from.boomOrientationDeg,
        tag: from.tag,
        channels: from.channelNames.map((name, i) => ({
          source: name,
          channelName: name,
          dataKey: from.dataKeys[i] ?? '',
        })),
      }}
      toRequest={(v) => ({
        sensorId: sensor.id,
        fromStationId: from.stationId,
        targetStationId: v.targetStationId as number,
        date: v.date
          ? wallTimeToIso(v.date.format('YYYY-MM-DD HH:mm:ss'), readUtcCode())
          : (undefined as never),
        heightM: v.heightM ?? null,
        boomOrientationDeg: v.boomOrientationDeg ?? null,
        tag: v.tag ?? '',
        channels: from.channelNames.map((source, i) => ({
          source,
          channelName: v.channels?.[i]?.channelName ?? source,
          dataKey: v.channels?.[i]?.dataKey ?? from.dataKeys[i] ?? '',
        })),
      })}
      schema={ZSensorMoveRequest}
      save={(request) => move.mutateAsync(request)}
      savedMessage={t('sensors.register.moved')}
      onClose={onClose}
    >
      {() => (
        <>
          <Typography.Paragraph type="secondary">
            {t('sensors.register.moveHint', { site: `${from.stationCode} ${from.projectName}` })}
          </Typography.Paragraph>
          <RuleItem name="targetStationId" label={t('sensors.register.moveTarget')} required>
            <Select
              showSearch={{ filterOption: false, onSearch: search }}
              onFocus={() => search('')}
              options={options.map((s) => ({ value: s.id, label: `${s.stationCode} ${s.projectName}` }))}
            />
          </RuleItem>
          <RuleItem name="date" label={t('sensors.register.moveDate')} required>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="heightM" label={t('sensors.register.height')}>
            <InputNumber min={0} max={1000} style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="boomOrientationDeg" label={t('sensors.register.boom')}>
            <InputNumber min={0} max={360} style={{ width: '100%' }} />
          </RuleItem>
          <RuleItem name="tag" label={t('sensors.register.tag')}>
            <Input maxLength={100} />
          </RuleItem>
          <Typography.Text strong>{t('sensors.register.moveChannels')}</Typography.Text>
          <Table
            size="small"
            rowKey="source"
            pagination={false}
            dataSource={from.channelNames.map((source, index) => ({ source, index }))}
            columns={[
              {
                key: 'source',
                dataIndex: 'source',
                title: t('sensors.register.moveSource', { site: from.stationCode }),
              },
              {
                key: 'channelName',
                title: t('sensors.register.channelName'),
                render: (_, row) => (
                  <RuleItem name={['channels', row.index, 'channelName']} noStyle>
                    <Input maxLength={100} />
                  </RuleItem>
                ),
              },
              {
                key: 'dataKey',
                title: t('sensors.register.dataKey'),
                render: (_, row) => (
                  <RuleItem name={['channels', row.index, 'dataKey']} noStyle>
                    <Input maxLength={100} />
                  </RuleItem>
                ),
              },
            ]}
          />
        </>
      )}
    </SchemaFormModal>
  );
}
