import { AppError, type ErrorCode } from '@masthub/shared';
import type { ReachRepository } from './reach.repository.ts';
import { composeReach, isWithin, narrowReach, type TReach, type TRoleRights } from './reach.ts';
import type { TAccessSubject } from './station-access.repository.ts';

/** Who manages: the caller of the request (TAuthUser fits), with its narrowing to a token's sites if any. */
export type TManagingCaller = Pick<TAccessSubject, 'id' | 'stationIds'>;

/** A change to one user's reach: a new role, sites assigned or owned in addition, sites taken away. */
export interface TUserChange {
  /** The role after the change; undefined keeps the current one, null leaves the user without a role. */
  roleId?: number | null;
  /** Sites the change gives the user (assignment, ownership transferred to them). */
  addStations?: readonly number[];
}

/** The caller's reach for this call, and the user's own when the call is narrowed (to word a refusal). */
interface TCallerReach {
  reach: TReach;
  unnarrowed?: TReach;
}

/**
 * The one rule for managing users and roles (issue 26 §1). An administrator may create, edit, reset,
 * delete, assign sites to or take sites from, or transfer ownership away from a user only if that
 * user's current and resulting reach lie within the caller's own; may change a role only if the role's
 * current and new rights, and every holder's reach before and after, lie within the caller's. Renaming
 * or describing a role counts as changing it. Every user / role / assignment / ownership write goes
 * through here; the caller's reach is read from the database, not from the request's token, then
 * narrowed to the call's sites when it has some (a personal access token's site subset, issue 39 §5):
 * the one narrowing that limits what the call sees limits what it may grant and whom it may manage.
 *
 * Refusals: TARGET_EXCEEDS_OWN when what exists now lies beyond the caller, GRANT_EXCEEDS_OWN when the
 * change would hand out more than the caller holds, ROLE_EXCEEDS_OWN for a role (or a holder) beyond
 * the caller; ACCESS_TOKEN_SITES instead when only the token's narrowing stands in the way.
 */
export class ManagementGuard {
  constructor(private readonly reach: ReachRepository) {}

  /**
   * The caller's own reach, read now (a role changed since the token was issued counts), narrowed to the
   * call's sites when the call is limited to some.
   */
  private async reachesOf(caller: TManagingCaller): Promise<TCallerReach> {
    const reach = await this.reach.reachOf(caller.id);
    if (!reach) throw new AppError('NOT_LOGGED_IN');
    if (caller.stationIds === undefined) return { reach };
    return { reach: narrowReach(reach, caller.stationIds), unnarrowed: reach };
  }

  /**
   * Refuses unless the user's current reach (none for a user still to be created: `userId` null) and
   * their reach after `change` lie within the caller's. Unknown or deleted users answer NOT_FOUND.
   */
  async assertCanManageUser(
    who: TManagingCaller,
    userId: number | null,
    change: TUserChange = {},
  ): Promise<void> {
    const caller = await this.reachesOf(who);
    let roleId: number | null = null;
    let direct: number[] = [];
    if (userId !== null) {
      const user = await this.reach.roleOf(userId);
      if (!user) throw new AppError('NOT_FOUND');
      roleId = user.roleId;
      direct = await this.reach.directStationIds([userId]);
      const current = composeReach(await this.reach.rightsOfRole(roleId), direct);
      assertWithin(current, caller, 'TARGET_EXCEEDS_OWN');
    }
    const nextRoleId = change.roleId === undefined ? roleId : change.roleId;
    const nextRights = nextRoleId === null ? undefined : await this.reach.roleRights(nextRoleId);
    if (nextRoleId !== null && !nextRights) throw new AppError('NOT_FOUND');
    const resulting = composeReach(nextRights ?? (await this.reach.rightsOfRole(null)), [
      ...direct,
      ...(change.addStations ?? []),
    ]);
    assertWithin(resulting, caller, 'GRANT_EXCEEDS_OWN');
  }

  /**
   * Those of `userIds` whose reach lies within the caller's now — whom assertCanManageUser would let the
   * caller manage without a change (what belongs to them follows: their webhooks). Unknown and deleted
   * users are left out.
   */
  async listManageable(who: TManagingCaller, userIds: readonly number[]): Promise<number[]> {
    const caller = (await this.reachesOf(who)).reach;
    const manageable: number[] = [];
    for (const userId of new Set(userIds)) {
      const reach = await this.reach.reachOf(userId);
      if (reach && isWithin(reach, caller)) manageable.push(userId);
    }
    return manageable;
  }

  /**
   * Refuses unless the role's current rights and `next` (when its rights change), and the reach of every
   * holder before and after, lie within the caller's. Unknown roles answer NOT_FOUND.
   */
  async assertCanManageRole(who: TManagingCaller, roleId: number, next?: TRoleRights): Promise<void> {
    const caller = await this.reachesOf(who);
    const current = await this.reach.roleRights(roleId);
    if (!current) throw new AppError('NOT_FOUND');
    // Holders' own sites are the same before and after; checking them with each role part covers both.
    const direct = await this.reach.directStationIds(await this.reach.holderIds(roleId));
    assertWithin(composeReach(current, direct), caller, 'ROLE_EXCEEDS_OWN');
    if (next) assertWithin(composeReach(next, direct), caller, 'GRANT_EXCEEDS_OWN');
  }
}

/**
 * Throws `code` unless `inner` lies within the caller's reach; ACCESS_TOKEN_SITES when only the call's
 * narrowing to a token's sites stands in the way (the user could do it with a session).
 */
function assertWithin(inner: TReach, caller: TCallerReach, code: ErrorCode): void {
  if (isWithin(inner, caller.reach)) return;
  if (caller.unnarrowed && isWithin(inner, caller.unnarrowed)) throw new AppError('ACCESS_TOKEN_SITES');
  throw new AppError(code);
}
