import {
  type TMcpCompareRequest,
  type TMcpCompareResult,
  type TMcpGenerateResult,
  type TMcpRow,
  ZMcpGenerateRequest,
} from '@masthub/shared';
import { Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { readUtcCode } from '../../request/request.ts';
import { RuleForm, RuleItem } from '../../ui/form/RuleItem.tsx';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { useLongTermGenerate } from './api.ts';
import { periodLabel, sectorsLabel } from './longterm.format.ts';
import { toGenerateRequest } from './longterm.request.ts';

interface GenerateValues {
  name?: string;
  longTermPeriodIndex?: number;
}

/** The version name (and long-term period) of one row's long-term series, then the new version. */
export function LongTermGenerateModal({
  request,
  result,
  row,
  onClose,
  onGenerated,
}: {
  request: TMcpCompareRequest;
  result: TMcpCompareResult;
  row: TMcpRow | undefined;
  onClose: () => void;
  onGenerated: (version: TMcpGenerateResult) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateValues>();
  const generate = useLongTermGenerate();
  const toRequest = (v: GenerateValues) =>
    toGenerateRequest(
      request,
      row ?? { method: 'ols', sectors: 0 },
      v.longTermPeriodIndex ?? 0,
      v.name ?? '',
    );
  const rule = useRequestRule(ZMcpGenerateRequest, toRequest);
  const periods = row?.longTerm ?? [];
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values || !row) return;
    try {
      const version = await generate.mutateAsync(toRequest(values));
      feedback.success(t('longterm.generate.done', { name: version.versionName }));
      onGenerated(version);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };

  const sectors = row ? sectorsLabel(row.sectors, t('longterm.table.overall')) : '';
  return (
    <Modal
      open={row !== undefined}
      title={t('longterm.generate.title', { method: `${row?.methodName ?? ''} (${sectors})` })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={generate.isPending}
      destroyOnHidden
    >
      <RuleForm<GenerateValues>
        rule={rule}
        form={form}
        layout="vertical"
        name="longTermGenerate"
        initialValues={{
          name: `${result.referenceName} ${row?.methodName ?? ''} LT`.slice(0, 50),
          longTermPeriodIndex: 0,
        }}
      >
        <RuleItem name="name" label={t('longterm.generate.name')} required>
          <Input maxLength={50} data-testid="lt-generate-name" />
        </RuleItem>
        {periods.length > 1 && (
          <RuleItem name="longTermPeriodIndex" label={t('longterm.generate.longTermPeriod')}>
            <Select
              options={periods.map((p, i) => ({
                value: i,
                label: periodLabel(p, t('longterm.wholeReference'), readUtcCode()),
              }))}
            />
          </RuleItem>
        )}
      </RuleForm>
    </Modal>
  );
}
