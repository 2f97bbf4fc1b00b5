import {
  CheckCircleFilled,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
} from '@ant-design/icons';
import type { TMessage } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Button, Drawer, Empty, Flex, Pagination, Spin, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type NotificationKind, notificationKind } from '../../realtime/socket.utils.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useIgnoreMessage, useMarkRead, useMessagePage } from './api.ts';
import styles from './MessageDrawer.module.css';

const TYPE_COLORS: Record<string, string> = {
  system: 'blue',
  alarm: 'red',
  repair: 'orange',
  report: 'green',
  task: 'purple',
  approval: 'gold',
};

/** The same icons and colours as the pushed notification of each kind (a failed report is an error). */
const KIND_ICONS: Record<NotificationKind, ReactNode> = {
  success: <CheckCircleFilled style={{ color: 'var(--ant-color-success)' }} />,
  info: <InfoCircleFilled style={{ color: 'var(--ant-color-info)' }} />,
  warning: <ExclamationCircleFilled style={{ color: 'var(--ant-color-warning)' }} />,
  error: <CloseCircleFilled style={{ color: 'var(--ant-color-error)' }} />,
};

function MessageItem({ message }: { message: TMessage }) {
  const { t, i18n } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const markRead = useMarkRead();
  const ignore = useIgnoreMessage();
  const status = message.isIgnored ? 'ignored' : message.isRead ? 'read' : 'unread';
  const kind = notificationKind(message.messageType);
  return (
    <li className={styles.item} data-status={status} data-kind={kind}>
      <Flex justify="space-between" align="start" gap={8}>
        <Flex vertical gap={4} className={styles.body}>
          <Flex gap={8} align="center" wrap>
            <span role="img" aria-label={t(`messages.kinds.${kind}`)}>
              {KIND_ICONS[kind]}
            </span>
            <Tag color={TYPE_COLORS[message.type] ?? 'default'}>
              {i18n.exists(`messages.types.${message.type}`)
                ? t(`messages.types.${message.type}`)
                : message.type}
            </Tag>
            <Typography.Text strong={status === 'unread'}>{message.message}</Typography.Text>
          </Flex>
          {message.description ? (
            <Typography.Text type="secondary">{message.description}</Typography.Text>
          ) : null}
          <Typography.Text type="secondary" className={styles.meta} data-testid="message-time">
            {formatDateTime(message.createTime)} · {t(`messages.status.${status}`)}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={4} align="end">
          {status === 'unread' ? (
            <Button
              size="small"
              type="link"
              loading={markRead.isPending}
              onClick={() => markRead.mutate([message.id])}
            >
              {t('messages.markRead')}
            </Button>
          ) : null}
          {message.isIgnored ? null : (
            <Button
              size="small"
              type="link"
              danger
              loading={ignore.isPending}
              onClick={() => ignore.mutate(message.id)}
            >
              {t('messages.ignore')}
            </Button>
          )}
        </Flex>
      </Flex>
    </li>
  );
}

export function MessageDrawer({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const { data, isFetching } = useMessagePage(pageNo, isOpen);
  const markRead = useMarkRead();
  const records = data?.records ?? [];
  const unreadIds = records
    .filter((record) => !record.isRead && !record.isIgnored)
    .map((record) => record.id);
  return (
    <Drawer
      title={t('messages.title')}
      open={isOpen}
      onClose={onClose}
      size={460}
      extra={
        <Button size="small" disabled={unreadIds.length === 0} onClick={() => markRead.mutate(unreadIds)}>
          {t('messages.markPageRead')}
        </Button>
      }
    >
      <Spin spinning={isFetching}>
        {records.length === 0 ? (
          <Empty description={t('messages.empty')} />
        ) : (
          <ul className={styles.list}>
            {records.map((record) => (
              <MessageItem key={record.id} message={record} />
            ))}
          </ul>
        )}
        {(data?.total ?? 0) > PAGE_SIZE ? (
          <Pagination
            className={styles.pagination}
            size="small"
            current={pageNo}
            pageSize={PAGE_SIZE}
            total={data?.total ?? 0}
            showSizeChanger={false}
            onChange={setPageNo}
          />
        ) : null}
      </Spin>
    </Drawer>
  );
}
