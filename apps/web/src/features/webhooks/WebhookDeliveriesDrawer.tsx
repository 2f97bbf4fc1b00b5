import type { TWebhookDeliveryRecord, TWebhookRecord } from '@masthub/shared';
import { Button, Drawer, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServerPagination } from '../../ui/list/use-server-pagination.ts';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useWebhookDeliveries } from './api.ts';

const STATUS_COLORS: Record<TWebhookDeliveryRecord['status'], string> = {
  pending: 'processing',
  sending: 'processing',
  delivered: 'success',
  failed: 'error',
  skipped: 'default',
};

export function DeliveryStatusTag({ status }: { status: TWebhookDeliveryRecord['status'] }) {
  const { t } = useTranslation();
  return <Tag color={STATUS_COLORS[status]}>{t(`system.webhook.status.${status}`)}</Tag>;
}

/** A webhook's delivery log: each delivery's event, state, status code, duration, reason, attempts and body. */
export function WebhookDeliveriesDrawer({
  hook,
  onClose,
}: {
  hook: TWebhookRecord | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const request = { webhookId: hook?.id ?? 1, pageNo, pageSize: 20 };
  const log = useWebhookDeliveries(request, hook !== null);
  const pagination = useServerPagination(pageNo, log.data?.total, setPageNo);

  const kindLabel = (kind: TWebhookDeliveryRecord['kind']) => t(`system.webhook.events.${kind}`);
  const columns: TableColumnsType<TWebhookDeliveryRecord> = [
    dateTimeColumn('createdAt', t('system.webhook.log.time'), formatDateTime),
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('system.webhook.log.event'),
      width: 150,
      render: (kind: TWebhookDeliveryRecord['kind']) => kindLabel(kind),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('system.webhook.log.status'),
      width: 100,
      render: (status: TWebhookDeliveryRecord['status']) => <DeliveryStatusTag status={status} />,
    },
    {
      key: 'statusCode',
      dataIndex: 'statusCode',
      title: t('system.webhook.log.statusCode'),
      width: 90,
      render: (code: number | null) => code ?? '—',
    },
    {
      key: 'durationMs',
      dataIndex: 'durationMs',
      title: t('system.webhook.log.duration'),
      width: 100,
      render: (ms: number | null) => (ms === null ? '—' : t('system.webhook.log.ms', { ms })),
    },
    {
      key: 'attempts',
      title: t('system.webhook.log.attempts'),
      width: 96,
      render: (_, d) => `${d.attempts}/${d.maxAttempts}`,
    },
    // The whole reason, wrapped: a refusal cut short hid what to change.
    { key: 'error', dataIndex: 'error', title: t('system.webhook.log.error') },
  ];

  return (
    <Drawer
      open={hook !== null}
      onClose={onClose}
      size={960}
      title={t('system.webhook.log.title', { name: hook?.name ?? '' })}
      extra={<Button onClick={() => void log.refetch()}>{t('system.webhook.log.refresh')}</Button>}
      destroyOnHidden
    >
      <div data-testid="webhook-deliveries">
        <Table<TWebhookDeliveryRecord>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={log.data?.records ?? []}
          loading={log.isFetching}
          pagination={pagination}
          expandable={{
            expandedRowRender: (d) => (
              <Flex vertical gap={8}>
                {d.attemptLog.map((a) => (
                  <Typography.Text key={a.attempt}>
                    {t('system.webhook.log.attemptLine', {
                      attempt: a.attempt,
                      time: formatDateTime(a.at),
                      code: a.statusCode ?? '—',
                      ms: a.durationMs,
                    })}
                    {a.error ? ` — ${a.error}` : ''}
                  </Typography.Text>
                ))}
                <Typography.Text type="secondary">{t('system.webhook.log.body')}</Typography.Text>
                <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                  {d.body}
                </Typography.Paragraph>
              </Flex>
            ),
          }}
        />
      </div>
    </Drawer>
  );
}
