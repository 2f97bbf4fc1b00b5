import type { TWebhookRecord } from '@masthub/shared';
import { App, Space, Switch, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import type { FitColumn } from '../../ui/table/fit-columns.ts';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import {
  useDeleteWebhook,
  useEnableWebhook,
  useRotateWebhookSecret,
  useTestWebhook,
  useWebhookPage,
} from './api.ts';
import { DeliveryStatusTag, WebhookDeliveriesDrawer } from './WebhookDeliveriesDrawer.tsx';
import { WebhookFormModal } from './WebhookFormModal.tsx';
import { WebhookSecretModal } from './WebhookSecretModal.tsx';

const FEATURE = 'system.webhook';

function useWebhooks(values: Record<string, unknown>, pageNo: number) {
  const keywords = String(values['keywords'] ?? '').trim();
  return useWebhookPage({ pageNo, pageSize: 20, ...(keywords ? { keywords } : {}) });
}

/**
 * Webhooks (system management, issue 32): URLs subscribed to events, signed with a secret shown once;
 * switched on and off in the list, tested at once, their delivery log in a drawer.
 */
export function WebhookListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<TWebhookRecord | null>();
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<TWebhookRecord | null>(null);
  const remove = useDeleteWebhook();
  const enable = useEnableWebhook();
  const rotate = useRotateWebhookSecret();
  const test = useTestWebhook();

  const sendTest = async (hook: TWebhookRecord) => {
    const delivery = await test.mutateAsync(hook.id).catch(() => undefined);
    if (!delivery) return;
    if (delivery.status === 'delivered')
      feedback.success(
        t('system.webhook.testDelivered', { code: delivery.statusCode, ms: delivery.durationMs }),
      );
    else feedback.error(t('system.webhook.testFailed', { reason: delivery.error }));
    setLogOf(hook);
  };

  const askRotate = (hook: TWebhookRecord) =>
    modal.confirm({
      title: t('system.webhook.rotateTitle'),
      content: t('system.webhook.rotateConfirm', { name: hook.name }),
      onOk: async () => setSecret((await rotate.mutateAsync(hook.id)).secret),
    });

  const columns: FitColumn<TWebhookRecord>[] = [
    { key: 'name', dataIndex: 'name', title: t('system.webhook.fields.name'), width: 160, ellipsis: true },
    { key: 'url', dataIndex: 'url', title: t('system.webhook.fields.url'), width: 260, ellipsis: true },
    {
      key: 'events',
      dataIndex: 'events',
      title: t('system.webhook.fields.events'),
      width: 260,
      render: (events: TWebhookRecord['events']) => (
        <Space size={[0, 4]} wrap>
          {events.map((kind) => (
            <Tag key={kind}>{t(`system.webhook.events.${kind}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'isEnabled',
      dataIndex: 'isEnabled',
      title: t('system.webhook.fields.isEnabled'),
      width: 90,
      render: (isEnabled: boolean, hook) => (
        <Switch
          size="small"
          checked={isEnabled}
          data-testid={`webhook-enabled-${hook.id}`}
          onChange={(checked) =>
            void enable.mutateAsync({ id: hook.id, isEnabled: checked }).catch(() => undefined)
          }
        />
      ),
    },
    {
      key: 'lastStatus',
      dataIndex: 'lastStatus',
      title: t('system.webhook.fields.lastStatus'),
      width: 110,
      render: (status: TWebhookRecord['lastStatus']) =>
        status ? <DeliveryStatusTag status={status as 'delivered'} /> : '—',
    },
    {
      key: 'secretPrefix',
      dataIndex: 'secretPrefix',
      title: t('system.webhook.fields.secret'),
      // "whsec_" and four random characters, kept whole: at 120 px shrunk by the fit, "whsec_qWgA…" was cut.
      width: 140,
      wrap: true,
      render: (prefix: string) => `${prefix}…`,
    },
    {
      key: 'creatorAccount',
      dataIndex: 'creatorAccount',
      title: t('system.webhook.fields.creator'),
      width: 120,
    },
    dateTimeColumn('createdAt', t('system.common.createTime'), formatDateTime),
  ];

  return (
    <>
      <ListPage<TWebhookRecord>
        search={{ kind: 'keywords', placeholder: t('system.webhook.searchPlaceholder') }}
        usePage={useWebhooks}
        columns={columns}
        editor={{
          feature: FEATURE,
          createLabel: t('system.webhook.create'),
          open: setEditing,
          remove: (hook) => remove.mutateAsync(hook.id),
          texts: 'system.webhook',
        }}
        actions={{
          extra: (hook) => [
            {
              key: 'test',
              label: t('system.webhook.sendTest'),
              feature: FEATURE,
              loading: test.isPending && test.variables === hook.id,
              onClick: () => void sendTest(hook),
              testId: `webhook-test-${hook.id}`,
            },
            {
              key: 'log',
              label: t('system.webhook.deliveryLog'),
              feature: FEATURE,
              onClick: () => setLogOf(hook),
              testId: `webhook-log-${hook.id}`,
            },
            {
              key: 'rotate',
              label: t('system.webhook.rotate'),
              feature: FEATURE,
              onClick: () => askRotate(hook),
            },
          ],
        }}
      />
      <WebhookFormModal
        open={editing !== undefined}
        hook={editing ?? undefined}
        onClose={() => setEditing(undefined)}
        onCreated={(created) => {
          setEditing(undefined);
          setSecret(created.secret);
        }}
      />
      <WebhookSecretModal secret={secret} onClose={() => setSecret(null)} />
      <WebhookDeliveriesDrawer hook={logOf} onClose={() => setLogOf(null)} />
    </>
  );
}
