import { DownloadOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Tabs, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../request/request.ts';
import { useChannelElements } from '../station-assets/index.ts';
import { exportTemplate } from './api.ts';
import { UploadItemView, UploadStateIcon } from './UploadItemView.tsx';
import { type TUploadSource, type UploadItem, unansweredDoubts, useUploadBatch } from './use-upload-batch.ts';

interface UploadPreviewModalProps {
  stationId: number;
  /** The files dropped or picked (or a held raw file to confirm); a new array starts a new upload. */
  files: TUploadSource[];
  onClose: () => void;
}

/** Saves the recognised rule and channels of a file as a parse template (JSON). */
async function downloadTemplate(item: UploadItem) {
  const recognition = item.result?.recognition;
  if (!recognition) return;
  try {
    const name = item.name.replace(/\.[^.]+$/, '');
    saveFile(
      await exportTemplate({ name, rule: item.rule ?? recognition.rule, channels: item.channels }),
      `${name}.json`,
    );
  } catch {
    // Shown by the request layer.
  }
}

/**
 * Upload with recognition (SPEC §7): each file is recognised (preview_recognize), shown with its
 * structure and channels for the user to check and edit, then confirmed (recognize) and followed
 * (parse_process) until it is stored.
 */
export function UploadPreviewModal({ stationId, files, onClose }: UploadPreviewModalProps) {
  const { t } = useTranslation();
  const { data: elements = [] } = useChannelElements();
  const batch = useUploadBatch(stationId, files);

  const close = () => {
    batch.stop();
    onClose();
  };

  const activeItem = batch.items.find((item) => item.uid === batch.active);
  return (
    <Modal
      open={files.length > 0}
      title={t('ingestion.upload.previewTitle')}
      width={1200}
      onCancel={batch.isConfirming ? undefined : close}
      closable={!batch.isConfirming}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        batch.isFinished ? (
          <Button type="primary" onClick={close}>
            {t('ingestion.upload.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close} disabled={batch.isConfirming}>
              {t('ingestion.upload.cancel')}
            </Button>
            <Button
              icon={<DownloadOutlined />}
              disabled={!activeItem?.result?.recognition}
              onClick={() => activeItem && void downloadTemplate(activeItem)}
            >
              {t('ingestion.upload.exportTemplate')}
            </Button>
            <Button
              type="primary"
              loading={batch.isConfirming}
              disabled={
                batch.isRecognizing ||
                batch.confirmable.length === 0 ||
                batch.items.some((item) => unansweredDoubts(item) > 0)
              }
              onClick={() => void batch.confirm()}
            >
              {t('ingestion.upload.confirm', { count: batch.confirmable.length })}
            </Button>
          </Space>
        )
      }
    >
      <Tabs
        activeKey={batch.active}
        onChange={batch.setActive}
        items={batch.items.map((item) => ({
          key: item.uid,
          label: (
            <Space size={6}>
              <UploadStateIcon item={item} />
              {item.name}
              {unansweredDoubts(item) > 0 ? (
                <Tag color="warning">{t('ingestion.doubts.tab', { count: unansweredDoubts(item) })}</Tag>
              ) : null}
            </Space>
          ),
          children: (
            <UploadItemView
              item={item}
              elements={elements}
              onChange={(change) => batch.patch(item.uid, change)}
            />
          ),
        }))}
      />
    </Modal>
  );
}
