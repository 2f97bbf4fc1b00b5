import type { StationAccess } from '../modules/access/index.ts';
import type { TDataArrivedListener } from '../modules/ingestion/index.ts';
import { buildWebhookServices, type TWebhookServices } from '../modules/webhooks/index.ts';
import type { TConfig } from '../platform/config.ts';
import type { Database } from '../platform/db/database.ts';
import { OutboundEvents } from '../platform/events/outbound-events.ts';
import type { TJobs } from '../platform/jobs/jobs.ts';
import type { Logger } from '../platform/logger.ts';

/** The outbound-events port and the webhooks subscribed to it (the composition root hands the port on). */
export function buildOutboundEvents(
  db: Database,
  config: TConfig,
  deps: { stationAccess: StationAccess; jobs: TJobs; log: Logger },
): { events: OutboundEvents; webhooks: TWebhookServices } {
  const events = new OutboundEvents(deps.log.child({ module: 'events' }));
  const webhooks = buildWebhookServices(db, config, {
    stationAccess: deps.stationAccess,
    jobs: deps.jobs,
    log: deps.log.child({ module: 'webhooks' }),
  });
  subscribeOutboundEvents(events, webhooks);
  return { events, webhooks };
}

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

/**
 * A stored file is announced as `file.ingested` after its commit (the demo seed's files aside), a file that
 * failed to parse as `file.failed`.
 */
export function fileIngestedOnDataArrived(events: OutboundEvents): TDataArrivedListener {
  return {
    afterCommit: async (event) => {
      if (event.source === 'seed') return;
      const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
      await events.emit({
        kind: 'file.ingested',
        stationIds: [event.stationId],
        data: {
          rawFileId: event.rawFileId,
          fileName: event.fileName ?? '',
          from: iso(event.firstTimeMs),
          to: iso(event.lastTimeMs),
        },
      });
    },
    fileFailed: async (event) => {
      await events.emit({
        kind: 'file.failed',
        stationIds: [event.stationId],
        data: { rawFileId: event.rawFileId, fileName: event.fileName, errorCode: event.reasonKey },
      });
    },
  };
}
