import { ApiOutlined, FolderOpenOutlined } from '@ant-design/icons';
import {
  SMTP_DEFAULT_PORTS,
  SMTP_SECURITIES,
  type TDataSourceRecord,
  type TSmtpSecurity,
  ZDataSourceSaveRequest,
} from '@masthub/shared';
import { Button, Col, Divider, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { showFieldErrors } from '../../app/list/field-errors.ts';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import { testConnection, useSaveDataSource } from './api.ts';
import { FolderBrowserModal } from './FolderBrowserModal.tsx';
import {
  type DataSourceFormValues,
  defaultPort,
  PROTOCOLS_BY_TYPE,
  toDataSourceForm,
  toDataSourceSave,
} from './ingestion.utils.ts';

interface DataSourceFormModalProps {
  open: boolean;
  record: TDataSourceRecord | undefined;
  onClose: () => void;
}

/**
 * Create or edit a data source (SPEC §3): an IMAP/IMAPS inbox or an FTP/FTPS server. The password or
 * auth code is write-only: blank on edit keeps the stored one.
 */
export function DataSourceFormModal({ open, record, onClose }: DataSourceFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataSourceFormValues>();
  const save = useSaveDataSource();
  const [isTesting, setTesting] = useState(false);
  const [isBrowsing, setBrowsing] = useState(false);
  const fetchType = Form.useWatch('fetchType', form) ?? record?.fetchType ?? 'email';
  const isEmail = fetchType === 'email';
  const smtpSecurity: TSmtpSecurity = Form.useWatch('smtpSecurity', form) ?? 'tls';

  const test = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setTesting(true);
    try {
      const result = await testConnection(toDataSourceSave(values, record?.id));
      feedback.success(t('ingestion.ds.testOk', { elapsed: result.elapsedMs, message: result.message }));
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setTesting(false);
    }
  };

  return (
    <SchemaFormModal<DataSourceFormValues, ReturnType<typeof toDataSourceSave>>
      open={open}
      name="dataSourceForm"
      title={t(record ? 'ingestion.ds.editTitle' : 'ingestion.ds.createTitle')}
      width={720}
      form={form}
      initialValues={toDataSourceForm(record)}
      toRequest={(values) => toDataSourceSave(values, record?.id)}
      schema={ZDataSourceSaveRequest}
      save={(request) => save.mutateAsync(request)}
      savedMessage={t('system.common.saved')}
      onSaved={onClose}
      onClose={onClose}
      footerExtra={() => (
        <Button icon={<ApiOutlined />} loading={isTesting} onClick={() => void test()}>
          {t('ingestion.ds.test')}
        </Button>
      )}
      formProps={{
        onValuesChange: (changed: Partial<DataSourceFormValues>) => {
          if (changed.fetchType) {
            const protocol = PROTOCOLS_BY_TYPE[changed.fetchType][0] ?? 'imaps';
            form.setFieldsValue({ protocol, port: defaultPort(protocol), isSsl: protocol === 'imaps' });
          } else if (changed.protocol) {
            form.setFieldsValue({
              port: defaultPort(changed.protocol),
              isSsl: changed.protocol === 'imaps' || changed.protocol === 'ftps',
            });
          }
        },
      }}
    >
      {({ rule }) => (
        <>
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item name="name" label={t('ingestion.ds.name')} rules={[rule('name')]} required>
                <Input autoComplete="off" maxLength={50} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="fetchType"
                label={t('ingestion.ds.fetchType')}
                rules={[rule('fetchType')]}
                required
              >
                <Select
                  options={(['email', 'ftp'] as const).map((value) => ({
                    value,
                    label: t(`ingestion.source.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="protocol"
                label={t('ingestion.ds.protocol')}
                rules={[rule('protocol')]}
                required
              >
                <Select
                  options={PROTOCOLS_BY_TYPE[fetchType].map((value) => ({
                    value,
                    label: value.toUpperCase(),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="host" label={t('ingestion.ds.host')} rules={[rule('host')]} required>
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="port" label={t('ingestion.ds.port')} rules={[rule('port')]}>
                <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="isSsl" label={t('ingestion.ds.ssl')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="username"
                label={t(isEmail ? 'ingestion.ds.usernameEmail' : 'ingestion.ds.usernameFtp')}
                rules={[rule('username')]}
                required
              >
                <Input autoComplete="off" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="password"
                label={t(isEmail ? 'ingestion.ds.passwordEmail' : 'ingestion.ds.passwordFtp')}
                rules={[rule('password')]}
                required={!record}
                extra={record ? t('ingestion.ds.passwordKeep') : undefined}
              >
                <Input.Password autoComplete="new-password" />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item label={t(isEmail ? 'ingestion.ds.folderEmail' : 'ingestion.ds.folderFtp')}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="folder" noStyle rules={[rule('folder')]}>
                    <Input autoComplete="off" placeholder={isEmail ? 'INBOX' : '/'} />
                  </Form.Item>
                  <Button
                    icon={<FolderOpenOutlined />}
                    onClick={() => {
                      if (!record) feedback.warning(t('ingestion.ds.dirsSaveFirst'));
                      else setBrowsing(true);
                    }}
                  >
                    {t('ingestion.ds.browse')}
                  </Button>
                </Space.Compact>
              </Form.Item>
            </Col>
            <Col xs={12} md={8}>
              <Form.Item
                name="intervalMinutes"
                label={t('ingestion.ds.interval')}
                rules={[rule('intervalMinutes')]}
                extra={t('ingestion.ds.intervalHelp')}
              >
                <InputNumber min={1} max={10080} precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={4}>
              <Form.Item name="isEnabled" label={t('ingestion.ds.enabled')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
          {isEmail ? (
            <>
              <Divider titlePlacement="start" plain>
                {t('ingestion.ds.smtpTitle')}
              </Divider>
              <Row gutter={16}>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="smtpHost"
                    label={t('ingestion.ds.smtpHost')}
                    rules={[rule('smtpHost')]}
                    extra={t('ingestion.ds.smtpHostHelp')}
                  >
                    <Input autoComplete="off" placeholder="smtp.example.com" />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item
                    name="smtpSecurity"
                    label={t('ingestion.ds.smtpSecurity')}
                    rules={[rule('smtpSecurity')]}
                  >
                    <Select
                      options={SMTP_SECURITIES.map((value) => ({
                        value,
                        label: t(`ingestion.ds.smtpSecurities.${value}`),
                      }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="smtpPort" label={t('ingestion.ds.port')} rules={[rule('smtpPort')]}>
                    <InputNumber
                      min={1}
                      max={65535}
                      precision={0}
                      style={{ width: '100%' }}
                      placeholder={String(SMTP_DEFAULT_PORTS[smtpSecurity])}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="smtpUsername"
                    label={t('ingestion.ds.smtpUsername')}
                    rules={[rule('smtpUsername')]}
                    extra={t('ingestion.ds.smtpUsernameHelp')}
                  >
                    <Input autoComplete="off" />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="smtpPassword"
                    label={t('ingestion.ds.smtpPassword')}
                    rules={[rule('smtpPassword')]}
                    extra={
                      record?.hasSmtpPassword
                        ? t('ingestion.ds.passwordKeep')
                        : t('ingestion.ds.smtpPasswordHelp')
                    }
                  >
                    <Input.Password autoComplete="new-password" />
                  </Form.Item>
                </Col>
              </Row>
            </>
          ) : null}
          {record ? (
            <FolderBrowserModal
              open={isBrowsing}
              sourceId={record.id}
              startPath={form.getFieldValue('folder') || record.folder}
              onClose={() => setBrowsing(false)}
              onChoose={(path) => {
                form.setFieldsValue({ folder: path });
                setBrowsing(false);
              }}
            />
          ) : null}
        </>
      )}
    </SchemaFormModal>
  );
}
