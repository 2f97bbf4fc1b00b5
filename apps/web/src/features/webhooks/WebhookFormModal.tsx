import {
  type TWebhookEventKind,
  type TWebhookRecord,
  type TWebhookSecret,
  WEBHOOK_EVENT_KINDS,
  ZWebhookCreateRequest,
  ZWebhookUpdateRequest,
} from '@masthub/shared';
import { Checkbox, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SchemaItem } from '../../ui/list/SchemaItem.tsx';
import { useCreateWebhook, useUpdateWebhook } from './api.ts';

interface WebhookFormValues {
  name: string;
  url: string;
  events: TWebhookEventKind[];
  isEnabled: boolean;
}

function toRequest(values: WebhookFormValues, id: number | undefined) {
  const fields = {
    name: (values.name ?? '').trim(),
    url: (values.url ?? '').trim(),
    events: values.events ?? [],
    isEnabled: values.isEnabled ?? true,
  };
  return id === undefined ? fields : { ...fields, id };
}

/** Create or edit a webhook: name, receiving URL, events, enabled; a new hook's secret is shown once after. */
export function WebhookFormModal({
  open,
  hook,
  onClose,
  onCreated,
}: DialogProps & {
  /** Undefined: a new webhook. */
  hook: TWebhookRecord | undefined;
  onCreated: (secret: TWebhookSecret) => void;
}) {
  const { t } = useTranslation();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  return (
    <SchemaFormModal<WebhookFormValues, ReturnType<typeof toRequest>, TWebhookSecret | null>
      open={open}
      name="webhookForm"
      title={t(hook ? 'system.webhook.form.editTitle' : 'system.webhook.form.createTitle')}
      initialValues={
        hook
          ? { name: hook.name, url: hook.url, events: hook.events, isEnabled: hook.isEnabled }
          : { name: '', url: '', events: [], isEnabled: true }
      }
      toRequest={(values) => toRequest(values, hook?.id)}
      schema={hook ? ZWebhookUpdateRequest : ZWebhookCreateRequest}
      save={(request) =>
        'id' in request ? update.mutateAsync(request).then(() => null) : create.mutateAsync(request)
      }
      savedMessage={t(hook ? 'system.common.saved' : 'system.webhook.created')}
      onSaved={(reply) => {
        if (reply) onCreated(reply);
        else onClose();
      }}
      onClose={onClose}
      width={640}
    >
      {() => (
        <>
          <SchemaItem name="name" label={t('system.webhook.fields.name')} required>
            <Input autoComplete="off" maxLength={50} data-testid="webhook-name" />
          </SchemaItem>
          <SchemaItem
            name="url"
            label={t('system.webhook.fields.url')}
            required
            extra={t('system.webhook.form.urlHelp')}
          >
            <Input autoComplete="off" placeholder="https://example.com/masthub" data-testid="webhook-url" />
          </SchemaItem>
          <SchemaItem name="events" label={t('system.webhook.fields.events')} required>
            <Checkbox.Group
              data-testid="webhook-events"
              options={WEBHOOK_EVENT_KINDS.map((kind) => ({
                value: kind,
                label: t(`system.webhook.events.${kind}`),
              }))}
            />
          </SchemaItem>
          <SchemaItem name="isEnabled" label={t('system.webhook.fields.isEnabled')}>
            <Switch />
          </SchemaItem>
        </>
      )}
    </SchemaFormModal>
  );
}
