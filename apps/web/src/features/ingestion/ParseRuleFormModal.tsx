import { type TParseRuleRecord, ZParseRuleSave } from '@masthub/shared';
import { AutoComplete, Col, Form, Input, InputNumber, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { RuleCol } from '../../ui/form/RuleItem.tsx';
import type { RecordFormModalProps } from '../../ui/form/record-form.ts';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useCharsets, useDateFormats, useSaveParseRule } from './api.ts';
import {
  DELIMITER_KEYS,
  DELIMITERS,
  type ParseRuleFormValues,
  toParseRuleForm,
  toParseRuleSave,
} from './ingestion.utils.ts';

/** Create or edit a parse rule (SPEC §3): how one logger's files are read. */
export function ParseRuleFormModal({ open, record, onClose }: RecordFormModalProps<TParseRuleRecord>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParseRuleFormValues>();
  // The field helper below needs the schema rule outside the dialog's render prop.
  const rule = useRequestRule(ZParseRuleSave, (values: ParseRuleFormValues) =>
    toParseRuleSave(values, record),
  );
  const initialValues = toParseRuleForm(record);
  const { data: charsets = [] } = useCharsets();
  const { data: dateFormats = [] } = useDateFormats();
  const save = useSaveParseRule();
  const delimiterOptions = DELIMITERS.map((value) => ({
    value,
    label: t(`ingestion.delimiter.${DELIMITER_KEYS[value]}`),
  }));

  const row = (name: keyof ParseRuleFormValues['rule'], label: string, min = 0) => (
    <Col xs={24} md={8}>
      <Form.Item name={['rule', name]} label={label} rules={[rule(`rule.${name}`)]} required>
        <InputNumber min={min} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <SchemaFormModal<ParseRuleFormValues, ReturnType<typeof toParseRuleSave>>
      open={open}
      name="parseRuleForm"
      title={t(record ? 'ingestion.rule.editTitle' : 'ingestion.rule.createTitle')}
      width={760}
      form={form}
      initialValues={initialValues}
      toRequest={(values) => toParseRuleSave(values, record)}
      schema={ZParseRuleSave}
      save={(request) => save.mutateAsync(request)}
      onClose={onClose}
    >
      {() => (
        <>
          <Row gutter={16}>
            <RuleCol xs={24} md={16} name="name" label={t('ingestion.rule.name')} required>
              <Input autoComplete="off" maxLength={50} />
            </RuleCol>
            <Col xs={24} md={8}>
              <Form.Item
                name={['rule', 'encoding']}
                label={t('ingestion.rule.encoding')}
                rules={[rule('rule.encoding')]}
                required
              >
                <Select
                  options={charsets.map((charset) => ({ value: charset.value, label: charset.label }))}
                />
              </Form.Item>
            </Col>
            {row('fieldStartRow', t('ingestion.rule.fieldStartRow'))}
            <Col xs={24} md={8}>
              <Form.Item
                name={['rule', 'fieldDelimiter']}
                label={t('ingestion.rule.fieldDelimiter')}
                required
              >
                <Select options={delimiterOptions} />
              </Form.Item>
            </Col>
            {row('dataStartRow', t('ingestion.rule.dataStartRow'), 1)}
            <Col xs={24} md={8}>
              <Form.Item name={['rule', 'dataDelimiter']} label={t('ingestion.rule.dataDelimiter')} required>
                <Select options={delimiterOptions} />
              </Form.Item>
            </Col>
            {row('dataStartColumn', t('ingestion.rule.dataStartColumn'), 1)}
            {row('dateStartColumn', t('ingestion.rule.dateStartColumn'), 1)}
            {row('dateEndColumn', t('ingestion.rule.dateEndColumn'), 1)}
            <Col xs={24} md={16}>
              <Form.Item
                name={['rule', 'dateFormat']}
                label={t('ingestion.rule.dateFormat')}
                rules={[rule('rule.dateFormat')]}
                required
              >
                <AutoComplete options={dateFormats.map((value) => ({ value }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name={['rule', 'missingValue']}
                label={t('ingestion.rule.missingValue')}
                rules={[rule('rule.missingValue')]}
                extra={t('ingestion.rule.missingValueHelp')}
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            {row('utcOffsetMinutes', t('ingestion.rule.utcOffset'), -840)}
            <Col xs={24} md={4}>
              <Form.Item
                name={['rule', 'timestampIsPeriodEnd']}
                label={t('ingestion.rule.periodEnd')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <RuleCol span={24} name="notes" label={t('ingestion.rule.notes')}>
              <Input.TextArea rows={2} maxLength={200} />
            </RuleCol>
          </Row>
        </>
      )}
    </SchemaFormModal>
  );
}
