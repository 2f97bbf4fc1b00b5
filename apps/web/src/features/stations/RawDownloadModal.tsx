import { CloudDownloadOutlined } from '@ant-design/icons';
import { RAW_EXPORT_MAX_SITES } from '@masthub/shared';
import { DatePicker, Form, Modal, Typography } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../request/request.ts';
import type { StationsDialogProps } from '../../ui/form/record-form.ts';
import { downloadOriginal } from '../ingestion/index.ts';

interface RawDownloadValues {
  range?: [Dayjs | null, Dayjs | null] | null;
}

/**
 * Downloads the original logger files of the sites picked in the site list (SPEC §2 "raw data
 * download"): one ZIP, a folder per site; the period is optional (empty = every file).
 */
export function RawDownloadModal({ open, stationIds, onClose }: StationsDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RawDownloadValues>();
  const [isDownloading, setDownloading] = useState(false);
  const tooMany = stationIds.length > RAW_EXPORT_MAX_SITES;

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setDownloading(true);
    try {
      const [from, to] = values.range ?? [null, null];
      const file = await downloadOriginal({
        stationIds: [...stationIds],
        ...(from ? { startTime: from.startOf('day').toISOString() } : {}),
        ...(to ? { endTime: to.add(1, 'day').startOf('day').toISOString() } : {}),
      });
      saveFile(file, 'raw-files.zip');
      onClose();
    } catch {
      // The request layer showed the reason (no files in the period, no permission…).
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('stations.rawDownload.title', { count: stationIds.length })}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.rawDownload.submit')}
      okButtonProps={{ icon: <CloudDownloadOutlined />, loading: isDownloading, disabled: tooMany }}
      destroyOnHidden
    >
      <Form<RawDownloadValues> form={form} layout="vertical" preserve={false} name="rawDownloadForm">
        <Form.Item
          name="range"
          label={t('stations.rawDownload.range')}
          extra={t('stations.rawDownload.rangeHint')}
        >
          <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
        </Form.Item>
      </Form>
      {tooMany ? (
        <Typography.Text type="danger">
          {t('stations.rawDownload.tooMany', { max: RAW_EXPORT_MAX_SITES })}
        </Typography.Text>
      ) : null}
    </Modal>
  );
}
