import {
  ZIdBody,
  ZWebhookCreateRequest,
  ZWebhookDeliveryPageRequest,
  ZWebhookDeliveryRecord,
  ZWebhookEnableRequest,
  ZWebhookPageRequest,
  ZWebhookRecord,
  ZWebhookSecret,
  ZWebhookUpdateRequest,
  zPage,
} from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { WebhookService } from './webhooks.service.ts';

const AUTH = 'system.webhook';
const TAGS = ['webhooks'];

/** Webhooks in system management (issue 32): feature system.webhook; each hook managed as its creator's (WebhookService). */
export function webhookRoutes(webhooks: WebhookService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/system/webhook/page',
      summary:
        'The webhooks the caller manages: their own and those of colleagues whose reach theirs covers (every one for a system administrator), never a secret',
      tags: TAGS,
      auth: AUTH,
      scope: 'read',
      body: ZWebhookPageRequest,
      response: zPage(ZWebhookRecord),
      handle: ({ user, body }) => webhooks.page(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/webhook/create',
      summary: 'Subscribe a URL to events; the signing secret is in this reply only',
      tags: TAGS,
      auth: AUTH,
      scope: 'session-only',
      body: ZWebhookCreateRequest,
      response: ZWebhookSecret,
      handle: ({ user, body }) => webhooks.create(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/system/webhook/update',
      summary: 'Change a webhook’s name, URL, events or state (the secret stays)',
      tags: TAGS,
      auth: AUTH,
      scope: 'write',
      body: ZWebhookUpdateRequest,
      run: ({ user, body }) => webhooks.update(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/system/webhook/enable',
      summary: 'Switch a webhook on or off (a disabled hook’s waiting deliveries are skipped)',
      tags: TAGS,
      auth: AUTH,
      scope: 'write',
      body: ZWebhookEnableRequest,
      run: ({ user, body }) => webhooks.setEnabled(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/webhook/rotate_secret',
      summary: 'Replace a webhook’s signing secret; the new one is in this reply only',
      tags: TAGS,
      auth: AUTH,
      scope: 'session-only',
      body: ZIdBody,
      response: ZWebhookSecret,
      handle: ({ user, body }) => webhooks.rotateSecret(user, body.id),
    }),
    defineAction({
      method: 'POST',
      url: '/system/webhook/delete',
      summary: 'Delete a webhook and its delivery log',
      tags: TAGS,
      auth: AUTH,
      scope: 'write',
      body: ZIdBody,
      run: ({ user, body }) => webhooks.remove(user, body.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/webhook/test',
      summary:
        'Post a signed webhook.test body at once; answers the delivery with its status code and duration',
      tags: TAGS,
      auth: AUTH,
      scope: 'write',
      body: ZIdBody,
      response: ZWebhookDeliveryRecord,
      handle: ({ user, body, language }) => webhooks.sendTest(user, body.id, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/system/webhook/deliveries',
      summary:
        'A webhook’s delivery log, newest first, of the sites the caller sees: status, attempts with status codes, durations, reasons',
      tags: TAGS,
      auth: AUTH,
      scope: 'read',
      body: ZWebhookDeliveryPageRequest,
      response: zPage(ZWebhookDeliveryRecord),
      handle: ({ user, body, language }) => webhooks.deliveries(user, body, language),
    }),
  ];
}
