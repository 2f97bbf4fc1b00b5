import { FEATURE_KEYS, type FeatureKey, isFeatureKey } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { UserRepository } from './users.repository.ts';

/** A user as `UserRepository` reads them: with their role, company and department names. */
type TUserWithNames = NonNullable<Awaited<ReturnType<UserRepository['findById']>>>;

/** The features a role gives now: all of them to an administrator, none without a role. */
export async function featuresOf(
  users: Pick<UserRepository, 'listFeatures'>,
  roleId: number | null,
  isAdmin: boolean,
): Promise<ReadonlySet<FeatureKey>> {
  if (isAdmin) return new Set(FEATURE_KEYS);
  if (roleId === null) return new Set();
  return new Set((await users.listFeatures(roleId)).filter(isFeatureKey));
}

/**
 * A live, enabled user as the caller of a request, with the rights their role gives them now; undefined
 * for a missing (or deleted) or disabled one. `tokenId` is the session's login token (0: none).
 */
export async function callerFrom(
  users: Pick<UserRepository, 'listFeatures'>,
  user: TUserWithNames | undefined,
  tokenId: number,
): Promise<TAuthUser | undefined> {
  if (!user?.is_enabled) return undefined;
  const isAdmin = user.is_admin === true;
  return {
    id: user.id,
    account: user.account,
    userName: user.user_name,
    roleId: user.role_id,
    roleName: user.role_name,
    companyId: user.company_id,
    companyName: user.company_name,
    deptId: user.dept_id,
    deptName: user.dept_name,
    isAdmin,
    dataScope: isAdmin ? 'all' : (user.data_scope ?? 'list'),
    features: await featuresOf(users, user.role_id, isAdmin),
    tokenId,
  };
}

/** The caller a login with this account would be, without a session (the demo seed acts as its users). */
export async function callerByAccount(db: Database, account: string): Promise<TAuthUser | undefined> {
  const users = new UserRepository(db);
  return callerFrom(users, await users.findByAccount(account), 0);
}
