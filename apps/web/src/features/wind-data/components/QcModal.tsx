import { type TQcRule, ZQcRunRequest } from '@masthub/shared';
import { Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleItem } from '../../../ui/form/RuleItem.tsx';
import { useQcRules } from '../api.ts';
import { type QcFormValues, toQcRequest } from '../requests.utils.ts';
import {
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';

export interface QcModalProps extends ProcessingDialogProps {
  stationId: number;
}

/** 质量控制: run the site's automatic QC rules (all enabled ones when none is chosen). */
export function QcModal({ stationId, ...dialog }: QcModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: QcFormValues) => toQcRequest(values, dialog.versionId, dialog.utcCode);
  const { rule, frame } = useProcessingForm(ZQcRunRequest, toRequest);
  const { data: rules = [], isPending } = useQcRules(stationId, dialog.open);

  const ruleLabel = (qcRule: TQcRule) => (
    <span>
      {qcRule.name}{' '}
      <Tag variant="filled" style={{ marginInlineStart: 4 }}>
        {t(`measure-wind.qc.kinds.${qcRule.kind}`, { defaultValue: qcRule.kind })}
      </Tag>
      {qcRule.stationId === null ? null : <Tag color="blue">{t('measure-wind.qc.siteRule')}</Tag>}
    </span>
  );

  return (
    <ProcessingModal name="mwQcForm" initialValues={{ ruleIds: [] }} kind="qc" {...dialog} {...frame}>
      <RuleItem name="ruleIds" label={t('measure-wind.qc.rules')} extra={t('measure-wind.qc.rulesHint')}>
        <Select
          mode="multiple"
          allowClear
          loading={isPending}
          placeholder={t('measure-wind.qc.allRules')}
          showSearch={{ optionFilterProp: 'title' }}
          options={rules
            .filter((qcRule) => qcRule.ruleType === 'auto_quality')
            .map((qcRule) => ({
              value: qcRule.id,
              title: qcRule.name,
              label: ruleLabel(qcRule),
              disabled: !qcRule.isEnabled,
            }))}
        />
      </RuleItem>
      <RangeFormItem rules={[rule('endTime')]} />
    </ProcessingModal>
  );
}
