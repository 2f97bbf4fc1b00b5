import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { TDataArrivedListener } from '../ingestion/index.ts';
import type { ReceiptService } from './receipts.service.ts';

/**
 * The data receipt hears that a file's data are stored: after the commit, a pending receipt is written
 * (the file's badge) and its computation queued — a job, never a computation inside the ingest. Files of
 * the demo seed get none (two years of files for three sites at the first start).
 */
export function receiptOnDataArrived(
  receipts: Pick<ReceiptService, 'onDataArrived' | 'onFileHeld'>,
  jobs: Pick<TJobs, 'send'>,
): TDataArrivedListener {
  return {
    afterCommit: (event) => receipts.onDataArrived(jobs, event),
    // A held file's receipt says it waits on a confirmation, and its data administrators are told.
    fileHeld: (event) => receipts.onFileHeld(event),
  };
}
