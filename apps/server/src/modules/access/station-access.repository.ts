import { type Expression, type SqlBool, sql } from 'kysely';
import type { Database } from '../../platform/db/database.ts';
import { countRows } from '../../platform/db/rows.ts';

/** Whose access is decided: the caller (TAuthUser fits) or any other user. */
export interface TAccessSubject {
  id: number;
  roleId: number | null;
  isAdmin: boolean;
  dataScope: 'all' | 'list';
  /**
   * A narrower set of sites for this call (a personal access token limited to some sites, issue 32):
   * the subject reaches a site only if it is among them and reached otherwise. Absent: no narrowing.
   */
  stationIds?: readonly number[] | undefined;
}

/**
 * Administrators and roles with data scope 'all' reach every site, including ones created later — unless
 * the call is narrowed to some sites.
 */
export function hasAllStations(subject: TAccessSubject): boolean {
  return (subject.isAdmin || subject.dataScope === 'all') && subject.stationIds === undefined;
}

/**
 * The one narrowing of things that concern sites (messages, download applications; issue 39 §5): true for
 * a call that is not narrowed; for a call narrowed to some sites, true exactly when the thing names at
 * least one site and every site it names is among them. `stationIds` is an SQL bigint[] of the thing's
 * sites. A thing naming no site is outside every narrowed call: what it concerns cannot be told.
 */
export function callSitesCover(
  subject: Pick<TAccessSubject, 'stationIds'>,
  stationIds: Expression<unknown>,
): Expression<SqlBool> {
  if (subject.stationIds === undefined) return sql<SqlBool>`true`;
  return sql<SqlBool>`(cardinality(${stationIds}) > 0 AND ${stationIds} <@ ${[...subject.stationIds]}::bigint[])`;
}

/** The subject's reach without its narrowing: whether the role alone reaches every site. */
function roleReachesAll(subject: TAccessSubject): boolean {
  return subject.isAdmin || subject.dataScope === 'all';
}

/**
 * The SQL condition "the subject may see this station" over a station row aliased `stationAlias`:
 * the role's list ∪ direct assignments ∪ ownership, or simply true for 'all'. Repositories embed it
 * in their station queries (`.where(stationAccessPredicate(user, 's'))`); it never checks is_deleted.
 */
export function stationAccessPredicate(
  subject: TAccessSubject,
  stationAlias = 'station',
): Expression<SqlBool> {
  if (hasAllStations(subject)) return sql<SqlBool>`true`;
  const stationId = sql.ref(`${stationAlias}.id`);
  if (subject.stationIds !== undefined) {
    // callSitesCover for one site, written so that an index on the station's id serves it.
    const within = sql<SqlBool>`${stationId} = ANY(${[...subject.stationIds]}::bigint[])`;
    if (roleReachesAll(subject)) return within;
    const reached = stationAccessPredicate({ ...subject, stationIds: undefined }, stationAlias);
    return sql<SqlBool>`(${within} AND ${reached})`;
  }
  const ownerId = sql.ref(`${stationAlias}.owner_id`);
  const byRole =
    subject.roleId === null
      ? sql<SqlBool>`false`
      : sql<SqlBool>`EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = ${subject.roleId} AND rs.station_id = ${stationId})`;
  // `owner_id IS NOT NULL AND …` keeps the condition two-valued for unowned sites, so NOT(…) works.
  return sql<SqlBool>`((${ownerId} IS NOT NULL AND ${ownerId} = ${subject.id})
    OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = ${subject.id} AND us.station_id = ${stationId})
    OR ${byRole})`;
}

export interface TStationKindsRow {
  id: number;
  station_code: string;
  is_owner: boolean;
  is_assigned: boolean;
  is_role: boolean;
}

/** Look-ups behind station access: who a user is for access, and how they reach given stations. */
export class StationAccessRepository {
  constructor(private readonly db: Database) {}

  /**
   * Who is told about a site's data (long-term convergence, data receipts): its data administrator, or its
   * owner when it has none — only while enabled, not deleted and still able to see the site.
   */
  async listDataAdministrators(stationId: number): Promise<number[]> {
    const rows = await sql<{ user_id: number }>`
      SELECT u.id AS user_id
        FROM station s
        JOIN app_user u ON u.id = COALESCE(s.data_admin_id, s.owner_id)
        LEFT JOIN role r ON r.id = u.role_id
       WHERE s.id = ${stationId}
         AND u.is_enabled AND NOT u.is_deleted
         AND (r.is_admin OR r.data_scope = 'all' OR s.owner_id = u.id
              OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = u.id AND us.station_id = s.id)
              OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = r.id AND rs.station_id = s.id))`.execute(
      this.db,
    );
    return rows.rows.map((r) => Number(r.user_id));
  }

  /** A site's code (the messages about it name it). */
  async findStationCode(stationId: number): Promise<string | undefined> {
    const row = await this.db
      .selectFrom('station')
      .select('station_code')
      .where('id', '=', stationId)
      .executeTakeFirst();
    return row?.station_code;
  }

  /** A live user as an access subject, or undefined. */
  async findSubject(userId: number): Promise<TAccessSubject | undefined> {
    const row = await this.db
      .selectFrom('app_user as u')
      .leftJoin('role as r', 'r.id', 'u.role_id')
      .select(['u.id', 'u.role_id', 'r.is_admin', 'r.data_scope'])
      .where('u.id', '=', userId)
      .where('u.is_deleted', '=', false)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      roleId: row.role_id,
      isAdmin: row.is_admin === true,
      dataScope: row.data_scope ?? 'list',
    };
  }

  /** Each live station among `stationIds` with the ways the subject reaches it (all false: none). */
  async listKinds(subject: TAccessSubject, stationIds: readonly number[]): Promise<TStationKindsRow[]> {
    if (stationIds.length === 0) return [];
    const isAll = roleReachesAll(subject);
    const roleId = subject.roleId ?? -1;
    const narrowed = subject.stationIds === undefined ? null : new Set(subject.stationIds.map(Number));
    const result = await sql<TStationKindsRow>`
      SELECT s.id, s.station_code,
        coalesce(s.owner_id = ${subject.id}, false) AS is_owner,
        EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = ${subject.id} AND us.station_id = s.id) AS is_assigned,
        (${isAll} OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = ${roleId} AND rs.station_id = s.id)) AS is_role
      FROM station s
      WHERE s.id = ANY(${[...stationIds]}::bigint[]) AND NOT s.is_deleted
      ORDER BY s.station_code
    `.execute(this.db);
    if (!narrowed) return result.rows;
    // Outside the call's sites the subject reaches nothing, whatever the role says.
    return result.rows.map((row) =>
      narrowed.has(Number(row.id)) ? row : { ...row, is_owner: false, is_assigned: false, is_role: false },
    );
  }

  /**
   * The ids of those of `subjects` who reach one live station, in one query for all of them: the rule of
   * `listKinds` (role scope, role list, assignment, ownership, a call's narrowing). Used to tell the users
   * connected to the real-time channel which of them may hear that something of the site changed.
   */
  async listReaching(subjects: readonly TAccessSubject[], stationId: number): Promise<number[]> {
    const inCall = subjects.filter(
      (s) => s.stationIds === undefined || s.stationIds.some((id) => Number(id) === stationId),
    );
    if (inCall.length === 0) return [];
    const listed = inCall.filter((s) => !roleReachesAll(s));
    const result = await sql<{ id: number | string }>`
      SELECT u.id
        FROM station s
        CROSS JOIN unnest(${listed.map((s) => s.id)}::bigint[], ${listed.map((s) => s.roleId)}::bigint[])
             AS u(id, role_id)
       WHERE s.id = ${stationId} AND NOT s.is_deleted
         AND (s.owner_id = u.id
              OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = u.id AND us.station_id = s.id)
              OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = u.role_id AND rs.station_id = s.id))
      UNION ALL
      SELECT u.id
        FROM station s
        CROSS JOIN unnest(${inCall.filter(roleReachesAll).map((s) => s.id)}::bigint[]) AS u(id)
       WHERE s.id = ${stationId} AND NOT s.is_deleted
    `.execute(this.db);
    return result.rows.map((row) => Number(row.id));
  }

  /** How many live stations the subject reaches. */
  countAccessible(subject: TAccessSubject): Promise<number> {
    return countRows(
      this.db
        .selectFrom('station')
        .where('station.is_deleted', '=', false)
        .where(stationAccessPredicate(subject, 'station')),
    );
  }
}
