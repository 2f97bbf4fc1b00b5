import {
  AppError,
  FEATURE_KEYS,
  isFeatureKey,
  isValidAccount,
  type TPage,
  type TProfile,
  type TProfileUpdateRequest,
  type TRightConfig,
  type TUserListItem,
  type TUserListRequest,
  type TUserPageRequest,
  type TUserRecord,
  type TUserSaveReply,
  type TUserSaveRequest,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { generatePassword, hashPassword } from '../../platform/auth/passwords.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { ManagementGuard, StationAccess } from '../access/index.ts';
import type { TAccountUpkeep } from '../identity/index.ts';
import type { TOrganisationLookup } from '../organisations/index.ts';
import type { TRoleLookup } from '../roles/index.ts';
import type { TUserAdminRow, TUserFilter, UserAdminRepository } from './user-admin.repository.ts';

/** What user administration writes through in other modules, bound to its transaction. */
export interface TUserAdminParts extends TAccountUpkeep {
  roles: TRoleLookup;
  organisations: TOrganisationLookup;
  guard: ManagementGuard;
}

export interface TUserAdminRepositories extends TUserAdminParts {
  users: UserAdminRepository;
}

const USER_LIST_LIMIT = 500;

/** A row of the user list as it leaves the server. */
export function presentUserRecord(row: TUserAdminRow): TUserRecord {
  return {
    id: row.id,
    account: row.account,
    userName: row.user_name,
    roleId: row.role_id,
    roleName: row.role_name,
    isAdmin: row.is_admin === true,
    companyId: row.company_id,
    companyName: row.company_name,
    groupId: row.dept_id,
    groupName: row.dept_name,
    phone: row.phone,
    email: row.email,
    createDate: row.created_at.toISOString(),
    lastLoginTime: row.last_login_at?.toISOString() ?? null,
    isBuiltin: row.is_builtin,
    ownedStationCount: Number(row.owned_station_count ?? 0),
  };
}

/**
 * User administration (SPEC §3, §5, §6): list, create and edit under the account, phone and e-mail
 * rules, delete only users without sites, reset passwords. Every write runs in one transaction.
 */
export class UserAdminService {
  constructor(
    private readonly users: UserAdminRepository,
    private readonly accounts: TAccountUpkeep['accounts'],
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TUserAdminRepositories>,
  ) {}

  async page(filter: TUserPageRequest): Promise<TPage<TUserRecord>> {
    const { records, total } = await this.users.page(filter);
    return {
      records: records.map(presentUserRecord),
      total,
      pageNo: filter.pageNo,
      pageSize: filter.pageSize,
    };
  }

  /**
   * Users for pickers. Only user administrators see every account; anyone else sees the users of
   * their own company (no company: themselves only), so the list does not hand out the directory.
   */
  async list(caller: TAuthUser, filter: TUserListRequest): Promise<TUserListItem[]> {
    const scoped: TUserFilter = caller.features.has('system.user')
      ? filter
      : caller.companyId === null
        ? { ...filter, onlyUserId: caller.id }
        : { ...filter, companyId: caller.companyId };
    const rows = await this.users.list(scoped, USER_LIST_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      account: r.account,
      userName: r.user_name,
      roleName: r.role_name,
      companyName: r.company_name,
      groupName: r.dept_name,
    }));
  }

  save(caller: TAuthUser, input: TUserSaveRequest): Promise<TUserSaveReply> {
    return this.tx.run(async ({ users, roles, organisations, guard }) => {
      const existing = input.id === undefined ? null : await users.findById(input.id, 'update');
      if (input.id !== undefined && !existing) throw new AppError('NOT_FOUND');
      const role = await roles.findById(input.roleId, 'share');
      if (!role) throw new AppError('NOT_FOUND');
      if (existing?.is_builtin && !role.is_admin) throw new AppError('BUILTIN_ADMIN_PROTECTED');
      // Nobody changes their own role; anyone else's reach now and with the chosen role must both be
      // within the caller's (issue 26 §1).
      if (existing?.id === caller.id && existing.role_id !== input.roleId) {
        throw new AppError('CANNOT_CHANGE_OWN_ROLE');
      }
      await guard.assertCanManageUser(caller, existing?.id ?? null, { roleId: input.roleId });

      if (existing && existing.account !== input.account && !isValidAccount(input.account)) {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'account', message: 'v.account' }]);
      }
      const holder = await users.findByAccount(input.account);
      if (holder && holder.id !== existing?.id) {
        throw new AppError('ACCOUNT_TAKEN', { account: input.account }, [
          { field: 'account', message: 'v.accountTaken' },
        ]);
      }

      if (!(await organisations.findCompany(input.companyId, 'share'))) throw new AppError('NOT_FOUND');
      if (input.groupId !== null) {
        const group = await organisations.findGroup(input.groupId, 'share');
        if (!group) throw new AppError('NOT_FOUND');
        if (group.company_id !== input.companyId) throw new AppError('GROUP_NOT_IN_COMPANY');
      }

      const values = {
        account: input.account,
        userName: input.userName,
        roleId: input.roleId,
        companyId: input.companyId,
        deptId: input.groupId,
        phone: input.phone,
        email: input.email,
      };
      if (existing) {
        await users.update(existing.id, values);
        return { id: existing.id, initialPassword: null };
      }
      const initialPassword = input.password === undefined ? generatePassword() : null;
      const passwordHash = await hashPassword(input.password ?? initialPassword!);
      const id = await users.insert({ ...values, passwordHash });
      return { id, initialPassword };
    });
  }

  /** Soft-deletes a user and revokes their tokens; their sites must have been transferred first. */
  delete(caller: TAuthUser, userId: number): Promise<void> {
    return this.tx.run(async ({ users, tokens, guard }) => {
      const user = await users.findById(userId, 'update');
      if (!user) throw new AppError('NOT_FOUND');
      if (user.id === caller.id) throw new AppError('CANNOT_DELETE_SELF');
      if (user.is_builtin) throw new AppError('BUILTIN_ADMIN_PROTECTED');
      await guard.assertCanManageUser(caller, user.id);
      const owned = await users.countOwnedStations(user.id);
      if (owned > 0) throw new AppError('USER_OWNS_STATIONS', { count: owned });
      await users.softDelete(user.id);
      await tokens.revokeAllForUser(user.id);
    });
  }

  /** Sets a random password (shown once) and revokes the user's tokens, so they log in again. */
  resetPassword(caller: TAuthUser, userId: number): Promise<{ password: string }> {
    return this.tx.run(async ({ users, accounts, tokens, guard }) => {
      const user = await users.findById(userId, 'update');
      if (!user) throw new AppError('NOT_FOUND');
      // A new password of a user reaching more than the caller would hand the caller that reach.
      await guard.assertCanManageUser(caller, user.id);
      const password = generatePassword();
      await accounts.updatePassword(user.id, await hashPassword(password));
      await tokens.revokeAllForUser(user.id);
      return { password };
    });
  }

  /**
   * Removes a user's second factor (a lost phone): key, recovery codes and remembered browsers. Their next
   * login asks for none, or — when their role requires one — leads them to set up a new key first.
   * Written to the login log with the administrator's account.
   */
  resetSecondFactor(caller: TAuthUser, userId: number, ip = ''): Promise<{ wasEnabled: boolean }> {
    return this.tx.run(async ({ users, accounts, secondFactors, attempts, guard }) => {
      const user = await users.findById(userId, 'update');
      if (!user) throw new AppError('NOT_FOUND');
      // Removing the second factor of a user reaching more than the caller would weaken that reach's login.
      await guard.assertCanManageUser(caller, user.id);
      const wasEnabled = await secondFactors.remove(user.id);
      const row = await accounts.findById(user.id);
      await attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent: null,
        outcome: 'second_factor_reset',
        actorAccount: caller.account,
        snapshot: row && {
          userName: row.user_name,
          roleName: row.role_name,
          userType: row.is_admin === true ? 'admin' : 'normal',
        },
      });
      return { wasEnabled };
    });
  }

  async profile(caller: TAuthUser): Promise<TProfile> {
    const user = await this.accounts.findById(caller.id);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return {
      userId: user.id,
      account: user.account,
      userName: user.user_name,
      roleName: user.role_name,
      companyName: user.company_name,
      groupName: user.dept_name,
      phone: user.phone,
      email: user.email,
      createDate: user.created_at.toISOString(),
      lastLoginTime: user.last_login_at?.toISOString() ?? null,
    };
  }

  /** The personal centre edits name, phone and e-mail only; account, role and organisation are the admin's. */
  async updateProfile(caller: TAuthUser, input: TProfileUpdateRequest): Promise<void> {
    await this.users.updateProfile(caller.id, input);
  }

  /** A user's rightConfig: the caller's own, or another user's when the caller manages users. */
  async rightConfig(caller: TAuthUser, userId: number | undefined): Promise<TRightConfig> {
    const targetId = userId ?? caller.id;
    if (targetId !== caller.id && !caller.features.has('system.user')) throw new AppError('FORBIDDEN');
    const user = await this.accounts.findById(targetId);
    if (!user) throw new AppError('NOT_FOUND');
    const isAdmin = user.is_admin === true;
    const features = isAdmin
      ? [...FEATURE_KEYS]
      : user.role_id === null
        ? []
        : (await this.accounts.listFeatures(user.role_id)).filter(isFeatureKey);
    const dataScope = isAdmin ? 'all' : (user.data_scope ?? 'list');
    const stationCount = await this.access.countAccessible({
      id: user.id,
      roleId: user.role_id,
      isAdmin,
      dataScope,
    });
    return {
      userId: user.id,
      account: user.account,
      userName: user.user_name,
      roleId: user.role_id,
      roleName: user.role_name,
      companyName: user.company_name,
      groupName: user.dept_name,
      isAdmin,
      dataScope,
      features,
      stationCount,
    };
  }
}
