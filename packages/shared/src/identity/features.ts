/**
 * The catalogue of function permissions (SPEC §6). Roles grant a subset; the login reply carries the
 * user's subset as `selectedFeatures`; every server route declares the one it needs.
 */
export const FEATURE_GROUPS = {
  stationList: [
    'station.add',
    'station.edit',
    'station.saveAs',
    'station.downloadRaw',
    'station.batchImport',
    'station.coordinateExport',
  ],
  stationDetail: [
    'attachment.upload',
    'attachment.download',
    'attachment.delete',
    'alarm.view',
    'alarm.handle',
    'repair.view',
    'repair.edit',
    'data.process',
    'data.import',
  ],
  reports: [
    'reportGroup.add',
    'reportGroup.edit',
    'reportGroup.delete',
    'report.add',
    'report.upload',
    'report.send',
    'report.preview',
    'report.download',
    'report.delete',
  ],
  system: [
    'system.user',
    'system.role',
    'system.owner',
    'system.rule',
    'system.dataFetch',
    'system.timedTask',
    'system.tags',
    'system.manufacturer',
    'system.turbine',
    'system.apply',
    'system.stationLog',
    'system.repairList',
    'system.loginLog',
    'system.webhook',
  ],
} as const;

export type FeatureGroup = keyof typeof FEATURE_GROUPS;
export type FeatureKey = (typeof FEATURE_GROUPS)[FeatureGroup][number];

/** Every feature key, in catalogue order. */
export const FEATURE_KEYS: readonly FeatureKey[] = Object.values(FEATURE_GROUPS).flat();

export function isFeatureKey(value: string): value is FeatureKey {
  return (FEATURE_KEYS as readonly string[]).includes(value);
}
