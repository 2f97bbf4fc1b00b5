import { AppError, type ErrorCode } from '@masthub/shared';
import { hasAllStations, type StationAccess } from '../access/station-access.ts';
import type { TAuthUser } from '../identity/identity.types.ts';
import type { RoleRepository } from './roles.repository.ts';

/** A set of rights: function permissions and data permissions (SPEC §6). */
export interface TGrant {
  isAdmin: boolean;
  features: readonly string[];
  dataScope: 'all' | 'list';
  /** The role's site list; ignored for data scope 'all'. */
  stationIds: readonly number[];
}

/**
 * The one rule against privilege escalation between administrators: a caller may hand out, or act on
 * the holder of, only rights within their own — every feature held, data scope 'all' only when the
 * caller reaches all sites, and only sites the caller can see. Throws `code` otherwise.
 */
export async function assertGrantWithinOwn(
  caller: TAuthUser,
  grant: TGrant,
  access: StationAccess,
  code: ErrorCode = 'GRANT_EXCEEDS_OWN',
): Promise<void> {
  if (caller.isAdmin) return;
  if (grant.isAdmin) throw new AppError(code);
  if (grant.features.some((f) => !caller.features.has(f as never))) throw new AppError(code);
  if (hasAllStations(caller)) return;
  if (grant.dataScope === 'all') throw new AppError(code);
  if (grant.stationIds.length === 0) return;
  // Deleted sites drop out of listAccess; every live one must be reachable by the caller.
  const reachable = await access.listAccess(caller, grant.stationIds);
  if (reachable.some((a) => a.kinds.length === 0)) throw new AppError(code);
}

/** The rights a role grants, read for `assertGrantWithinOwn`. A user without a role holds nothing. */
export async function roleGrant(roles: RoleRepository, roleId: number | null): Promise<TGrant> {
  if (roleId === null) return { isAdmin: false, features: [], dataScope: 'list', stationIds: [] };
  const role = await roles.findById(roleId, 'share');
  if (!role) throw new AppError('NOT_FOUND');
  if (role.is_admin) return { isAdmin: true, features: [], dataScope: 'all', stationIds: [] };
  const [features, stations] = await Promise.all([
    roles.listFeatures(roleId),
    role.data_scope === 'list' ? roles.listStations(roleId) : Promise.resolve([]),
  ]);
  return { isAdmin: false, features, dataScope: role.data_scope, stationIds: stations.map((s) => s.id) };
}
