/**
 * Export format codes of SPEC §9: 0 raw data, 1 time-series CSV, 2 Meteodyn .tim, 3 WindSim .tws,
 * 4 Windographer .txt, 5 WAsP .tab; 6 Parquet and 7 Arrow IPC stream (issue 32); 8 WAsP observed wind
 * climate .owc and 9 windIO energy resource .yaml (issue 46 §2).
 */
export const EXPORT_FORMATS = [
  { code: 0, key: 'raw', extension: '' },
  { code: 1, key: 'csv', extension: '.csv' },
  { code: 2, key: 'meteodyn-tim', extension: '.tim' },
  { code: 3, key: 'windsim-tws', extension: '.tws' },
  { code: 4, key: 'windographer-txt', extension: '.txt' },
  { code: 5, key: 'wasp-tab', extension: '.tab' },
  { code: 6, key: 'parquet', extension: '.parquet' },
  { code: 7, key: 'arrow', extension: '.arrows' },
  { code: 8, key: 'wasp-owc', extension: '.owc' },
  { code: 9, key: 'windio-resource', extension: '.yaml' },
] as const;
