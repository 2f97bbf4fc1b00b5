import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type TFileMatchRuleRecord, ZFileMatchRuleSaveRequest } from '@masthub/shared';
import { Button, Col, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import {
  useDataSourceList,
  useFileTypeSuffixes,
  useMatchComponents,
  useSaveFileMatchRule,
  useStationSearch,
} from './api.ts';
import { type FileMatchFormValues, toFileMatchForm, toFileMatchSave } from './ingestion.utils.ts';

interface FileMatchRuleFormModalProps {
  open: boolean;
  record: TFileMatchRuleRecord | undefined;
  onClose: () => void;
}

/** Create or edit a file-match rule (SPEC §3, §5): which fetched file goes to which site. */
export function FileMatchRuleFormModal({ open, record, onClose }: FileMatchRuleFormModalProps) {
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
      savedMessage={t('system.common.saved')}
      onSaved={() => onClose()}
      onClose={onClose}
    >
      {({ rule }) => (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('ingestion.match.name')} rules={[rule('name')]} required>
                <Input autoComplete="off" maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="dataSourceId"
                label={t('ingestion.match.dataSource')}
                rules={[rule('dataSourceId')]}
              >
                <Select
                  allowClear
                  placeholder={t('ingestion.match.anySource')}
                  options={sources.map((source) => ({ value: source.id, label: source.name }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="folder"
                label={t('ingestion.match.folder')}
                rules={[rule('folder')]}
                tooltip={t('ingestion.match.folderHelp')}
              >
                <Input autoComplete="off" onChange={revalidatePair} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="inbox" label={t('ingestion.match.inbox')} rules={[rule('inbox')]}>
                <Input autoComplete="off" onChange={revalidatePair} />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="fileTypeSuffixes"
                label={t('ingestion.match.fileTypes')}
                rules={[rule('fileTypeSuffixes')]}
              >
                <Select
                  mode="multiple"
                  allowClear
                  placeholder={t('ingestion.match.anyType')}
                  options={fileTypes.map((type) => ({
                    value: type.value,
                    label: type.isParsed ? type.name : t('ingestion.match.notParsed', { name: type.name }),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item label={t('ingestion.match.conditions')}>
                <Form.List name="conditions">
                  {(fields, { add, remove }) => (
                    <>
                      {fields.map((field) => (
                        <Space key={field.key} align="start" style={{ display: 'flex' }}>
                          <Form.Item
                            name={[field.name, 'component']}
                            rules={[rule(`conditions.${field.name}.component`)]}
                          >
                            <Select
                              style={{ width: 190 }}
                              aria-label={t('ingestion.match.component')}
                              options={(components?.components ?? []).map((c) => ({
                                value: c.value,
                                label: c.name,
                              }))}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'operator']}
                            rules={[rule(`conditions.${field.name}.operator`)]}
                          >
                            <Select
                              style={{ width: 150 }}
                              aria-label={t('ingestion.match.operator')}
                              options={(components?.operators ?? []).map((o) => ({
                                value: o.value,
                                label: o.name,
                              }))}
                            />
                          </Form.Item>
                          <Form.Item
                            name={[field.name, 'value']}
                            rules={[rule(`conditions.${field.name}.value`)]}
                          >
                            <Input style={{ width: 260 }} placeholder={t('ingestion.match.value')} />
                          </Form.Item>
                          <Button
                            type="text"
                            icon={<MinusCircleOutlined />}
                            aria-label={t('system.common.delete')}
                            onClick={() => remove(field.name)}
                          />
                        </Space>
                      ))}
                      <Button
                        type="dashed"
                        icon={<PlusOutlined />}
                        onClick={() => add({ component: 'fileName', operator: 'contains', value: '' })}
                      >
                        {t('ingestion.match.addCondition')}
                      </Button>
                    </>
                  )}
                </Form.List>
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="stationMode"
                label={t('ingestion.match.stationMode')}
                rules={[rule('stationMode')]}
                required
              >
                <Select
                  options={(components?.stationModes ?? []).map((mode) => ({
                    value: mode.value,
                    label: mode.name,
                  }))}
                />
              </Form.Item>
            </Col>
            {stationMode === 'fromName' ? (
              <>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="stationCodeStart"
                    label={t('ingestion.match.stationCodeStart')}
                    rules={[rule('stationCodeStart')]}
                  >
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={8}>
                  <Form.Item
                    name="stationCodeLength"
                    label={t('ingestion.match.stationCodeLength')}
                    rules={[rule('stationCodeLength')]}
                  >
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                </Col>
                <Col span={24}>
                  <Form.Item
                    name="stationCodeRegex"
                    label={t('ingestion.match.stationCodeRegex')}
                    rules={[rule('stationCodeRegex')]}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
              </>
            ) : (
              <Col xs={24} md={16}>
                <Form.Item
                  name="stationId"
                  label={t('ingestion.match.station')}
                  rules={[rule('stationId')]}
                  required
                >
                  <Select
                    showSearch={{ filterOption: false, onSearch: setKeywords }}
                    options={stations.map((station) => ({
                      value: station.id,
                      label: `${station.stationCode} ${station.projectName}`,
                    }))}
                  />
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={8}>
              <Form.Item name="sortOrder" label={t('ingestion.match.sortOrder')} rules={[rule('sortOrder')]}>
                <InputNumber min={0} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item name="isEnabled" label={t('ingestion.match.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="notes" label={t('ingestion.match.notes')} rules={[rule('notes')]}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        </>
      )}
    </SchemaFormModal>
  );
}
