import { CheckCircleTwoTone, CloseCircleTwoTone, DownloadOutlined, LoadingOutlined } from '@ant-design/icons';
import type { TParseRule, TParseTask, TRecognizedChannel } from '@masthub/shared';
import { Alert, Button, Flex, Modal, Progress, Result, Space, Spin, Tabs, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { RequestError, saveFile } from '../../request/request.ts';
import { useChannelElements } from '../station-detail/api.ts';
import {
  confirmRecognize,
  exportTemplate,
  previewRecognize,
  type TPreviewResult,
  uploadSiteFiles,
  useInvalidateSiteData,
  waitForTask,
} from './api.ts';
import { duplicateDataKeys, statusColor } from './ingestion.utils.ts';
import { RecognitionPreview } from './RecognitionPreview.tsx';

type ItemState = 'recognizing' | 'ready' | 'unreadable' | 'confirming' | 'done';

interface UploadItem {
  uid: string;
  file: File;
  state: ItemState;
  result?: TPreviewResult;
  channels: TRecognizedChannel[];
  /** The recognised rule as the user edited it in the preview (the stamps' meaning). */
  rule?: TParseRule;
  error?: string;
  task?: TParseTask;
}

/** An updater that changes one item of the list. */
function patchItem(uid: string, change: Partial<UploadItem>) {
  return (items: UploadItem[]) => items.map((item) => (item.uid === uid ? { ...item, ...change } : item));
}

interface UploadPreviewModalProps {
  stationId: number;
  /** The files dropped or picked; a new array starts a new upload. */
  files: File[];
  onClose: () => void;
}

/**
 * Upload with recognition (SPEC §7): each file is recognised (preview_recognize), shown with its
 * structure and channels for the user to check and edit, then confirmed (recognize) and followed
 * (parse_process) until it is stored.
 */
export function UploadPreviewModal({ stationId, files, onClose }: UploadPreviewModalProps) {
  const { t } = useTranslation();
  const { data: elements = [] } = useChannelElements();
  const invalidate = useInvalidateSiteData(stationId);
  const [items, setItems] = useState<UploadItem[]>([]);
  const [active, setActive] = useState<string>();
  const [isConfirming, setConfirming] = useState(false);
  const [isFinished, setFinished] = useState(false);
  const abort = useRef<AbortController>(undefined);

  const patch = (uid: string, change: Partial<UploadItem>) => setItems(patchItem(uid, change));

  useEffect(() => {
    if (files.length === 0) return;
    const controller = new AbortController();
    abort.current = controller;
    const batch = files.map((file, i) => ({
      uid: `${i}-${file.name}`,
      file,
      state: 'recognizing' as const,
      channels: [],
    }));
    setItems(batch);
    setActive(batch[0]?.uid);
    setFinished(false);
    void (async () => {
      // One file at a time: each preview reads the whole file on the server.
      for (const item of batch) {
        if (controller.signal.aborted) return;
        try {
          const result = await previewRecognize(stationId, item.file, controller.signal);
          setItems(
            patchItem(item.uid, {
              state: 'ready',
              result,
              channels: result.recognition?.channels ?? [],
              ...(result.recognition ? { rule: result.recognition.rule } : {}),
            }),
          );
        } catch (error) {
          if (controller.signal.aborted) return;
          setItems(
            patchItem(item.uid, {
              state: 'unreadable',
              error: error instanceof RequestError ? error.message : String(error),
            }),
          );
        }
      }
    })();
    return () => controller.abort();
  }, [files, stationId]);

  const isRecognizing = items.some((item) => item.state === 'recognizing');
  const confirmable = items.filter((item) => item.state === 'ready' || item.state === 'unreadable');

  const confirm = async () => {
    for (const item of items) {
      const duplicates = duplicateDataKeys(item.channels);
      if (duplicates.length > 0 || item.channels.some((channel) => channel.dataKey.trim() === '')) {
        setActive(item.uid);
        feedback.error(
          t('ingestion.upload.badDataKeys', { name: item.file.name, keys: duplicates.join(', ') }),
        );
        return;
      }
    }
    setConfirming(true);
    let parsed = 0;
    let failed = 0;
    try {
      const unreadable = items.filter((item) => item.state === 'unreadable');
      if (unreadable.length > 0) {
        // Kept as raw files with their reason, to be re-parsed once the site's rule is fixed.
        for (const item of unreadable) patch(item.uid, { state: 'confirming' });
        try {
          const outcomes = await uploadSiteFiles(
            stationId,
            unreadable.map((item) => item.file),
          );
          unreadable.forEach((item, i) => {
            const outcome = outcomes[i];
            if (outcome?.status === 'parsed') parsed += 1;
            else failed += 1;
            patch(item.uid, {
              state: 'done',
              task: outcome && {
                taskId: outcome.rawFileId,
                rawFileId: outcome.rawFileId,
                status: outcome.status,
                progress: 100,
                reasonKey: outcome.reasonKey,
                reason: outcome.reason,
              },
            });
          });
        } catch {
          for (const item of unreadable) patch(item.uid, { state: 'unreadable' });
          failed += unreadable.length;
        }
      }
      for (const item of items.filter((candidate) => candidate.state === 'ready')) {
        const result = item.result as TPreviewResult;
        patch(item.uid, { state: 'confirming' });
        try {
          const task = await confirmRecognize({
            stationId,
            token: result.token,
            ...(result.recognition
              ? { rule: item.rule ?? result.recognition.rule, channels: item.channels }
              : {}),
          });
          const end = await waitForTask(task, (progress) => patch(item.uid, { task: progress }));
          if (end.status === 'parsed' || end.status === 'duplicate') parsed += 1;
          else if (end.status === 'failed') failed += 1;
          patch(item.uid, { state: 'done', task: end });
        } catch {
          patch(item.uid, { state: 'ready' });
          failed += 1;
        }
      }
      await invalidate();
      setFinished(true);
      if (failed === 0) feedback.success(t('ingestion.upload.finished', { count: parsed }));
      else feedback.warning(t('ingestion.upload.finishedWithFailures', { count: parsed, failed }));
    } finally {
      setConfirming(false);
    }
  };

  const close = () => {
    abort.current?.abort();
    setItems([]);
    onClose();
  };

  const downloadTemplate = async (item: UploadItem) => {
    const recognition = item.result?.recognition;
    if (!recognition) return;
    try {
      const name = item.file.name.replace(/\.[^.]+$/, '');
      saveFile(
        await exportTemplate({ name, rule: item.rule ?? recognition.rule, channels: item.channels }),
        `${name}.json`,
      );
    } catch {
      // Shown by the request layer.
    }
  };

  const stateIcon = (item: UploadItem) => {
    if (item.state === 'recognizing' || item.state === 'confirming') return <LoadingOutlined />;
    if (item.state === 'unreadable' || item.task?.status === 'failed')
      return <CloseCircleTwoTone twoToneColor="#ff4d4f" />;
    return <CheckCircleTwoTone twoToneColor="#52c41a" />;
  };

  const body = (item: UploadItem) => {
    if (item.state === 'recognizing') {
      return (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin description={t('ingestion.upload.recognizing', { name: item.file.name })}>
            <div style={{ width: 200, height: 40 }} />
          </Spin>
        </Flex>
      );
    }
    const taskView = item.task ? (
      <Flex vertical gap={8} style={{ marginBottom: 12 }}>
        <Space>
          <Tag color={statusColor(item.task.status)}>{t(`ingestion.status.${item.task.status}`)}</Tag>
          {item.task.reason ? <Typography.Text type="danger">{item.task.reason}</Typography.Text> : null}
        </Space>
        <Progress
          percent={item.state === 'done' ? 100 : item.task.progress}
          status={item.task.status === 'failed' ? 'exception' : item.state === 'done' ? 'success' : 'active'}
        />
      </Flex>
    ) : item.state === 'confirming' ? (
      <Progress percent={0} status="active" style={{ marginBottom: 12 }} />
    ) : null;
    if (item.state === 'unreadable' || (item.state !== 'ready' && !item.result)) {
      return (
        <>
          {taskView}
          <Alert
            type="error"
            showIcon
            title={t('ingestion.upload.unreadable')}
            description={
              <>
                <div>{item.error}</div>
                <div>{t('ingestion.upload.unreadableKept')}</div>
              </>
            }
          />
        </>
      );
    }
    const result = item.result as TPreviewResult;
    if (result.storeOnly || !result.recognition) {
      return (
        <>
          {taskView}
          <Result
            status="info"
            title={t('ingestion.status.stored_not_parsed')}
            subTitle={t('ingestion.upload.storeOnly')}
          />
        </>
      );
    }
    return (
      <>
        {taskView}
        <RecognitionPreview
          recognition={result.recognition}
          rule={item.rule ?? result.recognition.rule}
          channels={item.channels}
          elements={elements}
          onChannelsChange={(channels) => patch(item.uid, { channels })}
          onRuleChange={(rule) => patch(item.uid, { rule })}
        />
      </>
    );
  };

  const activeItem = items.find((item) => item.uid === active);
  return (
    <Modal
      open={files.length > 0}
      title={t('ingestion.upload.previewTitle')}
      width={1200}
      onCancel={isConfirming ? undefined : close}
      closable={!isConfirming}
      mask={{ closable: false }}
      destroyOnHidden
      footer={
        isFinished ? (
          <Button type="primary" onClick={close}>
            {t('ingestion.upload.close')}
          </Button>
        ) : (
          <Space>
            <Button onClick={close} disabled={isConfirming}>
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
              loading={isConfirming}
              disabled={isRecognizing || confirmable.length === 0}
              onClick={() => void confirm()}
            >
              {t('ingestion.upload.confirm', { count: confirmable.length })}
            </Button>
          </Space>
        )
      }
    >
      <Tabs
        activeKey={active}
        onChange={setActive}
        items={items.map((item) => ({
          key: item.uid,
          label: (
            <Space size={6}>
              {stateIcon(item)}
              {item.file.name}
            </Space>
          ),
          children: body(item),
        }))}
      />
    </Modal>
  );
}
