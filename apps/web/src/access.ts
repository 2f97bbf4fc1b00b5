import type { FeatureKey } from '@masthub/shared';

/** Route metadata that react-router hands back through `useMatches()`. */
export interface RouteHandle {
  name?: string;
  access?: FeatureKey;
  /** A shell page's children that are tabs (path, name, feature), so shells need not import the route table. */
  tabs?: readonly { path: string; name?: string | undefined; access?: FeatureKey | undefined }[];
}

/** A route or menu item without a feature is open to every logged-in user (SPEC §6: selectedFeatures gates). */
export function canAccess(feature: FeatureKey | undefined, selectedFeatures: readonly string[]): boolean {
  return feature === undefined || selectedFeatures.includes(feature);
}

/** The first feature along the matched routes (outermost first) that the user lacks, if any. */
export function findMissingFeature(
  handles: readonly (RouteHandle | undefined)[],
  selectedFeatures: readonly string[],
): FeatureKey | undefined {
  for (const handle of handles) {
    if (handle?.access && !canAccess(handle.access, selectedFeatures)) return handle.access;
  }
  return undefined;
}
