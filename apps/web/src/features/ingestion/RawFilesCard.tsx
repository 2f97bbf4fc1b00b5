import { AuditOutlined, DownloadOutlined, RedoOutlined, ReloadOutlined } from '@ant-design/icons';
import type { TRawFile, TRawFileStatus } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { RAW_FILE_STATUSES } from '@masthub/shared/ingestion/timeseries.schema.ts';
import { Button, Card, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { formatBytes } from '../../ui/format-bytes.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { ServerPagedTable } from '../../ui/table/ServerPagedTable.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { ReceiptBadge, ReceiptDrawer } from '../receipts/index.ts';
import { downloadOriginal, reparseRawFile, useInvalidateSiteData, useRawFiles, waitForTask } from './api.ts';
import { canReparse, statusColor } from './ingestion.utils.ts';
import { UploadPreviewModal } from './UploadPreviewModal.tsx';
import type { TUploadSource } from './use-upload-batch.ts';

/**
 * The site's raw files (SPEC §2 parse status, unparsed files): every stored file with its status and
 * localised reason; re-parse after the rule was fixed; download the originals.
 */
export function RawFilesCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [status, setStatus] = useState<TRawFileStatus>();
  const { data: page, isFetching, refetch } = useRawFiles({ stationId, pageNo, pageSize: PAGE_SIZE, status });
  const invalidate = useInvalidateSiteData(stationId);
  const [busyId, setBusyId] = useState<number>();
  const [isDownloadingAll, setDownloadingAll] = useState(false);
  const [receiptId, setReceiptId] = useState<number>();
  /** A held file opened in the preview for its confirmation (issue 40). */
  const [confirming, setConfirming] = useState<TUploadSource[]>([]);

  const reparse = async (file: TRawFile) => {
    setBusyId(file.id);
    try {
      const end = await waitForTask(await reparseRawFile(file.id), () => undefined);
      await invalidate();
      if (end.status === 'parsed') feedback.success(t('ingestion.files.reparsed', { name: file.fileName }));
      else
        feedback.warning(
          t('ingestion.files.reparseFailed', { name: file.fileName, reason: end.reason ?? '' }),
        );
    } catch {
      // Shown by the request layer.
    } finally {
      setBusyId(undefined);
    }
  };

  const download = async (ids: number[] | undefined, fallbackName: string) => {
    try {
      saveFile(await downloadOriginal(ids ? { ids } : { stationId }), fallbackName);
    } catch {
      // Shown by the request layer.
    }
  };

  const columns: TableColumnsType<TRawFile> = [
    {
      key: 'fileName',
      dataIndex: 'fileName',
      title: t('ingestion.files.fileName'),
      ellipsis: true,
      width: 260,
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('ingestion.files.status'),
      width: 240,
      render: (value: TRawFileStatus, file) => (
        <Space size={4} wrap>
          <Tag color={statusColor(value)}>{t(`ingestion.status.${value}`)}</Tag>
          {file.reason ? (
            <Typography.Text type={value === 'failed' ? 'danger' : 'secondary'}>
              {file.reason}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'receipt',
      title: t('receipt.badge.label'),
      width: 130,
      render: (_, file) =>
        file.receipt ? <ReceiptBadge summary={file.receipt} onOpen={setReceiptId} /> : null,
    },
    {
      key: 'source',
      dataIndex: 'source',
      title: t('ingestion.files.source'),
      width: 90,
      render: (value: TRawFile['source']) => t(`ingestion.source.${value}`),
    },
    {
      key: 'size',
      dataIndex: 'sizeBytes',
      title: t('ingestion.files.size'),
      width: 100,
      render: (value: number) => formatBytes(value),
    },
    {
      key: 'range',
      title: t('ingestion.files.range'),
      width: 180,
      // Two lines keep the range readable beside the fixed actions column.
      render: (_, file) =>
        file.firstTime && file.lastTime ? (
          <>
            <div>{formatDateTime(file.firstTime)}</div>
            <div>{formatDateTime(file.lastTime)}</div>
          </>
        ) : null,
    },
    { key: 'uploader', dataIndex: 'uploaderName', title: t('ingestion.files.uploader'), width: 120 },
    dateTimeColumn('createTime', t('ingestion.files.createTime'), formatDateTime),
    {
      key: 'actions',
      title: t('ingestion.files.actions'),
      width: 280,
      fixed: 'right',
      render: (_, file) => (
        <RawFileActions
          file={file}
          isBusy={busyId === file.id}
          onConfirm={() => setConfirming([{ rawFileId: file.id, name: file.fileName }])}
          onReparse={() => void reparse(file)}
          onDownload={() => void download([file.id], file.fileName)}
        />
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('ingestion.files.title')}
      extra={
        <Space wrap>
          <Select
            allowClear
            style={{ width: 160 }}
            placeholder={t('ingestion.files.allStatuses')}
            aria-label={t('ingestion.files.status')}
            value={status}
            options={RAW_FILE_STATUSES.map((value) => ({ value, label: t(`ingestion.status.${value}`) }))}
            onChange={(value?: TRawFileStatus) => {
              setStatus(value);
              setPageNo(1);
            }}
          />
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.actions.refresh')}
          />
          <PermissionButton
            feature="station.downloadRaw"
            icon={<DownloadOutlined />}
            loading={isDownloadingAll}
            disabled={(page?.total ?? 0) === 0}
            onClick={() => {
              setDownloadingAll(true);
              void download(undefined, `raw-files-${stationId}.zip`).finally(() => setDownloadingAll(false));
            }}
          >
            {t('ingestion.files.downloadAll')}
          </PermissionButton>
        </Space>
      }
    >
      <ServerPagedTable<TRawFile>
        loading={isFetching}
        columns={columns}
        page={page}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        emptyText={t('ingestion.files.empty')}
        totalText={(total) => t('ingestion.files.total', { count: total })}
      />
      <ReceiptDrawer receiptId={receiptId} onClose={() => setReceiptId(undefined)} />
      <UploadPreviewModal
        stationId={stationId}
        files={confirming}
        onClose={() => {
          setConfirming([]);
          void invalidate();
        }}
      />
    </Card>
  );
}

/** A raw file's row actions: confirm a held file (issue 40), re-parse, download the original. */
function RawFileActions(props: {
  file: TRawFile;
  isBusy: boolean;
  onConfirm: () => void;
  onReparse: () => void;
  onDownload: () => void;
}) {
  const { t } = useTranslation();
  const { file } = props;
  return (
    <Space size={0}>
      {file.status === 'held' ? (
        <PermissionButton
          type="link"
          size="small"
          feature="data.import"
          icon={<AuditOutlined />}
          data-testid={`confirm-held-${file.id}`}
          onClick={props.onConfirm}
        >
          {t('ingestion.files.confirmHeld')}
        </PermissionButton>
      ) : null}
      <PermissionButton
        type="link"
        size="small"
        feature="data.import"
        icon={<RedoOutlined />}
        disabled={!canReparse(file.status)}
        loading={props.isBusy}
        onClick={props.onReparse}
      >
        {t('ingestion.files.reparse')}
      </PermissionButton>
      <PermissionButton
        type="link"
        size="small"
        feature="station.downloadRaw"
        icon={<DownloadOutlined />}
        onClick={props.onDownload}
      >
        {t('ingestion.files.download')}
      </PermissionButton>
    </Space>
  );
}
