import type { TWebhookEventData, TWebhookEventKind } from '@masthub/shared';
import type { Logger } from '../logger.ts';

/** Something that happened which other systems may hear of (issue 32: webhooks), about some sites. */
export type TOutboundEvent = {
  [K in TWebhookEventKind]: {
    kind: K;
    /** The sites it is about; a hook hears of it only when its creator sees every one. */
    stationIds: readonly number[];
    data: TWebhookEventData<K>;
    occurredAt?: Date;
  };
}[TWebhookEventKind];

export type TOutboundEventListener = (events: readonly TOutboundEvent[]) => Promise<void>;

/**
 * The one port modules announce events through, after their transaction committed (alarms, receipts,
 * reports, download applications, ingestion). It names no listener: the composition root subscribes the
 * webhooks (wiring/outbound-events.ts), so modules never import them. A listener's failure is logged, never
 * the announcer's: the event's own work is done.
 */
export class OutboundEvents {
  private readonly listeners: TOutboundEventListener[] = [];

  constructor(private readonly log?: Logger) {}

  subscribe(listener: TOutboundEventListener): void {
    this.listeners.push(listener);
  }

  async emit(...events: TOutboundEvent[]): Promise<void> {
    if (events.length === 0) return;
    for (const listener of this.listeners) {
      try {
        await listener(events);
      } catch (error) {
        this.log?.warn({ err: error, kinds: events.map((e) => e.kind) }, 'an outbound event was not queued');
      }
    }
  }
}

/** For services made without a composition root (tests, scripts): announces to nobody. */
export const NO_OUTBOUND_EVENTS = new OutboundEvents();
