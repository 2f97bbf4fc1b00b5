import {
  AppError,
  displayPersonName,
  displayRoleName,
  FEATURE_KEYS,
  isFeatureKey,
  isValidAccount,
  type Language,
  personNameToStore,
  type TPage,
  type TProfile,
  type TProfileUpdateRequest,
  type TResetSecondFactorReply,
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
import { presentPage } from '../../platform/db/paging.ts';
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
export function presentUserRecord(row: TUserAdminRow, language: Language): TUserRecord {
  return {
    id: row.id,
    account: row.account,
    userName: displayPersonName(row.user_name, language),
    roleId: row.role_id,
    roleName: displayRoleName(row.role_name, row.role_builtin_key, language),
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
    secondFactorLockedUntil: row.second_factor_locked_until?.toISOString() ?? null,
  };
}

/** Who the user was at this moment, for the login log. */
function snapshotOf(row: Awaited<ReturnType<TAccountUpkeep['accounts']['findById']>>) {
  return (
    row && {
      userName: row.user_name,
      roleName: row.role_name,
      userType: row.is_admin === true ? ('admin' as const) : ('normal' as const),
    }
  );
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

  async page(filter: TUserPageRequest, language: Language): Promise<TPage<TUserRecord>> {
    const { records, total } = await this.users.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => presentUserRecord(r, language));
  }

  /**
   * Users for pickers. Only user administrators see every account; anyone else sees the users of
   * their own company (no company: themselves only), so the list does not hand out the directory.
   */
  async list(caller: TAuthUser, filter: TUserListRequest, language: Language): Promise<TUserListItem[]> {
    const scoped: TUserFilter = caller.features.has('system.user')
      ? filter
      : caller.companyId === null
        ? { ...filter, onlyUserId: caller.id }
        : { ...filter, companyId: caller.companyId };
    const rows = await this.users.list(scoped, USER_LIST_LIMIT);
    return rows.map((r) => ({
      id: r.id,
      account: r.account,
      userName: displayPersonName(r.user_name, language),
      roleName: displayRoleName(r.role_name, r.role_builtin_key, language),
      companyName: r.company_name,
      groupName: r.dept_name,
    }));
  }

  /**
   * Creates or updates a user. A user who must now set up a second factor — new in a role requiring one,
   * or moved to such a role without one — gets a one-time enrolment code, shown once like the password:
   * their first login asks for it before a key can be set up.
   */
  save(caller: TAuthUser, input: TUserSaveRequest): Promise<TUserSaveReply> {
    return this.tx.run(async ({ users, roles, organisations, guard, secondFactors, enrolments }) => {
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
        // The built-in administrator's name, shown in the reader's language, is saved back as its key.
        userName: personNameToStore(existing?.user_name, input.userName),
        roleId: input.roleId,
        companyId: input.companyId,
        deptId: input.groupId,
        phone: input.phone,
        email: input.email,
      };
      const mustEnrol = async (userId: number) =>
        role.requires_second_factor && (await secondFactors.find(userId))?.enabled_at == null
          ? enrolments.issue(userId, caller.id)
          : null;
      if (existing) {
        await users.update(existing.id, values);
        const isRoleChanged = existing.role_id !== input.roleId;
        return {
          id: existing.id,
          initialPassword: null,
          enrolmentCode: isRoleChanged ? await mustEnrol(existing.id) : null,
        };
      }
      const initialPassword = input.password === undefined ? generatePassword() : null;
      const passwordHash = await hashPassword(input.password ?? initialPassword!);
      const id = await users.insert({ ...values, passwordHash });
      return { id, initialPassword, enrolmentCode: await mustEnrol(id) };
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
      await tokens.revokeAllForUser(user.id, caller.id);
    });
  }

  /**
   * The user an administrator acts on for account security (a password or second-factor reset, an
   * unlock), locked for the transaction: never the caller themselves — their own password and second
   * factor change only in the personal centre, with the old password or a code, so a stolen token of a
   * user administrator cannot take over its own account (issue 39) — and only one the caller may manage.
   */
  private async accountTarget(
    parts: Pick<TUserAdminRepositories, 'users' | 'guard'>,
    caller: TAuthUser,
    userId: number,
  ) {
    const user = await parts.users.findById(userId, 'update');
    if (!user) throw new AppError('NOT_FOUND');
    if (user.id === caller.id) throw new AppError('CANNOT_RESET_SELF');
    // Acting on a user reaching more than the caller would hand the caller that reach, or weaken its login.
    await parts.guard.assertCanManageUser(caller, user.id);
    return user;
  }

  /**
   * Sets a random password (shown once) and revokes the user's login sessions and personal access tokens,
   * so they log in again and make new tokens.
   */
  resetPassword(caller: TAuthUser, userId: number): Promise<{ password: string }> {
    return this.tx.run(async (parts) => {
      const user = await this.accountTarget(parts, caller, userId);
      const password = generatePassword();
      await parts.accounts.updatePassword(user.id, await hashPassword(password));
      await parts.tokens.revokeAllForUser(user.id, caller.id);
      return { password };
    });
  }

  /**
   * Removes a user's second factor (a lost phone): key, recovery codes, lock and remembered browsers, and
   * ends their login sessions. Their next login asks for none — or, when their role requires one, for the
   * one-time enrolment code returned here (shown once) before a new key can be set up. Written to the
   * login log with the administrator's account.
   */
  resetSecondFactor(caller: TAuthUser, userId: number, ip = ''): Promise<TResetSecondFactorReply> {
    return this.tx.run(async (parts) => {
      const user = await this.accountTarget(parts, caller, userId);
      const wasEnabled = await parts.secondFactors.remove(user.id);
      // A live session could otherwise set up a new key in the personal centre without the code.
      await parts.tokens.revokeSessionsOf(user.id);
      const row = await parts.accounts.findById(user.id);
      const enrolmentCode = row?.requires_second_factor
        ? await parts.enrolments.issue(user.id, caller.id)
        : null;
      await parts.attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent: null,
        outcome: 'second_factor_reset',
        actorAccount: caller.account,
        snapshot: snapshotOf(row),
      });
      return { wasEnabled, enrolmentCode };
    });
  }

  /**
   * Lifts the lock wrong codes put on a user's second factor (the user asked, sure nobody else has their
   * password); their key and recovery codes stay. Written to the login log with the administrator's account.
   */
  unlockSecondFactor(caller: TAuthUser, userId: number, ip = ''): Promise<void> {
    return this.tx.run(async (parts) => {
      const user = await this.accountTarget(parts, caller, userId);
      if (!(await parts.secondFactors.unlock(user.id))) throw new AppError('SECOND_FACTOR_NOT_LOCKED');
      await parts.attempts.record({
        account: user.account,
        userId: user.id,
        ip,
        userAgent: null,
        outcome: 'second_factor_unlocked',
        actorAccount: caller.account,
        snapshot: snapshotOf(await parts.accounts.findById(user.id)),
      });
    });
  }

  async profile(caller: TAuthUser, language: Language): Promise<TProfile> {
    const user = await this.accounts.findById(caller.id);
    if (!user) throw new AppError('NOT_LOGGED_IN');
    return {
      userId: user.id,
      account: user.account,
      userName: displayPersonName(user.user_name, language),
      roleName: displayRoleName(user.role_name, user.role_builtin_key, language),
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
    const stored = (await this.accounts.findById(caller.id))?.user_name;
    await this.users.updateProfile(caller.id, {
      ...input,
      userName: personNameToStore(stored, input.userName),
    });
  }

  /** A user's rightConfig: the caller's own, or another user's when the caller manages users. */
  async rightConfig(
    caller: TAuthUser,
    userId: number | undefined,
    language: Language,
  ): Promise<TRightConfig> {
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
      userName: displayPersonName(user.user_name, language),
      roleId: user.role_id,
      roleName: displayRoleName(user.role_name, user.role_builtin_key, language),
      companyName: user.company_name,
      groupName: user.dept_name,
      isAdmin,
      dataScope,
      features,
      stationCount,
    };
  }
}
