import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { withRowLock } from '../../platform/db/rows.ts';
import { composeReach, NO_ROLE, type TReach, type TRoleRights } from './reach.ts';

/** The look-ups behind a reach (reach.ts): a role's rights, a user's role and direct sites, a role's holders. */
export class ReachRepository {
  constructor(private readonly db: Database) {}

  /** A role's rights (live sites only), or undefined for an unknown role; `lock` holds the role row. */
  async roleRights(roleId: number, lock: 'update' | 'share' | null = null): Promise<TRoleRights | undefined> {
    const role = await withRowLock(
      this.db.selectFrom('role').select(['is_admin', 'data_scope']).where('id', '=', roleId),
      lock,
    ).executeTakeFirst();
    if (!role) return undefined;
    if (role.is_admin) return { isAdmin: true, features: [], dataScope: 'all', stationIds: [] };
    const [features, stations] = await Promise.all([
      this.db.selectFrom('role_feature').select('feature').where('role_id', '=', roleId).execute(),
      role.data_scope === 'all'
        ? Promise.resolve([])
        : this.db
            .selectFrom('role_station as rs')
            .innerJoin('station as s', 's.id', 'rs.station_id')
            .select('s.id')
            .where('rs.role_id', '=', roleId)
            .where('s.is_deleted', '=', false)
            .execute(),
    ]);
    return {
      isAdmin: false,
      features: features.map((f) => f.feature),
      dataScope: role.data_scope,
      stationIds: stations.map((s) => s.id),
    };
  }

  /** The rights of a user's role (none without one). */
  async rightsOfRole(roleId: number | null): Promise<TRoleRights> {
    return roleId === null ? NO_ROLE : ((await this.roleRights(roleId)) ?? NO_ROLE);
  }

  /** A live user's role, or undefined for an unknown or deleted user. */
  async roleOf(userId: number): Promise<{ roleId: number | null } | undefined> {
    const row = await this.db
      .selectFrom('app_user')
      .select('role_id')
      .where('id', '=', userId)
      .where('is_deleted', '=', false)
      .executeTakeFirst();
    return row && { roleId: row.role_id };
  }

  /** The live sites any of `userIds` reaches directly: assigned to them or owned by them. */
  async directStationIds(userIds: readonly number[]): Promise<number[]> {
    if (userIds.length === 0) return [];
    const result = await sql<{ id: number }>`
      SELECT s.id FROM station s
      WHERE NOT s.is_deleted
        AND (s.owner_id = ANY(${[...userIds]}::bigint[])
          OR EXISTS (SELECT 1 FROM user_station us WHERE us.station_id = s.id AND us.user_id = ANY(${[...userIds]}::bigint[])))
    `.execute(this.db);
    return result.rows.map((r) => Number(r.id));
  }

  /** The live users holding a role. */
  async holderIds(roleId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('app_user')
      .select('id')
      .where('role_id', '=', roleId)
      .where('is_deleted', '=', false)
      .execute();
    return rows.map((r) => r.id);
  }

  /** A live user's reach, or undefined for an unknown or deleted user. */
  async reachOf(userId: number): Promise<TReach | undefined> {
    const user = await this.roleOf(userId);
    if (!user) return undefined;
    const [rights, direct] = await Promise.all([
      this.rightsOfRole(user.roleId),
      this.directStationIds([userId]),
    ]);
    return composeReach(rights, direct);
  }
}
