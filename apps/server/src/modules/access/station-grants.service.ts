import {
  AppError,
  type TAuthorizeStationRequest,
  type TPage,
  type TStationAccessKind,
  type TStationAccessRecord,
  type TStationOption,
  type TStationUserPageRequest,
  type TTransferAuthorityQuery,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TTransactor } from '../../platform/db/transaction.ts';
import type { TUserLookup } from '../users/index.ts';
import type { ManagementGuard } from './management-guard.ts';
import type { StationAccess, TStationAccess } from './station-access.ts';
import type { StationGrantRepository } from './station-grants.repository.ts';

export interface TStationGrantRepositories {
  grants: StationGrantRepository;
  stationAccess: StationAccess;
  users: TUserLookup;
  guard: ManagementGuard;
}

/** The refusal for changing access of a kind that does not allow it (SPEC §4), naming the site. */
function refusal(access: TStationAccess, action: 'remove' | 'transfer'): AppError {
  const details = { stationCode: access.stationCode };
  const has = (kind: TStationAccessKind) => access.kinds.includes(kind);
  if (action === 'remove') {
    if (has('owner')) return new AppError('ACCESS_OWNER_NOT_REMOVABLE', details);
    if (has('role')) return new AppError('ACCESS_BY_ROLE_FIXED', details);
    return new AppError('STATION_NOT_ASSIGNED', details);
  }
  if (has('assigned')) return new AppError('ACCESS_ASSIGNED_NOT_TRANSFERABLE', details);
  if (has('role')) return new AppError('ACCESS_BY_ROLE_FIXED', details);
  return new AppError('STATION_NOT_OWNED', details);
}

/**
 * Changes to a user's station access: direct assignments (add / remove), ownership transfer, and the
 * lists the UserRight screen shows. Callers only touch sites they can see themselves.
 */
export class StationGrantService {
  constructor(
    private readonly grants: StationGrantRepository,
    private readonly access: StationAccess,
    private readonly tx: TTransactor<TStationGrantRepositories>,
  ) {}

  authorize(caller: TAuthUser, input: TAuthorizeStationRequest): Promise<{ changed: number }> {
    return this.tx.run(async ({ grants, stationAccess: access, users, guard }) => {
      // Share lock: the user cannot be deleted or given another role while their sites change.
      if (!(await users.findById(input.userId, 'share'))) throw new AppError('NOT_FOUND');
      const target = (await access.findSubject(input.userId))!;
      await access.assertCanView(caller, input.stationIds);
      // The user's reach now and after the change must be within the caller's (issue 26 §1).
      await guard.assertCanManageUser(caller, target.id, {
        addStations: input.type === 'add' ? input.stationIds : [],
      });
      if (input.type === 'add') {
        return { changed: await grants.addAssignments(target.id, input.stationIds) };
      }
      const current = await access.listAccess(target, input.stationIds);
      const refused = current.find((a) => !a.kinds.includes('assigned'));
      if (refused) throw refusal(refused, 'remove');
      return { changed: await grants.removeAssignments(target.id, input.stationIds) };
    });
  }

  /**
   * Moves ownership of chosen sites (or all of them) to another user. The previous owner keeps a site
   * only if their role or a direct assignment also reaches it.
   */
  transfer(
    caller: TAuthUser,
    query: TTransferAuthorityQuery,
  ): Promise<{ transferred: number; stationIds: number[] }> {
    return this.tx.run(async ({ grants, stationAccess: access, users, guard }) => {
      if (!(await users.findById(query.fromUserId, 'update'))) throw new AppError('NOT_FOUND');
      if (!(await users.findById(query.toUserId, 'share'))) throw new AppError('NOT_FOUND');
      const from = (await access.findSubject(query.fromUserId))!;

      let stationIds: number[];
      if (query.stationIds) {
        const current = await access.listAccess(from, query.stationIds);
        if (current.length !== query.stationIds.length) throw new AppError('NOT_FOUND');
        const refused = current.find((a) => !a.kinds.includes('owner'));
        if (refused) throw refusal(refused, 'transfer');
        stationIds = query.stationIds;
      } else {
        stationIds = await grants.listOwnedStationIdsForUpdate(from.id);
      }
      await access.assertCanEdit(caller, stationIds);
      // Taking sites away and giving them are both management of a user (issue 26 §1): the previous
      // owner's reach and the new owner's reach, before and after, must be within the caller's.
      await guard.assertCanManageUser(caller, from.id);
      await guard.assertCanManageUser(caller, query.toUserId, { addStations: stationIds });
      const moved = await grants.transferOwnership(from.id, query.toUserId, stationIds);
      return { transferred: moved.length, stationIds: moved };
    });
  }

  async pageForUser(
    caller: TAuthUser,
    filter: TStationUserPageRequest,
  ): Promise<TPage<TStationAccessRecord>> {
    const target = await this.access.findSubject(filter.userId);
    if (!target) throw new AppError('NOT_FOUND');
    const { records, total } = await this.grants.pageForUser(target, caller, filter);
    return presentPage(filter, { rows: records, total }, (row) => {
      const kinds: TStationAccessKind[] = [];
      if (row.is_role) kinds.push('role');
      if (row.is_assigned) kinds.push('assigned');
      if (row.is_owner) kinds.push('owner');
      return {
        stationId: row.id,
        stationCode: row.station_code,
        projectName: row.project_name,
        province: row.province,
        ownerName: row.owner_name,
        kinds,
        isRemovable: row.is_assigned,
        isTransferable: row.is_owner,
      };
    });
  }

  async listOptions(
    caller: TAuthUser,
    filter: { keywords?: string | undefined; limit: number },
  ): Promise<TStationOption[]> {
    const rows = await this.grants.searchAccessible(caller, filter.keywords, filter.limit);
    return rows.map((r) => ({ id: r.id, stationCode: r.station_code, projectName: r.project_name }));
  }
}
