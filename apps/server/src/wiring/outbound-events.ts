import type { TWebhookServices } from '../modules/webhooks/index.ts';
import type { OutboundEvents } from '../platform/events/outbound-events.ts';

/**
 * Who hears the outbound events modules announce (alarms opened and closed, receipt findings, reports
 * ready, download applications decided, files ingested or failed): the webhook outbox, which writes a
 * delivery for every subscribed hook whose creator sees the event's sites. The port names no listener.
 */
export function subscribeOutboundEvents(events: OutboundEvents, webhooks: TWebhookServices): void {
  events.subscribe(async (list) => {
    await webhooks.outbox.enqueue(list);
  });
}
