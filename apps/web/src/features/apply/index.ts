export { ApplyModal } from './ApplyModal.tsx';
export { formatBytes } from './apply-columns.tsx';
export { MyApplicationsDrawer } from './MyApplicationsDrawer.tsx';
