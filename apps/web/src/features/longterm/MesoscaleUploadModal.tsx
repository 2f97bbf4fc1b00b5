import { UploadOutlined } from '@ant-design/icons';
import { listUtcOptions } from '@masthub/shared';
import { Button, Form, Input, Modal, Select, Upload, type UploadFile } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { StationDialogProps } from '../../ui/form/record-form.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { useUploadMesoscale } from './api.ts';

/** Uploads a mesoscale dataset (a .wnd and its companions, stored unchanged) to a site. */
export function MesoscaleUploadModal({ stationId, open, onClose }: StationDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name?: string; utcOffsetMinutes?: number }>();
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadMesoscale();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (files.length === 0) {
      form.setFields([{ name: 'name', errors: [] }]);
      feedback.error(t('wsa.upload.filesRequired'));
      return;
    }
    try {
      await upload.mutateAsync({
        stationId,
        name: values.name ?? '',
        utcOffsetMinutes: values.utcOffsetMinutes ?? 0,
        files,
      });
      feedback.success(t('wsa.upload.done'));
      setFiles([]);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('wsa.upload.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="mesoUpload"
        initialValues={{ utcOffsetMinutes: 0 }}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('wsa.upload.name')}
          rules={[{ required: true, whitespace: true, message: t('wsa.upload.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="utcOffsetMinutes"
          label={t('wsa.upload.timeZone')}
          extra={t('wsa.upload.timeZoneHint')}
        >
          <Select
            showSearch
            options={listUtcOptions().map((o) => ({ value: o.offsetMinutes, label: o.label }))}
          />
        </Form.Item>
        <Form.Item label={t('wsa.upload.files')} extra={t('wsa.upload.filesHint')} required>
          <Upload
            multiple
            accept=".wnd,.zip,.txt,.csv,.nc,.tab"
            beforeUpload={(file) => {
              setFiles((prev) => [...prev, file]);
              return false;
            }}
            onRemove={(f) => setFiles((prev) => prev.filter((x) => x.name !== f.name))}
            fileList={files.map((f, i) => ({ uid: String(i), name: f.name, status: 'done' }) as UploadFile)}
          >
            <Button icon={<UploadOutlined />}>{t('wsa.upload.choose')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
