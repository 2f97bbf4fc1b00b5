export { receiptKeys } from './api.ts';
export { LastReceiptsCard } from './LastReceiptsCard.tsx';
export { ReceiptBadge } from './ReceiptBadge.tsx';
export { ReceiptDrawer } from './ReceiptDrawer.tsx';
export { SEVERITY_COLORS } from './receipt.utils.ts';
