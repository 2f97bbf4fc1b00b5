import { CheckCircleTwoTone, CloseCircleTwoTone, LoadingOutlined } from '@ant-design/icons';
import type { TChannelElementOption, TParseRule, TRecognizedChannel } from '@masthub/shared';
import { Alert, Checkbox, Flex, Progress, Result, Space, Spin, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TPreviewResult } from './api.ts';
import { openDoubts, statusColor } from './ingestion.utils.ts';
import { RecognitionPreview } from './RecognitionPreview.tsx';
import type { UploadItem } from './use-upload-batch.ts';

/** The icon of a file's tab: working, failed or done. */
export function UploadStateIcon({ item }: { item: UploadItem }) {
  if (item.state === 'recognizing' || item.state === 'confirming') return <LoadingOutlined />;
  if (item.state === 'unreadable' || item.task?.status === 'failed')
    return <CloseCircleTwoTone twoToneColor="#ff4d4f" />;
  return <CheckCircleTwoTone twoToneColor="#52c41a" />;
}

/** The import's status and progress once the file is confirmed. */
function TaskProgress({ item }: { item: UploadItem }) {
  const { t } = useTranslation();
  if (item.task) {
    return (
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
    );
  }
  return item.state === 'confirming' ? (
    <Progress percent={0} status="active" style={{ marginBottom: 12 }} />
  ) : null;
}

/** What the user may change of a file in the preview. */
export type TItemChange =
  | { channels: TRecognizedChannel[] }
  | { rule: TParseRule }
  | { accepted: string[] }
  | { rememberLayout: boolean };

/** The body of a file's tab below its progress: why it cannot be read, store-only, or its recognition. */
function ItemContent({
  item,
  elements,
  onChange,
}: {
  item: UploadItem;
  elements: TChannelElementOption[];
  onChange: (change: TItemChange) => void;
}): ReactNode {
  const { t } = useTranslation();
  if (item.state === 'unreadable' || (item.state !== 'ready' && !item.result)) {
    return (
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
    );
  }
  const result = item.result as TPreviewResult;
  if (result.storeOnly || !result.recognition) {
    return (
      <Result
        status="info"
        title={t('ingestion.status.stored_not_parsed')}
        subTitle={t('ingestion.upload.storeOnly')}
      />
    );
  }
  const rule = item.rule ?? result.recognition.rule;
  return (
    <Flex vertical gap={8}>
      <RecognitionPreview
        recognition={result.recognition}
        rule={rule}
        channels={item.channels}
        elements={elements}
        onChannelsChange={(channels) => onChange({ channels })}
        onRuleChange={(changed) => onChange({ rule: changed })}
        doubtState={{
          doubts: openDoubts(result.recognition, rule, item.channels),
          accepted: item.accepted,
          onAcceptedChange: (accepted) => onChange({ accepted }),
        }}
      />
      <Checkbox
        checked={item.rememberLayout}
        data-testid="remember-layout"
        onChange={(event) => onChange({ rememberLayout: event.target.checked })}
      >
        {t('ingestion.doubts.rememberLayout')}
      </Checkbox>
    </Flex>
  );
}

/** One file of the upload: a spinner while it is recognised, then its progress and content. */
export function UploadItemView({
  item,
  elements,
  onChange,
}: {
  item: UploadItem;
  elements: TChannelElementOption[];
  onChange: (change: TItemChange) => void;
}) {
  const { t } = useTranslation();
  if (item.state === 'recognizing') {
    return (
      <Flex justify="center" style={{ padding: 48 }}>
        <Spin description={t('ingestion.upload.recognizing', { name: item.name })}>
          <div style={{ width: 200, height: 40 }} />
        </Spin>
      </Flex>
    );
  }
  return (
    <>
      <TaskProgress item={item} />
      <ItemContent item={item} elements={elements} onChange={onChange} />
    </>
  );
}
