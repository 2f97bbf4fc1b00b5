import { ApiOutlined } from '@ant-design/icons';
import { type TDataSourceRecord, type TSmtpSecurity, ZDataSourceSaveRequest } from '@masthub/shared';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { RecordFormModalProps } from '../../ui/form/record-form.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { testConnection, useSaveDataSource } from './api.ts';
import { ConnectionFields, SmtpFields } from './DataSourceFields.tsx';
import { FolderBrowserModal } from './FolderBrowserModal.tsx';
import {
  type DataSourceFormValues,
  defaultPort,
  PROTOCOLS_BY_TYPE,
  toDataSourceForm,
  toDataSourceSave,
} from './ingestion.utils.ts';

/**
 * Create or edit a data source (SPEC §3): an IMAP/IMAPS inbox or an FTP/FTPS server. The password or
 * auth code is write-only: blank on edit keeps the stored one.
 */
export function DataSourceFormModal({ open, record, onClose }: RecordFormModalProps<TDataSourceRecord>) {
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
      {() => (
        <>
          <ConnectionFields record={record} fetchType={fetchType} onBrowse={() => setBrowsing(true)} />
          {isEmail ? <SmtpFields record={record} smtpSecurity={smtpSecurity} /> : null}
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
