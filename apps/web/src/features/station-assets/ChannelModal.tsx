import { type TChannelConfigDetail, ZChannel } from '@masthub/shared';
import { Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RuleCol, RuleForm } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { useChannelElements, useSaveChannelConfig } from './api.ts';
import { ElementSelect, useHeightReferenceOptions, useStatisticOptions } from './ElementSelect.tsx';
import { type ChannelDraft, cleanChannel, emptyChannel, toChannelDraft } from './station-assets.utils.ts';

interface ChannelModalProps extends DialogProps {
  stationId: number;
  config: TChannelConfigDetail | undefined;
  /** The index of the channel in `config.channels`; undefined adds one. */
  index: number | undefined;
}

/** The channels of `config` with one replaced (index) or added, as the save body expects. */
export function withChannel(
  config: TChannelConfigDetail,
  index: number | undefined,
  channel: ChannelDraft,
): ChannelDraft[] {
  const channels = config.channels.map(toChannelDraft);
  if (index === undefined) return [...channels, channel];
  return channels.map((current, i) => (i === index ? channel : current));
}

/** The whole configuration as a save body (a configuration is replaced as a whole). */
export function configBody(stationId: number, config: TChannelConfigDetail, channels: ChannelDraft[]) {
  return {
    id: config.id,
    stationId,
    name: config.name,
    // The stored instant as it came (ISO), so the configuration keeps its exact date.
    effectiveFrom: config.effectiveFrom,
    notes: config.notes,
    channels: channels.map((channel) => ({ ...channel })),
  };
}

/** Edits or adds one channel of a configuration, with every channel field (sensor and calibration too). */
export function ChannelModal({ stationId, config, index, open, onClose }: ChannelModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Partial<ChannelDraft>>();
  const save = useSaveChannelConfig(stationId);
  const rule = useRequestRule(ZChannel, cleanChannel);
  const { data: elements = [] } = useChannelElements();
  const statisticOptions = useStatisticOptions();
  const heightReferenceOptions = useHeightReferenceOptions();

  const initialValues = useMemo(() => {
    const channel = index === undefined ? undefined : config?.channels[index];
    return channel ? toChannelDraft(channel) : emptyChannel();
  }, [config, index]);

  const submit = async () => {
    if (!config) return;
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      // Fields the form does not show (what a Task 43 import kept) come from the channel as it was.
      const channel = cleanChannel({ ...initialValues, ...values });
      await save.mutateAsync(configBody(stationId, config, withChannel(config, index, channel)));
      feedback.success(t('stations.channels.channelSaved'));
      onClose();
    } catch {
      // The request layer showed the message (duplicate dataKey…).
    }
  };

  const text = (name: keyof ChannelDraft, label: string, required = false) => (
    <RuleCol span={8} key={name} name={name} label={label} required={required}>
      <Input autoComplete="off" />
    </RuleCol>
  );
  const number = (name: keyof ChannelDraft, label: string, min?: number, max?: number) => (
    <RuleCol span={8} key={name} name={name} label={label}>
      <InputNumber min={min} max={max} style={{ width: '100%' }} />
    </RuleCol>
  );

  return (
    <Modal
      open={open}
      title={t(
        index === undefined ? 'stations.channels.addChannelTitle' : 'stations.channels.editChannelTitle',
        {
          name: config?.name ?? '',
        },
      )}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={save.isPending}
      width={820}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <RuleForm<Partial<ChannelDraft>>
        rule={rule}
        form={form}
        layout="vertical"
        name="channel"
        preserve={false}
        initialValues={initialValues}
      >
        <Row gutter={16}>
          {text('channelName', t('stations.channels.channelName'), true)}
          <RuleCol span={8} name="element" label={t('stations.channels.element')} required>
            <ElementSelect elements={elements} onUnit={(unit) => form.setFieldValue('unit', unit)} />
          </RuleCol>
          <RuleCol span={8} name="statistic" label={t('stations.channels.statistic')} required>
            <Select options={statisticOptions} />
          </RuleCol>
          {text('dataKey', t('stations.channels.dataKey'), true)}
          {number('heightM', t('stations.channels.pointHeight'), -11000, 1000)}
          <RuleCol span={8} name="heightReference" label={t('stations.channels.heightReference')}>
            <Select options={heightReferenceOptions} />
          </RuleCol>
          {number('loggerHeightM', t('stations.channels.loggerHeight'), -11000, 1000)}
          {text('tag', t('stations.channels.tag'))}
          {text('unit', t('stations.channels.unit'))}
          {number('boomOrientationDeg', t('stations.channels.boom'), 0, 360)}
          {number('vaneOffsetDeg', t('stations.channels.vaneOffset'), -360, 360)}
          {text('measurementType', t('stations.channels.measurementType'))}
          {text('sensorMake', t('stations.channels.sensorMake'))}
          {text('sensorModel', t('stations.channels.sensorModel'))}
          {text('sensorSerial', t('stations.channels.sensorSerial'))}
          {number('calibrationSlope', t('stations.channels.calibrationSlope'))}
          {number('calibrationOffset', t('stations.channels.calibrationOffset'))}
        </Row>
      </RuleForm>
    </Modal>
  );
}
