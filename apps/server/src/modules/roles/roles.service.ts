import {
  AppError,
  builtinKeysMatching,
  displayName,
  displayRoleDescription,
  FEATURE_KEYS,
  type Language,
  nameToStore,
  roleDescriptionKey,
  type TAssignedUsersRequest,
  type TDropDownOption,
  type TPage,
  type TRoleDetail,
  type TRolePageRequest,
  type TRoleRecord,
  type TRoleRights,
  type TRoleRightsRequest,
  type TRoleSaveRequest,
  type TUserRecord,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { ManagementGuard, StationAccess } from '../access/index.ts';
import type { TDeleteBlocker } from '../organisations/index.ts';
import type { TUserLookup } from '../users/index.ts';
import { presentUserRecord } from '../users/index.ts';
import type { RoleRepository } from './roles.repository.ts';

type TRoleRow = NonNullable<Awaited<ReturnType<RoleRepository['findWithCounts']>>>;

export interface TRoleRepositories {
  roles: RoleRepository;
  stationAccess: StationAccess;
  guard: ManagementGuard;
}

function presentRole(row: TRoleRow, language: Language): TRoleRecord {
  return {
    id: row.id,
    name: displayName(row.name, row.builtin_key, language),
    description: displayRoleDescription(row.description, row.builtin_key, language),
    isAdmin: row.is_admin,
    dataScope: row.data_scope,
    userCount: Number(row.user_count ?? 0),
    // The administrator role holds every feature without listing them (see IdentityService).
    featureCount: row.is_admin ? FEATURE_KEYS.length : Number(row.feature_count ?? 0),
    createTime: row.created_at.toISOString(),
    requiresSecondFactor: row.requires_second_factor,
  };
}

/**
 * Roles with function permissions and data permissions (SPEC §6). The administrator role always holds
 * everything; a caller can grant only features and sites they hold themselves.
 */
export class RoleService {
  constructor(
    private readonly roles: RoleRepository,
    private readonly users: TUserLookup,
    private readonly tx: TTransactor<TRoleRepositories>,
  ) {}

  async page(filter: TRolePageRequest, language: Language): Promise<TPage<TRoleRecord>> {
    const { records, total } = await this.roles.page({
      ...filter,
      builtinKeys: filter.keywords ? builtinKeysMatching(filter.keywords, 'role.') : [],
    });
    return presentPage(filter, { rows: records, total }, (r) => presentRole(r, language));
  }

  async detail(id: number, language: Language): Promise<TRoleDetail> {
    const row = await this.roles.findWithCounts(id);
    if (!row) throw new AppError('NOT_FOUND');
    const rights = await this.rights(id, language);
    return {
      ...presentRole(row, language),
      features: rights.features,
      stationIds: rights.stations.map((s) => s.id),
    };
  }

  /** Creates a role without rights, or renames / describes one the caller could change (issue 26 §1). */
  save(caller: TAuthUser, input: TRoleSaveRequest): Promise<{ id: number }> {
    return this.tx.run(async ({ roles, guard }) => {
      const before = input.id === undefined ? undefined : await roles.findById(input.id, 'update');
      if (input.id !== undefined) {
        if (!before) throw new AppError('NOT_FOUND');
        await guard.assertCanManageRole(caller, input.id);
      }
      // A built-in role saved under its name (either language) stays built-in with its stored name and, the
      // description shown in either language left alone, its stored description; renamed, it is the user's.
      const stored = nameToStore(before && { name: before.name, builtinKey: before.builtin_key }, input.name);
      const descriptionKey = roleDescriptionKey(stored.builtinKey);
      const description =
        before && descriptionKey
          ? nameToStore({ name: before.description, builtinKey: descriptionKey }, input.description).name
          : input.description;
      const holder = await roles.findByName(stored.name);
      if (holder && holder.id !== input.id) {
        throw new AppError('ROLE_NAME_TAKEN', { name: input.name }, [
          { field: 'name', message: 'v.nameTaken' },
        ]);
      }
      const values = {
        name: stored.name,
        description,
        builtin_key: stored.builtinKey,
        // Left as it is when the request does not say (an older client).
        ...(input.requiresSecondFactor === undefined
          ? {}
          : { requires_second_factor: input.requiresSecondFactor }),
      };
      if (input.id !== undefined) {
        await roles.update(input.id, values);
        return { id: input.id };
      }
      return { id: await roles.insert(values) };
    });
  }

  async checkDelete(id: number): Promise<TDeleteBlocker[]> {
    const role = await this.roles.findById(id);
    if (!role) throw new AppError('NOT_FOUND');
    if (role.is_admin) return [{ errorCode: 'ADMIN_ROLE_PROTECTED', count: 0 }];
    const users = await this.roles.countUsers(id);
    return users > 0 ? [{ errorCode: 'ROLE_HAS_USERS', count: users }] : [];
  }

  delete(caller: TAuthUser, id: number): Promise<void> {
    return this.tx.run(async ({ roles, guard }) => {
      const role = await roles.findById(id, 'update');
      if (!role) throw new AppError('NOT_FOUND');
      if (role.is_admin) throw new AppError('ADMIN_ROLE_PROTECTED');
      await guard.assertCanManageRole(caller, id);
      const users = await roles.countUsers(id);
      if (users > 0) throw new AppError('ROLE_HAS_USERS', { count: users });
      await roles.delete(id);
    });
  }

  async rights(id: number, language: Language): Promise<TRoleRights> {
    const role = await this.roles.findById(id);
    if (!role) throw new AppError('NOT_FOUND');
    const [features, stations] = await Promise.all([
      this.roles.listFeatures(id),
      role.data_scope === 'list' ? this.roles.listStations(id) : Promise.resolve([]),
    ]);
    return {
      roleId: role.id,
      roleName: displayName(role.name, role.builtin_key, language),
      isAdmin: role.is_admin,
      features: role.is_admin ? [...FEATURE_KEYS] : features,
      dataScope: role.is_admin ? 'all' : role.data_scope,
      stations: stations.map((s) => ({ id: s.id, stationCode: s.station_code, projectName: s.project_name })),
    };
  }

  /**
   * Replaces a role's rights. The role as it is and as it will be, with every holder's own sites, must be
   * within the caller's reach (issue 26 §1): removing rights from a stronger role is refused as well.
   */
  saveRights(caller: TAuthUser, input: TRoleRightsRequest): Promise<void> {
    return this.tx.run(async ({ roles, stationAccess, guard }) => {
      const role = await roles.findById(input.roleId, 'update');
      if (!role) throw new AppError('NOT_FOUND');
      if (role.is_admin) throw new AppError('ADMIN_ROLE_PROTECTED');
      const features = [...new Set(input.features)];
      const stationIds = input.dataScope === 'all' ? [] : [...new Set(input.stationIds)];
      const currentStations = new Set((await roles.listStations(role.id)).map((s) => s.id));
      // Unknown sites answer 404 and sites the caller cannot see 403, as on every station-scoped call.
      await stationAccess.assertCanView(
        caller,
        stationIds.filter((id) => !currentStations.has(id)),
      );
      await guard.assertCanManageRole(caller, role.id, {
        isAdmin: false,
        features,
        dataScope: input.dataScope,
        stationIds,
      });
      await roles.replaceRights(role.id, { features, dataScope: input.dataScope, stationIds });
    });
  }

  async assignedUsers(filter: TAssignedUsersRequest, language: Language): Promise<TPage<TUserRecord>> {
    if (!(await this.roles.findById(filter.roleId))) throw new AppError('NOT_FOUND');
    const { records, total } = await this.users.page(filter);
    return presentPage(filter, { rows: records, total }, (r) => presentUserRecord(r, language));
  }

  async search(keywords: string | undefined, language: Language): Promise<TDropDownOption[]> {
    const builtinKeys = keywords ? builtinKeysMatching(keywords, 'role.') : [];
    return (await this.roles.search(keywords, 50, builtinKeys)).map((r) => ({
      id: r.id,
      name: displayName(r.name, r.builtin_key, language),
    }));
  }
}
