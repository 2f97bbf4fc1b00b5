export { useSenders } from './api.ts';
export { RepairRecordsPanel } from './RepairRecordsPanel.tsx';
export { RepairRequestModal, type RepairTarget } from './RepairRequestModal.tsx';
