// The data receipt's task that runs in the compute pool (registered by its URL in index.ts).
import {
  onDatabase,
  type TComputeHandlers,
  type TDatabaseJobTask,
} from '../../platform/compute/compute-tasks.ts';
import { runReceipt, type TReceiptJob } from './receipt-run.ts';

/** Every check of WIND-ANALYSIS §15 on one file and the 30 days before it (receipt-run.ts). */
export type TReceiptComputeTask = TDatabaseJobTask<'receipt_checks', TReceiptJob>;

declare module '../../platform/compute/compute-tasks.ts' {
  interface TComputeTaskKinds {
    receipts: TReceiptComputeTask;
  }
}

/**
 * On the primary, never the read replica (platform/db/replica-reads.ts): a receipt runs just after its
 * file's commit and reads that file's data and the channel configuration in force, which a replica a few
 * milliseconds behind would not show yet.
 */
const receiptTasks: TComputeHandlers<TReceiptComputeTask> = { receipt_checks: onDatabase(runReceipt) };

export default receiptTasks;
