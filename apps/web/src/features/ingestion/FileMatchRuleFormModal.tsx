import { type TFileMatchRuleRecord, ZFileMatchRuleSaveRequest } from '@masthub/shared';
import { Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol, SwitchCol } from '../../ui/form/RuleItem.tsx';
import type { RecordFormModalProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import {
  useDataSourceList,
  useFileTypeSuffixes,
  useMatchComponents,
  useSaveFileMatchRule,
  useStationSearch,
} from './api.ts';
import { MatchConditionsList, StationMatchFields } from './FileMatchRuleFields.tsx';
import { type FileMatchFormValues, toFileMatchForm, toFileMatchSave } from './ingestion.utils.ts';

/** Create or edit a file-match rule (SPEC §3, §5): which fetched file goes to which site. */
export function FileMatchRuleFormModal({
  open,
  record,
  onClose,
}: RecordFormModalProps<TFileMatchRuleRecord>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FileMatchFormValues>();
  const initialValues = toFileMatchForm(record);
  const save = useSaveFileMatchRule();
  const { data: components } = useMatchComponents();
  const { data: fileTypes = [] } = useFileTypeSuffixes();
  const { data: sources = [] } = useDataSourceList();
  const [keywords, setKeywords] = useState('');
  const { data: stations = [] } = useStationSearch(keywords, record?.stationId ? [record.stationId] : []);
  const stationMode = Form.useWatch('stationMode', form);

  // Folder and inbox are checked together: re-check the other when one changes.
  const revalidatePair = () => void form.validateFields(['folder', 'inbox']).catch(() => undefined);

  return (
    <SchemaFormModal<FileMatchFormValues, ReturnType<typeof toFileMatchSave>>
      open={open}
      name="fileMatchForm"
      title={t(record ? 'ingestion.match.editTitle' : 'ingestion.match.createTitle')}
      width={820}
      form={form}
      initialValues={initialValues}
      toRequest={(values) => toFileMatchSave(values, record?.id)}
      schema={ZFileMatchRuleSaveRequest}
      save={(request) => save.mutateAsync(request)}
      onClose={onClose}
    >
      {() => (
        <Row gutter={16}>
          <RuleCol xs={24} md={12} name="name" label={t('ingestion.match.name')} required>
            <Input autoComplete="off" maxLength={50} />
          </RuleCol>
          <RuleCol xs={24} md={12} name="dataSourceId" label={t('ingestion.match.dataSource')}>
            <Select
              allowClear
              placeholder={t('ingestion.match.anySource')}
              options={sources.map((source) => ({ value: source.id, label: source.name }))}
            />
          </RuleCol>
          <RuleCol
            xs={24}
            md={12}
            name="folder"
            label={t('ingestion.match.folder')}
            tooltip={t('ingestion.match.folderHelp')}
          >
            <Input autoComplete="off" onChange={revalidatePair} />
          </RuleCol>
          <RuleCol xs={24} md={12} name="inbox" label={t('ingestion.match.inbox')}>
            <Input autoComplete="off" onChange={revalidatePair} />
          </RuleCol>
          <RuleCol span={24} name="fileTypeSuffixes" label={t('ingestion.match.fileTypes')}>
            <Select
              mode="multiple"
              allowClear
              placeholder={t('ingestion.match.anyType')}
              options={fileTypes.map((type) => ({
                value: type.value,
                label: type.isParsed ? type.name : t('ingestion.match.notParsed', { name: type.name }),
              }))}
            />
          </RuleCol>
          <Col span={24}>
            <Form.Item label={t('ingestion.match.conditions')}>
              <MatchConditionsList components={components} />
            </Form.Item>
          </Col>
          <StationMatchFields
            components={components}
            stationMode={stationMode}
            stations={stations}
            onSearch={setKeywords}
          />
          <RuleCol xs={24} md={8} name="sortOrder" label={t('ingestion.match.sortOrder')}>
            <InputNumber min={0} precision={0} style={{ width: '100%' }} />
          </RuleCol>
          <SwitchCol xs={24} md={4} name="isEnabled" label={t('ingestion.match.enabled')} />
          <RuleCol xs={24} md={12} name="notes" label={t('ingestion.match.notes')}>
            <Input maxLength={200} />
          </RuleCol>
        </Row>
      )}
    </SchemaFormModal>
  );
}
