import { AppError } from '@masthub/shared';
import type { ReachRepository } from './reach.repository.ts';
import { composeReach, isWithin, type TReach, type TRoleRights } from './reach.ts';

/** A change to one user's reach: a new role, sites assigned or owned in addition, sites taken away. */
export interface TUserChange {
  /** The role after the change; undefined keeps the current one, null leaves the user without a role. */
  roleId?: number | null;
  /** Sites the change gives the user (assignment, ownership transferred to them). */
  addStations?: readonly number[];
}

/**
 * The one rule for managing users and roles (issue 26 §1). An administrator may create, edit, reset,
 * delete, assign sites to or take sites from, or transfer ownership away from a user only if that
 * user's current and resulting reach lie within the caller's own; may change a role only if the role's
 * current and new rights, and every holder's reach before and after, lie within the caller's. Renaming
 * or describing a role counts as changing it. Every user / role / assignment / ownership write goes
 * through here; the caller's reach is read from the database, not from the request's token.
 *
 * Refusals: TARGET_EXCEEDS_OWN when what exists now lies beyond the caller, GRANT_EXCEEDS_OWN when the
 * change would hand out more than the caller holds, ROLE_EXCEEDS_OWN for a role (or a holder) beyond
 * the caller.
 */
export class ManagementGuard {
  constructor(private readonly reach: ReachRepository) {}

  /** The caller's own reach, read now (a role changed since the token was issued counts). */
  async callerReach(callerId: number): Promise<TReach> {
    const reach = await this.reach.reachOf(callerId);
    if (!reach) throw new AppError('NOT_LOGGED_IN');
    return reach;
  }

  /**
   * Refuses unless the user's current reach (none for a user still to be created: `userId` null) and
   * their reach after `change` lie within the caller's. Unknown or deleted users answer NOT_FOUND.
   */
  async assertCanManageUser(
    callerId: number,
    userId: number | null,
    change: TUserChange = {},
  ): Promise<void> {
    const caller = await this.callerReach(callerId);
    let roleId: number | null = null;
    let direct: number[] = [];
    if (userId !== null) {
      const user = await this.reach.roleOf(userId);
      if (!user) throw new AppError('NOT_FOUND');
      roleId = user.roleId;
      direct = await this.reach.directStationIds([userId]);
      const current = composeReach(await this.reach.rightsOfRole(roleId), direct);
      if (!isWithin(current, caller)) throw new AppError('TARGET_EXCEEDS_OWN');
    }
    const nextRoleId = change.roleId === undefined ? roleId : change.roleId;
    const nextRights = nextRoleId === null ? undefined : await this.reach.roleRights(nextRoleId);
    if (nextRoleId !== null && !nextRights) throw new AppError('NOT_FOUND');
    const resulting = composeReach(nextRights ?? (await this.reach.rightsOfRole(null)), [
      ...direct,
      ...(change.addStations ?? []),
    ]);
    if (!isWithin(resulting, caller)) throw new AppError('GRANT_EXCEEDS_OWN');
  }

  /**
   * Those of `userIds` whose reach lies within the caller's now — whom assertCanManageUser would let the
   * caller manage without a change (what belongs to them follows: their webhooks). Unknown and deleted
   * users are left out.
   */
  async listManageable(callerId: number, userIds: readonly number[]): Promise<number[]> {
    const caller = await this.callerReach(callerId);
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
  async assertCanManageRole(callerId: number, roleId: number, next?: TRoleRights): Promise<void> {
    const caller = await this.callerReach(callerId);
    const current = await this.reach.roleRights(roleId);
    if (!current) throw new AppError('NOT_FOUND');
    // Holders' own sites are the same before and after; checking them with each role part covers both.
    const direct = await this.reach.directStationIds(await this.reach.holderIds(roleId));
    if (!isWithin(composeReach(current, direct), caller)) throw new AppError('ROLE_EXCEEDS_OWN');
    if (next && !isWithin(composeReach(next, direct), caller)) throw new AppError('GRANT_EXCEEDS_OWN');
  }
}
