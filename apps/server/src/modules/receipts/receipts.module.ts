import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { OutboundEvents } from '../../platform/events/outbound-events.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import type { ProcessingTaskService, VersionService } from '../wind-data/index.ts';
import { ReceiptFixService } from './receipt-fixes.service.ts';
import { ReceiptService } from './receipts.service.ts';

/** The data receipt's services: the receipts themselves and their one-click fixes. */
export interface TReceiptServices {
  receipts: ReceiptService;
  fixes: ReceiptFixService;
}

/** Wires the data receipt (issue 30); the fixes register their task kinds with the processing tasks. */
export function createReceiptServices(
  db: Database,
  deps: {
    stationAccess: StationAccess;
    stationLog: StationLogService;
    messages: Pick<MessageService, 'sendMany' | 'announceChange'>;
    processingTasks: ProcessingTaskService;
    versions: Pick<VersionService, 'create'>;
    log: Logger;
    compute?: TComputeAccess | undefined;
    events?: OutboundEvents;
  },
): TReceiptServices {
  return {
    receipts: new ReceiptService(
      db,
      deps.stationAccess,
      deps.stationLog,
      deps.messages,
      deps.log,
      deps.compute,
      deps.events,
    ),
    fixes: new ReceiptFixService(
      db,
      deps.stationAccess,
      deps.processingTasks,
      deps.versions,
      deps.stationLog,
      deps.messages,
    ),
  };
}
