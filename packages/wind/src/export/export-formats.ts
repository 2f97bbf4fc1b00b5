/**
 * Export format codes of SPEC §9: 0 raw data, 1 time-series CSV, 2 Meteodyn .tim, 3 WindSim .tws,
 * 4 Windographer .txt, 5 WAsP .tab.
 */
export const EXPORT_FORMATS = [
  { code: 0, key: 'raw', extension: '' },
  { code: 1, key: 'csv', extension: '.csv' },
  { code: 2, key: 'meteodyn-tim', extension: '.tim' },
  { code: 3, key: 'windsim-tws', extension: '.tws' },
  { code: 4, key: 'windographer-txt', extension: '.txt' },
  { code: 5, key: 'wasp-tab', extension: '.tab' },
] as const;
