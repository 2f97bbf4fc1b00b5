export { QcRulesTab } from './QcRulesTab.tsx';
