import { DeleteOutlined, DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import type { TAttachment } from '@masthub/shared';
import { ATTACHMENT_MAX_BYTES } from '@masthub/shared/constants.ts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Space, type TableColumnsType, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { formatBytes } from '../../ui/format-bytes.ts';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { AssetTableCard } from './AssetTableCard.tsx';
import {
  downloadAttachment,
  stationAssetKeys,
  uploadAttachment,
  useAttachments,
  useDeleteAttachment,
} from './api.ts';
import { ATTACHMENT_ACCEPT, attachmentProblem } from './station-assets.utils.ts';

const MAX_MB = ATTACHMENT_MAX_BYTES / (1024 * 1024);

/** Site attachments (SPEC §2, §5): .docx/.pdf/.xls/.xlsx up to 200 MB; upload, download and delete by feature. */
export function AttachmentsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const queryClient = useQueryClient();
  const { data: attachments = [], isFetching } = useAttachments(stationId);
  const deleteAttachment = useDeleteAttachment(stationId);
  const canUpload = useCan('attachment.upload');
  const [uploading, setUploading] = useState<string>();
  const [downloadingId, setDownloadingId] = useState<number>();

  const upload = async (file: File) => {
    const problem = attachmentProblem(file.name, file.size);
    if (problem) {
      feedback.error(t(`stations.attachments.problem.${problem}`, { max: MAX_MB, name: file.name }));
      return;
    }
    setUploading(file.name);
    try {
      await uploadAttachment(stationId, file);
      feedback.success(t('stations.attachments.uploaded', { name: file.name }));
      await queryClient.invalidateQueries({ queryKey: stationAssetKeys.attachments(stationId) });
    } catch {
      // The request layer showed the server's reason (type, size, permission).
    } finally {
      setUploading(undefined);
    }
  };

  const download = async (attachment: TAttachment) => {
    setDownloadingId(attachment.id);
    try {
      saveFile(await downloadAttachment(attachment.id), attachment.fileName);
    } catch {
      // Shown by the request layer.
    } finally {
      setDownloadingId(undefined);
    }
  };

  const askDelete = (attachment: TAttachment) => {
    modal.confirm({
      title: t('stations.attachments.deleteTitle'),
      content: t('stations.attachments.deleteConfirm', { name: attachment.fileName }),
      okType: 'danger',
      okText: t('stations.actions.delete'),
      onOk: async () => {
        await deleteAttachment.mutateAsync(attachment.id);
        feedback.success(t('stations.attachments.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TAttachment> = [
    { key: 'fileName', dataIndex: 'fileName', title: t('stations.attachments.fileName'), ellipsis: true },
    {
      key: 'size',
      dataIndex: 'sizeBytes',
      title: t('stations.attachments.size'),
      width: 110,
      render: (size: number) => formatBytes(size),
    },
    { key: 'uploader', dataIndex: 'uploaderName', title: t('stations.attachments.uploader'), width: 140 },
    dateTimeColumn('createTime', t('stations.attachments.uploadTime'), formatDateTime),
    {
      key: 'actions',
      title: t('stations.list.actions'),
      width: 180,
      render: (_, attachment) => (
        <Space size={0}>
          <PermissionButton
            type="link"
            size="small"
            feature="attachment.download"
            icon={<DownloadOutlined />}
            loading={downloadingId === attachment.id}
            onClick={() => void download(attachment)}
          >
            {t('stations.actions.download')}
          </PermissionButton>
          <PermissionButton
            type="link"
            size="small"
            danger
            feature="attachment.delete"
            icon={<DeleteOutlined />}
            onClick={() => askDelete(attachment)}
          >
            {t('stations.actions.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];

  return (
    <AssetTableCard<TAttachment>
      title={t('stations.attachments.title')}
      extra={
        <Upload
          accept={ATTACHMENT_ACCEPT}
          showUploadList={false}
          disabled={!canUpload || uploading !== undefined}
          beforeUpload={(file) => {
            void upload(file);
            // The upload runs through the request layer (token, language, errors), not antd's XHR.
            return false;
          }}
        >
          <PermissionButton
            feature="attachment.upload"
            type="primary"
            icon={<UploadOutlined />}
            loading={uploading !== undefined}
          >
            {uploading
              ? t('stations.attachments.uploading', { name: uploading })
              : t('stations.attachments.upload')}
          </PermissionButton>
        </Upload>
      }
      isLoading={isFetching}
      columns={columns}
      records={attachments}
      emptyText={t('stations.attachments.empty')}
      footer={t('stations.attachments.hint', { max: MAX_MB })}
    />
  );
}
