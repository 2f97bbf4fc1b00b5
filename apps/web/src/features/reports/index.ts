export { DataReportsDrawer } from './DataReportsDrawer.tsx';
