import { ZCampaignRuleSaveRequest } from '@masthub/shared';
import { Checkbox, DatePicker, Form, InputNumber, Modal } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { useCampaignRule, useSaveCampaignRule } from './calibration-api.ts';

interface TValues {
  recalibrationMonths: number | null;
  isPostCampaignRequired: boolean;
  campaignEnd: Dayjs | null;
}

const toRequest = (stationId: number, values: TValues) => ({
  stationId,
  recalibrationMonths: values.recalibrationMonths ?? null,
  isPostCampaignRequired: values.isPostCampaignRequired ?? false,
  campaignEnd: values.campaignEnd ? values.campaignEnd.format('YYYY-MM-DD') : null,
});

/** A site's recalibration rule (issue 44 §2): the interval in months and the post-campaign calibration. */
export function CalibrationRuleModal({
  site,
  onClose,
}: {
  site: { stationId: number; stationCode: string } | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<TValues>();
  const { data: rule } = useCampaignRule(site?.stationId);
  const save = useSaveCampaignRule();
  const zodRule = useRequestRule<TValues>(ZCampaignRuleSaveRequest, (values) =>
    toRequest(site?.stationId ?? 1, values),
  );
  useEffect(() => {
    if (rule && rule.stationId === site?.stationId) {
      form.setFieldsValue({
        recalibrationMonths: rule.recalibrationMonths,
        isPostCampaignRequired: rule.isPostCampaignRequired,
        campaignEnd: rule.campaignEnd ? dayjs(rule.campaignEnd) : null,
      });
    }
  }, [rule, site, form]);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !site) return;
    try {
      await save.mutateAsync(toRequest(site.stationId, values));
      feedback.success(t('calibrations.rule.saved'));
      onClose();
    } catch {
      // Shown by the request layer.
    }
  };

  return (
    <Modal
      open={site !== undefined}
      title={site ? t('calibrations.rule.title', { site: site.stationCode }) : ''}
      destroyOnHidden
      confirmLoading={save.isPending}
      onOk={() => void submit()}
      onCancel={onClose}
    >
      <Form<TValues> form={form} layout="vertical">
        <Form.Item
          name="recalibrationMonths"
          label={t('calibrations.rule.months')}
          extra={t('calibrations.rule.monthsDefault', { count: rule?.defaultMonths ?? 12 })}
          rules={[zodRule('recalibrationMonths')]}
        >
          <InputNumber min={1} max={240} precision={0} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="isPostCampaignRequired" valuePropName="checked">
          <Checkbox>{t('calibrations.rule.postCampaign')}</Checkbox>
        </Form.Item>
        <Form.Item
          name="campaignEnd"
          label={t('calibrations.rule.campaignEnd')}
          rules={[zodRule('campaignEnd')]}
        >
          <DatePicker style={{ width: '100%' }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
