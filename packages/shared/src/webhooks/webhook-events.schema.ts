import { z } from 'zod';

/**
 * The events a webhook may subscribe to (issue 32) and the JSON body sent for each. The body is a stable,
 * versioned envelope: `schemaVersion` changes only when a field is removed or changes meaning; fields may
 * be added within a version. Receivers check `X-MastHub-Signature` (see WEBHOOK_SIGNATURE_HEADER).
 */
export const WEBHOOK_EVENT_KINDS = [
  'alarm.opened',
  'alarm.closed',
  'receipt.finding',
  'report.ready',
  'apply.decided',
  'file.ingested',
  'file.failed',
] as const;
export type TWebhookEventKind = (typeof WEBHOOK_EVENT_KINDS)[number];

/** The kind of the body "send test" posts; it is not subscribed to, every hook may receive it. */
export const WEBHOOK_TEST_KIND = 'webhook.test';
export type TWebhookDeliveryKind = TWebhookEventKind | typeof WEBHOOK_TEST_KIND;

export const WEBHOOK_SCHEMA_VERSION = 1;
/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the hook's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = 'X-MastHub-Signature';
export const WEBHOOK_EVENT_HEADER = 'X-MastHub-Event';
export const WEBHOOK_DELIVERY_HEADER = 'X-MastHub-Delivery';

const ZStationRef = z.object({ id: z.number().int(), stationCode: z.string(), projectName: z.string() });

/** The data of each event kind (one schema per kind). */
export const WEBHOOK_EVENT_DATA = {
  'alarm.opened': z.object({
    alarmId: z.number().int(),
    /** 'icing': the site's sensors iced up (issue 45 §2), `channel` the first iced one. */
    alarmType: z.enum(['data_missing', 'data_abnormal', 'icing']),
    /** The channel of a data-abnormal or icing alarm. */
    channel: z.string().nullable(),
    /** Days without data of a data-missing alarm. */
    days: z.number().int().nullable(),
  }),
  'alarm.closed': z.object({
    /** Alarms closed by the same cause (data arrived, repair finished, icing ended), ids. */
    alarmIds: z.array(z.number().int()),
    reason: z.enum(['data_arrived', 'repair_finished', 'icing_ended']),
  }),
  'receipt.finding': z.object({
    rawFileId: z.number().int(),
    fileName: z.string(),
    /** The checks that found something (WIND-ANALYSIS §15 keys). */
    checks: z.array(z.string()),
    findingCount: z.number().int(),
  }),
  'report.ready': z.object({
    reportId: z.number().int(),
    reportKind: z.enum(['group', 'analysis']),
    name: z.string(),
  }),
  'apply.decided': z.object({
    applicationId: z.number().int(),
    decision: z.enum(['approved', 'rejected']),
    applicantName: z.string(),
  }),
  'file.ingested': z.object({
    rawFileId: z.number().int(),
    fileName: z.string(),
    /** First and last timestamp of the file's data (ISO 8601, UTC). */
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  'file.failed': z.object({
    rawFileId: z.number().int(),
    fileName: z.string(),
    /** The error code (packages/shared errors) the parse ended with. */
    errorCode: z.string(),
  }),
  'webhook.test': z.object({ webhookId: z.number().int(), message: z.string() }),
} as const satisfies Record<TWebhookDeliveryKind, z.ZodType>;

export type TWebhookEventData<K extends TWebhookDeliveryKind> = z.infer<(typeof WEBHOOK_EVENT_DATA)[K]>;

/** The envelope of every body, for one kind. */
export function zWebhookBody<K extends TWebhookDeliveryKind>(kind: K) {
  return z.object({
    /** Unique per event and hook: the same id on every retry, so receivers drop repeats. */
    id: z.string(),
    schemaVersion: z.literal(WEBHOOK_SCHEMA_VERSION),
    kind: z.literal(kind),
    occurredAt: z.string(),
    /** The sites the event is about (empty for a test). */
    stations: z.array(ZStationRef),
    data: WEBHOOK_EVENT_DATA[kind],
  });
}
export type TWebhookBody<K extends TWebhookDeliveryKind = TWebhookDeliveryKind> = z.infer<
  ReturnType<typeof zWebhookBody<K>>
>;
