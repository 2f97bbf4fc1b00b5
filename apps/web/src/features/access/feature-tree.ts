import { FEATURE_GROUPS, type FeatureGroup, type FeatureKey } from '@masthub/shared/identity/features.ts';

/** Tree keys of the group nodes; feature nodes use the feature key itself. */
export const GROUP_KEY_PREFIX = 'group:';

export interface FeatureTreeNode {
  key: string;
  /** i18n key of the label. */
  labelKey: string;
  children?: FeatureTreeNode[];
}

/** Feature keys contain dots, so their labels nest: `station.add` → `system.features.station.add`. */
export function featureLabelKey(feature: string): string {
  return `system.features.${feature}`;
}

export function featureGroupLabelKey(group: FeatureGroup): string {
  return `system.featureGroups.${group}`;
}

/** The function-permission tree of the role and user screens: one node per FEATURE_GROUPS group. */
export function buildFeatureTree(
  groups: Readonly<Record<string, readonly string[]>> = FEATURE_GROUPS,
): FeatureTreeNode[] {
  return Object.entries(groups).map(([group, features]) => ({
    key: `${GROUP_KEY_PREFIX}${group}`,
    labelKey: featureGroupLabelKey(group as FeatureGroup),
    children: features.map((feature) => ({ key: feature, labelKey: featureLabelKey(feature) })),
  }));
}

const CATALOGUE_ORDER: readonly string[] = Object.values(FEATURE_GROUPS).flat();

/**
 * The features among checked tree keys, in catalogue order and without duplicates: group nodes and
 * unknown keys (a feature removed from the catalogue) are dropped, so only valid keys reach the server.
 */
export function toFeatureKeys(checked: readonly (string | number | bigint)[]): FeatureKey[] {
  const chosen = new Set(checked.map(String));
  return CATALOGUE_ORDER.filter((feature) => chosen.has(feature)) as FeatureKey[];
}

export interface FeatureGroupSummary {
  group: FeatureGroup;
  granted: FeatureKey[];
  total: number;
}

/** Per group, which of its features a set grants (read-only view of a user's rights). */
export function summarizeFeatures(features: readonly string[]): FeatureGroupSummary[] {
  const held = new Set(features);
  return (Object.entries(FEATURE_GROUPS) as [FeatureGroup, readonly FeatureKey[]][]).map(([group, keys]) => ({
    group,
    granted: keys.filter((key) => held.has(key)),
    total: keys.length,
  }));
}
