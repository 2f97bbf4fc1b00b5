import { type TParseRuleRecord, ZParseRuleSave } from '@masthub/shared';
import { AutoComplete, Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
import { useCharsets, useDateFormats, useSaveParseRule } from './api.ts';
import {
  DELIMITER_KEYS,
  DELIMITERS,
  type ParseRuleFormValues,
  toParseRuleForm,
  toParseRuleSave,
} from './ingestion.utils.ts';

interface ParseRuleFormModalProps {
  open: boolean;
  record: TParseRuleRecord | undefined;
  onClose: () => void;
}

/** Create or edit a parse rule (SPEC §3): how one logger's files are read. */
export function ParseRuleFormModal({ open, record, onClose }: ParseRuleFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ParseRuleFormValues>();
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZParseRuleSave.safeParse(toParseRuleSave(values as ParseRuleFormValues, record)),
  });
  const { data: charsets = [] } = useCharsets();
  const { data: dateFormats = [] } = useDateFormats();
  const save = useSaveParseRule();
  const delimiterOptions = DELIMITERS.map((value) => ({
    value,
    label: t(`ingestion.delimiter.${DELIMITER_KEYS[value]}`),
  }));

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      await save.mutateAsync(toParseRuleSave(values, record));
      feedback.success(t('system.common.saved'));
      onClose();
    } catch (error) {
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields.map((field) => ({ name: field.field.split('.') as never, errors: [field.message] })),
        );
      }
    }
  };

  const row = (name: keyof ParseRuleFormValues['rule'], label: string, min = 0) => (
    <Col xs={24} md={8}>
      <Form.Item name={['rule', name]} label={label} rules={[rule(`rule.${name}`)]} required>
        <InputNumber min={min} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );

  return (
    <Modal
      open={open}
      width={760}
      title={t(record ? 'ingestion.rule.editTitle' : 'ingestion.rule.createTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('system.common.save')}
      confirmLoading={save.isPending}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<ParseRuleFormValues>
        form={form}
        name="parseRuleForm"
        layout="vertical"
        preserve={false}
        initialValues={toParseRuleForm(record)}
      >
        <Row gutter={16}>
          <Col xs={24} md={16}>
            <Form.Item name="name" label={t('ingestion.rule.name')} rules={[rule('name')]} required>
              <Input autoComplete="off" maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name={['rule', 'encoding']}
              label={t('ingestion.rule.encoding')}
              rules={[rule('rule.encoding')]}
              required
            >
              <Select options={charsets.map((charset) => ({ value: charset.value, label: charset.label }))} />
            </Form.Item>
          </Col>
          {row('fieldStartRow', t('ingestion.rule.fieldStartRow'))}
          <Col xs={24} md={8}>
            <Form.Item name={['rule', 'fieldDelimiter']} label={t('ingestion.rule.fieldDelimiter')} required>
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
          <Col span={24}>
            <Form.Item name="notes" label={t('ingestion.rule.notes')} rules={[rule('notes')]}>
              <Input.TextArea rows={2} maxLength={200} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
