import { ZCalibrationCorrectRequest } from '@masthub/shared';
import { Alert, Col, DatePicker, Form, InputNumber, Modal, Row, Select, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { useStatisticsVersions } from '../analysis-form/index.ts';
import { useCorrectToCertificate } from './calibration-api.ts';

/** What a mismatch offers to correct: the channel, the configuration's period, both slope/offset pairs. */
export interface TCorrectionOffer {
  stationId: number;
  channel: string;
  channelName: string;
  from: string | null;
  to: string | null;
  programmed: { slope: number; offset: number };
  certified: { slope: number; offset: number };
  calibrationId: number;
}

interface TValues {
  versionId: number | undefined;
  from: Dayjs | null;
  to: Dayjs | null;
  programmedSlope: number;
  programmedOffset: number;
  certifiedSlope: number;
  certifiedOffset: number;
}

function toRequest(values: TValues, offer: TCorrectionOffer | undefined) {
  return {
    versionId: values.versionId,
    channel: offer?.channel ?? '',
    fromTime: values.from?.toISOString(),
    toTime: values.to ? values.to.toISOString() : null,
    programmed: { slope: values.programmedSlope, offset: values.programmedOffset },
    certified: { slope: values.certifiedSlope, offset: values.certifiedOffset },
    calibrationId: offer?.calibrationId,
  };
}

/**
 * Corrects a channel's history to its calibration certificate on a working version (issue 44 §2): one click
 * on a mismatch fills the channel, the configuration's period and both pairs; the task is undoable.
 */
export function CalibrationCorrectModal({
  offer,
  onClose,
}: {
  offer: TCorrectionOffer | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const { data: versions } = useStatisticsVersions(offer?.stationId);
  const working = (versions ?? []).filter((v) => v.kind === 'working' && !v.isViewOnly);
  const correct = useCorrectToCertificate();
  const rule = useRequestRule<TValues>(ZCalibrationCorrectRequest, (values) => toRequest(values, offer));
  const firstWorking = working[0]?.id;
  // The versions may arrive after the dialog opened: the first working version is then chosen.
  useEffect(() => {
    if (offer && firstWorking !== undefined && form.getFieldValue('versionId') === undefined) {
      form.setFieldValue('versionId', firstWorking);
    }
  }, [offer, firstWorking, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !offer) return;
    try {
      await correct.mutateAsync(toRequest(values, offer) as never);
      const version = working.find((v) => v.id === values.versionId)?.name ?? '';
      feedback.success(t('calibrations.correctModal.started', { version }));
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };

  const pair = (prefix: 'programmed' | 'certified') => (
    <>
      <Col span={12}>
        <Form.Item
          name={`${prefix}Slope`}
          label={`${t(`calibrations.correctModal.${prefix}`)} · ${t('calibrations.fields.slope')}`}
          rules={[rule(`${prefix}.slope`)]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
      <Col span={12}>
        <Form.Item
          name={`${prefix}Offset`}
          label={`${t(`calibrations.correctModal.${prefix}`)} · ${t('calibrations.fields.offset')}`}
          rules={[rule(`${prefix}.offset`)]}
        >
          <InputNumber style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );

  return (
    <Modal
      open={offer !== undefined}
      title={offer ? t('calibrations.correctModal.title', { channel: offer.channelName }) : ''}
      width={640}
      destroyOnHidden
      confirmLoading={correct.isPending}
      okButtonProps={{ disabled: working.length === 0 }}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Typography.Paragraph type="secondary">{t('calibrations.correctModal.intro')}</Typography.Paragraph>
      {versions && working.length === 0 ? (
        <Alert type="warning" showIcon title={t('calibrations.correctModal.noWorkingVersion')} />
      ) : null}
      <Form<TValues>
        form={form}
        layout="vertical"
        initialValues={
          offer && {
            versionId: working[0]?.id,
            from: offer.from ? dayjs(offer.from) : null,
            to: offer.to ? dayjs(offer.to) : null,
            programmedSlope: offer.programmed.slope,
            programmedOffset: offer.programmed.offset,
            certifiedSlope: offer.certified.slope,
            certifiedOffset: offer.certified.offset,
          }
        }
      >
        <Form.Item
          name="versionId"
          label={t('calibrations.correctModal.version')}
          rules={[rule('versionId')]}
        >
          <Select options={working.map((v) => ({ value: v.id, label: v.name }))} />
        </Form.Item>
        <Row gutter={12}>
          <Col span={12}>
            <Form.Item name="from" label={t('calibrations.correctModal.from')} rules={[rule('fromTime')]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="to" label={t('calibrations.correctModal.to')} rules={[rule('toTime')]}>
              <DatePicker showTime style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {pair('programmed')}
          {pair('certified')}
        </Row>
      </Form>
    </Modal>
  );
}
