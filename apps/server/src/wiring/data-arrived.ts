import { type AlarmService, alarmsOnDataArrived } from '../modules/alarms/index.ts';
import { hubOnDataArrived } from '../modules/hub/index.ts';
import type { TDataArrivedListener } from '../modules/ingestion/index.ts';
import { type LongTermConvergenceService, longTermOnDataArrived } from '../modules/longterm/index.ts';
import type { MessageService } from '../modules/messages/index.ts';
import { type ReceiptService, receiptOnDataArrived } from '../modules/receipts/index.ts';
import type { OutboundEvents } from '../platform/events/outbound-events.ts';
import type { TJobs } from '../platform/jobs/jobs.ts';
import { fileIngestedOnDataArrived } from './outbound-events.ts';

/** The listeners beyond the hub and the alarms, each left out when its option is (tests that ingest alone). */
export interface TDataArrivedOptions {
  /** The long-term convergence: a recompute queued when a new month arrived at a site with a default. */
  longTerm?: { convergence: LongTermConvergenceService; jobs: Pick<TJobs, 'send'> };
  /** The data receipt (issue 30): a receipt queued for every arriving file but the demo seed's. */
  receipts?: { service: ReceiptService; jobs: Pick<TJobs, 'send'> };
  /** The outbound-events port: files ingested and failed are announced to webhooks (issue 32). */
  events?: OutboundEvents;
  /** Where the screens are told that a site's stored data changed (issue 41 §2). */
  changes?: Pick<MessageService, 'announceChange'>;
}

/**
 * Who hears that a file's data is stored, in order: the hub's per-day recovery, then the alarms (site
 * status, data-missing alarm, QC rules over the new period), then the long-term convergence, then the
 * data receipt, then the outbound events (file ingested / failed, for webhooks), then the screens showing
 * the site's files, versions and header (issue 41 §2: a `station-data` change). Ingestion defines the
 * port and names none.
 */
export function dataArrivedListeners(
  alarms: AlarmService,
  options: TDataArrivedOptions = {},
): TDataArrivedListener[] {
  const { longTerm, receipts, events, changes } = options;
  return [
    hubOnDataArrived,
    alarmsOnDataArrived(alarms),
    ...(longTerm ? [longTermOnDataArrived(longTerm.convergence, longTerm.jobs)] : []),
    ...(receipts ? [receiptOnDataArrived(receipts.service, receipts.jobs)] : []),
    ...(events ? [fileIngestedOnDataArrived(events)] : []),
    ...(changes ? [stationDataChanged(changes)] : []),
  ];
}

/**
 * A file stored, failed or held changes what the site's pages show (its files, versions, status and last
 * data time): a `station-data` change for whoever sees the site — but the demo seed's thousands of files.
 */
export function stationDataChanged(changes: Pick<MessageService, 'announceChange'>): TDataArrivedListener {
  // Failed files carry no source: the seed's are never announced to listeners.
  const announce = async (event: { stationId: number; source?: string }) => {
    if (event.source !== 'seed')
      await changes.announceChange({ topic: 'station-data', stationId: event.stationId });
  };
  return { afterCommit: announce, fileFailed: announce, fileHeld: announce };
}
