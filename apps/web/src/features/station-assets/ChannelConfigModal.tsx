import { type TChannelConfigDetail, ZChannelConfigSaveRequest } from '@masthub/shared';
import { DatePicker, Form, Input, Modal, Row, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError, readUtcCode } from '../../request/request.ts';
import { DATE_TIME_FORMAT, formatDateTime, wallTimeToIso } from '../../ui/date-time.ts';
import { RuleCol, RuleForm } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { type ChannelConfigBody, useChannelElements, useSaveChannelConfig } from './api.ts';
import { ChannelRowsList } from './ChannelRowsList.tsx';
import { useStatisticOptions } from './ElementSelect.tsx';
import { type ChannelDraft, cleanChannel, emptyChannel, toChannelDraft } from './station-assets.utils.ts';

export interface ConfigValues {
  name?: string;
  effectiveFrom?: Dayjs | null;
  notes?: string;
  channels?: Partial<ChannelDraft>[];
}

export function toConfigBody(
  stationId: number,
  values: ConfigValues,
  id: number | undefined,
): ChannelConfigBody {
  return {
    ...(id === undefined ? {} : { id }),
    stationId,
    name: values.name?.trim() ?? '',
    effectiveFrom: values.effectiveFrom
      ? wallTimeToIso(values.effectiveFrom.format(DATE_TIME_FORMAT), readUtcCode())
      : '',
    notes: values.notes?.trim() ?? '',
    channels: (values.channels ?? []).map((channel) => ({ ...cleanChannel(channel) })),
  };
}

/**
 * Puts the starting values into the form once its items are mounted: the form lives in a modal that
 * mounts its content late, and the channel list's nested items lost values given only as initialValues.
 */
function ApplyValues({ values }: { values: ConfigValues | undefined }) {
  const form = Form.useFormInstance<ConfigValues>();
  useEffect(() => {
    if (values) form.setFieldsValue(values);
  }, [form, values]);
  return null;
}

interface ChannelConfigModalProps extends DialogProps {
  stationId: number;
  /** 'create' starts from `source` (a copy of the configuration in force) with a new effective date. */
  mode: 'create' | 'edit';
  source: TChannelConfigDetail | undefined;
  onSaved: (id: number) => void;
}

/** Adds a configuration (copying the one in force as a start) or edits one as a whole. */
export function ChannelConfigModal({
  stationId,
  open,
  mode,
  source,
  onClose,
  onSaved,
}: ChannelConfigModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ConfigValues>();
  const save = useSaveChannelConfig(stationId);
  const id = mode === 'edit' ? source?.id : undefined;
  const rule = useRequestRule(ZChannelConfigSaveRequest, (values: ConfigValues) =>
    toConfigBody(stationId, values, id),
  );
  const { data: elements = [] } = useChannelElements();
  const statisticOptions = useStatisticOptions();

  // The form mounts on each opening (destroyOnHidden): its initial values are computed per opening.
  const initialValues = useMemo<ConfigValues | undefined>(() => {
    if (!open) return undefined;
    const channels = source ? source.channels.map(toChannelDraft) : [emptyChannel()];
    if (mode === 'edit' && source) {
      return {
        name: source.name,
        effectiveFrom: dayjs(formatDateTime(source.effectiveFrom, readUtcCode())),
        notes: source.notes,
        channels,
      };
    }
    return {
      name: '',
      effectiveFrom: dayjs().startOf('day'),
      notes: source ? t('stations.channels.copiedFrom', { name: source.name }) : '',
      channels,
    };
  }, [open, mode, source, t]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      // Every channel as stored in the form, with what a Task 43 import kept (fields the rows do not show).
      const all = form.getFieldsValue(true) as ConfigValues;
      const reply = await save.mutateAsync(
        toConfigBody(stationId, { ...values, channels: all.channels ?? values.channels }, id),
      );
      feedback.success(
        t(mode === 'edit' ? 'stations.channels.configSaved' : 'stations.channels.configAdded'),
      );
      onSaved(reply.id);
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((item) => ({
            name: item.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)) as never,
            errors: [item.message],
          })),
        );
      }
    }
  };

  return (
    <Modal
      open={open}
      title={t(mode === 'edit' ? 'stations.channels.editConfigTitle' : 'stations.channels.addConfigTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={save.isPending}
      width={1280}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <RuleForm<ConfigValues>
        rule={rule}
        form={form}
        layout="vertical"
        name="channelConfig"
        preserve={false}
        initialValues={initialValues}
      >
        <ApplyValues values={initialValues} />
        <Row gutter={16}>
          <RuleCol span={8} name="name" label={t('stations.channels.configName')} required>
            <Input autoComplete="off" maxLength={50} />
          </RuleCol>
          <RuleCol span={6} name="effectiveFrom" label={t('stations.channels.effectiveFrom')} required>
            <DatePicker showTime style={{ width: '100%' }} />
          </RuleCol>
          <RuleCol span={10} name="notes" label={t('stations.channels.notes')}>
            <Input autoComplete="off" maxLength={200} />
          </RuleCol>
        </Row>
        {mode === 'create' ? (
          <Typography.Paragraph type="secondary">
            {source
              ? t('stations.channels.copyHint', { name: source.name })
              : t('stations.channels.firstHint')}
          </Typography.Paragraph>
        ) : null}
        <ChannelRowsList form={form} elements={elements} statisticOptions={statisticOptions} />
      </RuleForm>
    </Modal>
  );
}
