/** The public face of the receipts module (the data receipt of every arriving file, issue 30). */

/** The receipt tasks of the compute pool (see platform/compute/compute-tasks.ts). */
export const RECEIPT_COMPUTE_TASKS = new URL('./compute-tasks.ts', import.meta.url).href;

export { receiptOnDataArrived } from './data-arrived.ts';
export type { ReceiptFixService } from './receipt-fixes.service.ts';
export { createReceiptServices, type TReceiptServices } from './receipts.module.ts';
export { receiptRoutes } from './receipts.routes.ts';
export type { ReceiptService } from './receipts.service.ts';
