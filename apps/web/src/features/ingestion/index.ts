export { downloadOriginal, ingestionKeys, useStationSearch } from './api.ts';
export { FileMatchRulesTab } from './FileMatchRulesTab.tsx';
export { ParseRulesTab } from './ParseRulesTab.tsx';
export { RawFilesCard } from './RawFilesCard.tsx';
export { SiteDataCard } from './SiteDataCard.tsx';
