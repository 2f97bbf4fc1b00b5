import { FEATURE_KEYS } from '@masthub/shared';

/**
 * A user's effective reach (issue 26 §1): the features they hold and the sites they reach, through their
 * role (function permissions, data scope 'all' or the role's site list), direct site assignments and
 * site ownership together. Every kind of site access grants every feature of the role on that site
 * (StationAccess), so a reach is the product features × sites, and one reach lies within another
 * exactly when its features and its sites each do.
 *
 * A call narrowed to some sites (a personal access token limited to a site subset, issue 32) holds the
 * narrowed reach (narrowReach): what it may grant or manage is limited exactly as what it may see.
 *
 * Pure: the look-ups are in reach.repository.ts, the rule that applies it in management-guard.ts.
 */
export interface TReach {
  /** The administrator role: every feature on every site, now and later. */
  isAdmin: boolean;
  features: ReadonlySet<string>;
  /** Data scope 'all': every site, including ones created later. */
  allStations: boolean;
  /** Live sites reached through the role's list, assignments and ownership; empty when allStations. */
  stationIds: ReadonlySet<number>;
}

/** The rights a role grants (its own part of a reach). */
export interface TRoleRights {
  isAdmin: boolean;
  features: readonly string[];
  dataScope: 'all' | 'list';
  /** The role's live site list; ignored for data scope 'all'. */
  stationIds: readonly number[];
}

/** A user without a role holds no features and reaches only their assigned and owned sites. */
export const NO_ROLE: TRoleRights = { isAdmin: false, features: [], dataScope: 'list', stationIds: [] };

/** The reach of a holder of `role` who is also assigned or owns `direct` sites. */
export function composeReach(role: TRoleRights, direct: Iterable<number>): TReach {
  if (role.isAdmin) return { isAdmin: true, features: new Set(), allStations: true, stationIds: new Set() };
  const allStations = role.dataScope === 'all';
  return {
    isAdmin: false,
    features: new Set(role.features),
    allStations,
    stationIds: allStations ? new Set() : new Set([...role.stationIds, ...direct]),
  };
}

/**
 * The reach of a call narrowed to `stationIds` (issue 39 §5): the same features (every feature for the
 * administrator) on those of its sites the call names — never every site, never the administrator role,
 * so such a call can grant neither data scope 'all' nor the administrator role, and manages only users
 * and roles whose sites all lie within its subset.
 */
export function narrowReach(reach: TReach, stationIds: Iterable<number>): TReach {
  const named = new Set(stationIds);
  return {
    isAdmin: false,
    features: reach.isAdmin ? new Set(FEATURE_KEYS) : reach.features,
    allStations: false,
    stationIds: reach.allStations ? named : new Set([...reach.stationIds].filter((id) => named.has(id))),
  };
}

/** What of `inner` lies outside `outer`: empty when inner is within outer. */
export interface TReachExcess {
  admin: boolean;
  features: string[];
  allStations: boolean;
  stationIds: number[];
}

export function reachExcess(inner: TReach, outer: TReach): TReachExcess {
  const none: TReachExcess = { admin: false, features: [], allStations: false, stationIds: [] };
  if (outer.isAdmin) return none;
  if (inner.isAdmin) return { ...none, admin: true };
  const features = [...inner.features].filter((f) => !outer.features.has(f)).sort();
  if (outer.allStations) return { ...none, features };
  if (inner.allStations) return { ...none, features, allStations: true };
  const stationIds = [...inner.stationIds].filter((id) => !outer.stationIds.has(id)).sort((a, b) => a - b);
  return { admin: false, features, allStations: false, stationIds };
}

export function isWithin(inner: TReach, outer: TReach): boolean {
  const excess = reachExcess(inner, outer);
  return (
    !excess.admin && !excess.allStations && excess.features.length === 0 && excess.stationIds.length === 0
  );
}
