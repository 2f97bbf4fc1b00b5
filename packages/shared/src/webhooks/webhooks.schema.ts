import { z } from 'zod';
import { ZPageRequest } from '../api.ts';
import { requiredError, vmsg } from '../i18n/validation.ts';
import { ZId } from '../text.schema.ts';
import { WEBHOOK_EVENT_KINDS, WEBHOOK_TEST_KIND } from './webhook-events.schema.ts';

/** Every secret starts with this, so a leaked one is recognisable. */
export const WEBHOOK_SECRET_PREFIX = 'whsec_';

const ZWebhookUrl = z
  .string(requiredError('webhookUrlRequired'))
  .trim()
  .min(1, vmsg('webhookUrlRequired'))
  .max(2000, vmsg('webhookUrl'))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
    } catch {
      return false;
    }
  }, vmsg('webhookUrl'));

const ZWebhookFields = z.object({
  name: z
    .string(requiredError('webhookNameRequired'))
    .trim()
    .min(1, vmsg('webhookNameRequired'))
    .max(50, vmsg('webhookNameTooLong')),
  url: ZWebhookUrl,
  events: z
    .array(z.enum(WEBHOOK_EVENT_KINDS, vmsg('invalidType')), requiredError('webhookEvents'))
    .min(1, vmsg('webhookEvents'))
    .refine((kinds) => new Set(kinds).size === kinds.length, vmsg('duplicate')),
  isEnabled: z.boolean().default(true),
});

/** POST /system/webhook/create: the secret is made by the server and shown once in the reply. */
export const ZWebhookCreateRequest = ZWebhookFields;
export type TWebhookCreateRequest = z.infer<typeof ZWebhookCreateRequest>;

/** POST /system/webhook/update: the same fields; the secret stays. */
export const ZWebhookUpdateRequest = ZWebhookFields.extend({ id: ZId });
export type TWebhookUpdateRequest = z.infer<typeof ZWebhookUpdateRequest>;

/** POST /system/webhook/enable: switch a hook on or off. */
export const ZWebhookEnableRequest = z.object({ id: ZId, isEnabled: z.boolean() });
export type TWebhookEnableRequest = z.infer<typeof ZWebhookEnableRequest>;

/** POST /system/webhook/page. */
export const ZWebhookPageRequest = ZPageRequest.extend({
  keywords: z.string().trim().max(100).optional(),
});
export type TWebhookPageRequest = z.infer<typeof ZWebhookPageRequest>;

export const ZWebhookRecord = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_KINDS)),
  isEnabled: z.boolean(),
  /** The first characters of the secret, to tell secrets apart (never the whole). */
  secretPrefix: z.string(),
  companyName: z.string().nullable(),
  creatorAccount: z.string(),
  createdAt: z.string(),
  /** The last delivery's status and time. */
  lastStatus: z.string().nullable(),
  lastDeliveryAt: z.string().nullable(),
});
export type TWebhookRecord = z.infer<typeof ZWebhookRecord>;

/** The creation and rotation reply: the secret, this once. */
export const ZWebhookSecret = z.object({ id: z.number().int(), secret: z.string() });
export type TWebhookSecret = z.infer<typeof ZWebhookSecret>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed', 'skipped'] as const;
export type TWebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** POST /system/webhook/deliveries: one hook's delivery log, newest first. */
export const ZWebhookDeliveryPageRequest = ZPageRequest.extend({
  webhookId: ZId,
  status: z.enum(WEBHOOK_DELIVERY_STATUSES).optional(),
});
export type TWebhookDeliveryPageRequest = z.infer<typeof ZWebhookDeliveryPageRequest>;

export const ZWebhookAttempt = z.object({
  attempt: z.number().int(),
  /** The receiver's HTTP status; null when no answer came (refused, timed out, unreachable). */
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int(),
  /** Why it failed, in the reader's language; empty when delivered. */
  error: z.string(),
  at: z.string(),
});

export const ZWebhookDeliveryRecord = z.object({
  id: z.number().int(),
  eventId: z.string(),
  kind: z.enum([...WEBHOOK_EVENT_KINDS, WEBHOOK_TEST_KIND]),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number().int(),
  maxAttempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  error: z.string(),
  body: z.string(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  attemptLog: z.array(ZWebhookAttempt),
});
export type TWebhookDeliveryRecord = z.infer<typeof ZWebhookDeliveryRecord>;
