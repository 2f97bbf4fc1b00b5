import { type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { hasAllStations, stationAccessPredicate, type TAccessSubject } from './station-access.repository.ts';

export interface TStationAccessRow {
  id: number;
  station_code: string;
  project_name: string;
  province: string | null;
  owner_name: string | null;
  is_owner: boolean;
  is_assigned: boolean;
  is_role: boolean;
}

/** Direct assignments (user_station) and ownership (station.owner_id), and the lists behind them. */
export class StationGrantRepository {
  constructor(private readonly db: Database) {}

  /** Adds direct assignments; existing ones stay. Returns how many were new. */
  async addAssignments(userId: number, stationIds: readonly number[]): Promise<number> {
    if (stationIds.length === 0) return 0;
    const result = await sql`
      INSERT INTO user_station (user_id, station_id)
      SELECT ${userId}, unnest(${[...stationIds]}::bigint[])
      ON CONFLICT DO NOTHING
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  async removeAssignments(userId: number, stationIds: readonly number[]): Promise<number> {
    if (stationIds.length === 0) return 0;
    const result = await this.db
      .deleteFrom('user_station')
      .where('user_id', '=', userId)
      .where('station_id', 'in', [...stationIds])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** The live stations a user owns, locked until the transaction ends. */
  async listOwnedStationIdsForUpdate(userId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('station')
      .select('id')
      .where('owner_id', '=', userId)
      .where('is_deleted', '=', false)
      .orderBy('id')
      .forUpdate()
      .execute();
    return rows.map((r) => r.id);
  }

  /** Moves ownership of the stations that `fromUserId` still owns; returns the ids moved. */
  async transferOwnership(
    fromUserId: number,
    toUserId: number,
    stationIds: readonly number[],
  ): Promise<number[]> {
    if (stationIds.length === 0) return [];
    const rows = await this.db
      .updateTable('station')
      .set({ owner_id: toUserId, updated_at: sql`now()` })
      .where('owner_id', '=', fromUserId)
      .where('id', 'in', [...stationIds])
      .returning('id')
      .execute();
    return rows.map((r) => r.id).sort((a, b) => a - b);
  }

  /**
   * A page of stations the caller may see that `target` reaches ('granted', with how) or does not
   * reach ('available', to assign). The caller's own access bounds both lists.
   */
  async pageForUser(
    target: TAccessSubject,
    caller: TAccessSubject,
    filter: {
      mode: 'granted' | 'available';
      kind?: 'role' | 'assigned' | 'owner' | undefined;
      keywords?: string | undefined;
      pageNo: number;
      pageSize: number;
    },
  ): Promise<{ records: TStationAccessRow[]; total: number }> {
    const isOwner = sql<boolean>`coalesce(s.owner_id = ${target.id}, false)`;
    const isAssigned = sql<boolean>`EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = ${target.id} AND us.station_id = s.id)`;
    const isRole = hasAllStations(target)
      ? sql<boolean>`true`
      : sql<boolean>`EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = ${target.roleId ?? -1} AND rs.station_id = s.id)`;
    const reaches = stationAccessPredicate(target, 's');
    let query = this.db
      .selectFrom('station as s')
      .leftJoin('app_user as o', 'o.id', 's.owner_id')
      .where('s.is_deleted', '=', false)
      .where(stationAccessPredicate(caller, 's'))
      .where(filter.mode === 'granted' ? reaches : sql<SqlBool>`NOT ${reaches}`);
    if (filter.mode === 'granted' && filter.kind) {
      query = query.where({ owner: isOwner, assigned: isAssigned, role: isRole }[filter.kind]);
    }
    if (filter.keywords) {
      const pattern = likeContains(filter.keywords);
      query = query.where((eb) =>
        eb.or([eb('s.station_code', 'ilike', pattern), eb('s.project_name', 'ilike', pattern)]),
      );
    }
    const { rows: records, total } = await readPage(
      query,
      query
        .select([
          's.id',
          's.station_code',
          's.project_name',
          's.province',
          'o.user_name as owner_name',
          isOwner.as('is_owner'),
          isAssigned.as('is_assigned'),
          isRole.as('is_role'),
        ])
        .orderBy('s.station_code'),
      filter,
    );
    return { records, total };
  }

  /** Stations the subject may see whose code or project name contains the keywords. */
  searchAccessible(subject: TAccessSubject, keywords: string | undefined, limit: number) {
    let query = this.db
      .selectFrom('station as s')
      .select(['s.id', 's.station_code', 's.project_name'])
      .where('s.is_deleted', '=', false)
      .where(stationAccessPredicate(subject, 's'))
      .orderBy('s.station_code')
      .limit(limit);
    if (keywords) {
      const pattern = likeContains(keywords);
      query = query.where((eb) =>
        eb.or([eb('s.station_code', 'ilike', pattern), eb('s.project_name', 'ilike', pattern)]),
      );
    }
    return query.execute();
  }
}
