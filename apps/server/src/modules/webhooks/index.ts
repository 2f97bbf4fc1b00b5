/** The public face of the webhooks module: all that server.ts and wiring import of it. */

export { signatureOf } from './webhook-outbox.ts';
export { buildWebhookServices, type TWebhookServices } from './webhooks.module.ts';
export { webhookRoutes } from './webhooks.routes.ts';
