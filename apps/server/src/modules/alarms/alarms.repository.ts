import type { FeatureKey, TAlarmHandleRequest, TAlarmPageRequest } from '@masthub/shared';
import { sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TDb } from '../../platform/db/database.ts';
import { readPage } from '../../platform/db/paging.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';

/** Alarms, the sites' status and warning fields, and who hears of them. */
export class AlarmRepository {
  constructor(private readonly db: TDb) {}

  /**
   * Opens a data-missing alarm for every monitored site silent longer than its warning rule's days, or
   * extends the open one to `now`; returns the alarms touched (`inserted` for the new ones).
   */
  async upsertNoData(now: Date) {
    const rows = await sql<{
      id: number;
      station_id: number;
      station_code: string;
      days: number;
      inserted: boolean;
    }>`
        WITH general AS (
          SELECT q.id, q.name, q.builtin_key, (q.params->>'days')::int AS days
          FROM qc_rule q
          WHERE q.rule_type = 'warn' AND q.kind = 'no_data_days' AND q.is_enabled AND q.station_id IS NULL
          ORDER BY (q.params->>'days')::int
          LIMIT 1
        ),
        own AS (
          SELECT DISTINCT ON (q.station_id) q.station_id, q.id, q.name, q.builtin_key, (q.params->>'days')::int AS days
          FROM qc_rule q
          WHERE q.rule_type = 'warn' AND q.kind = 'no_data_days' AND q.is_enabled AND q.station_id IS NOT NULL
          ORDER BY q.station_id, (q.params->>'days')::int
        ),
        rule AS (
          -- The site's own rule first, else the general one: joined once, not looked up per site.
          SELECT s.id AS station_id, s.data_time,
                 CASE WHEN o.id IS NOT NULL THEN o.id ELSE g.id END AS rule_id,
                 CASE WHEN o.id IS NOT NULL THEN o.days ELSE g.days END AS days,
                 CASE WHEN o.id IS NOT NULL THEN o.name ELSE g.name END AS name,
                 CASE WHEN o.id IS NOT NULL THEN o.builtin_key ELSE g.builtin_key END AS builtin_key
          FROM station s
          LEFT JOIN own o ON o.station_id = s.id
          LEFT JOIN general g ON true
          WHERE NOT s.is_deleted AND s.status <> -1 AND s.data_time IS NOT NULL
        ),
        due AS (
          SELECT * FROM rule
          WHERE rule_id IS NOT NULL AND data_time < ${now}::timestamptz - make_interval(days => days)
        ),
        upserted AS (
          INSERT INTO alarm AS a (station_id, type, channel_key, rule_id, period_start, period_end, content)
          SELECT station_id, 'data_missing', '', rule_id, data_time, ${now}::timestamptz,
                 jsonb_build_object('kind', 'no_data', 'days', days, 'ruleName', name, 'ruleKey', builtin_key)
          FROM due
          ORDER BY station_id
          ON CONFLICT (station_id, type, channel_key) WHERE is_open
          DO UPDATE SET period_end = excluded.period_end, updated_at = now()
          RETURNING a.id, a.station_id, (a.content->>'days')::int AS days, (xmax = 0) AS inserted
        )
        SELECT u.id, u.station_id, s.station_code, u.days, u.inserted
        FROM upserted u JOIN station s ON s.id = u.station_id`.execute(this.db);
    return rows.rows;
  }

  findSite(stationId: number) {
    return this.db
      .selectFrom('station')
      .select(['station_code', 'logger_utc_offset_minutes'])
      .where('id', '=', stationId)
      .executeTakeFirst();
  }

  /** Closes the channel's open data-abnormal alarm whose period ended before `before`; the ids closed. */
  async closeAbnormalBefore(stationId: number, channelKey: string, before: Date): Promise<number[]> {
    const closed = await this.db
      .updateTable('alarm')
      .set({ is_open: false, updated_at: new Date() })
      .where('station_id', '=', stationId)
      .where('type', '=', 'data_abnormal')
      .where('channel_key', '=', channelKey)
      .where('is_open', '=', true)
      .where('period_end', '<', before)
      .returning('id')
      .execute();
    return closed.map((r) => Number(r.id));
  }

  /** Opens the channel's data-abnormal alarm or widens the open one over the period. */
  async upsertAbnormal(
    stationId: number,
    channelKey: string,
    from: Date,
    to: Date,
    content: object,
  ): Promise<{ id: number; inserted: boolean }> {
    const row = await sql<{ id: number; inserted: boolean }>`
          INSERT INTO alarm AS al (station_id, type, channel_key, period_start, period_end, content)
          VALUES (${stationId}, 'data_abnormal', ${channelKey}, ${from}, ${to},
                  ${JSON.stringify(content)}::jsonb)
          ON CONFLICT (station_id, type, channel_key) WHERE is_open
          DO UPDATE SET period_start = least(al.period_start, excluded.period_start),
                        period_end = greatest(al.period_end, excluded.period_end),
                        content = excluded.content, updated_at = now()
          RETURNING al.id, (xmax = 0) AS inserted`.execute(this.db);
    return row.rows[0]!;
  }

  /** Opens the site's icing alarm (issue 45 §2) or widens the open one over the period. */
  async upsertIcing(
    stationId: number,
    from: Date,
    to: Date,
    content: object,
  ): Promise<{ id: number; inserted: boolean }> {
    const row = await sql<{ id: number; inserted: boolean }>`
          INSERT INTO alarm AS al (station_id, type, channel_key, period_start, period_end, content)
          VALUES (${stationId}, 'icing', '', ${from}, ${to}, ${JSON.stringify(content)}::jsonb)
          ON CONFLICT (station_id, type, channel_key) WHERE is_open
          DO UPDATE SET period_start = least(al.period_start, excluded.period_start),
                        period_end = greatest(al.period_end, excluded.period_end),
                        content = excluded.content, updated_at = now()
          RETURNING al.id, (xmax = 0) AS inserted`.execute(this.db);
    return row.rows[0]!;
  }

  /** Closes the site's open icing alarm, its period ending at `end` at the latest; the ids closed. */
  async closeIcing(stationId: number, end: Date): Promise<number[]> {
    const closed = await this.db
      .updateTable('alarm')
      .set({
        is_open: false,
        period_end: sql<Date>`greatest(period_start, least(period_end, ${end}))`,
        updated_at: new Date(),
      })
      .where('station_id', '=', stationId)
      .where('type', '=', 'icing')
      .where('is_open', '=', true)
      .returning('id')
      .execute();
    return closed.map((r) => Number(r.id));
  }

  /** Whether the site has an open alarm (of `type` when given). */
  async hasOpen(stationId: number, type?: 'icing'): Promise<boolean> {
    let query = this.db
      .selectFrom('alarm')
      .select('id')
      .where('station_id', '=', stationId)
      .where('is_open', '=', true);
    if (type) query = query.where('type', '=', type);
    return (await query.executeTakeFirst()) !== undefined;
  }

  /** Closes the site's open data-missing alarm where new data begins; the ids closed. */
  async closeMissing(stationId: number, firstNewTime: Date): Promise<number[]> {
    const closed = await this.db
      .updateTable('alarm')
      .set({
        is_open: false,
        period_end: sql<Date>`greatest(period_start, ${firstNewTime})`,
        updated_at: new Date(),
      })
      .where('station_id', '=', stationId)
      .where('type', '=', 'data_missing')
      .where('is_open', '=', true)
      .returning('id')
      .execute();
    return closed.map((r) => Number(r.id));
  }

  page(user: TAuthUser, request: TAlarmPageRequest) {
    let query = this.db.selectFrom('alarm as a').innerJoin('station as s', 's.id', 'a.station_id');
    if (request.stationId !== undefined) query = query.where('a.station_id', '=', request.stationId);
    else if (!hasAllStations(user)) query = query.where(stationAccessPredicate(user, 's'));
    if (request.type) query = query.where('a.type', '=', request.type);
    if (request.handleStatus) query = query.where('a.handle_status', '=', request.handleStatus);
    if (request.isOpen !== undefined) query = query.where('a.is_open', '=', request.isOpen);
    return readPage(
      query,
      query.selectAll('a').select('s.station_code').orderBy('a.created_at', 'desc').orderBy('a.id', 'desc'),
      request,
    );
  }

  listWithSites(ids: number[]) {
    return this.db
      .selectFrom('alarm as a')
      .innerJoin('station as s', 's.id', 'a.station_id')
      .select(['a.id', 'a.station_id', 'a.type', 's.station_code'])
      .where('a.id', 'in', ids)
      .execute();
  }

  async setHandled(ids: number[], user: TAuthUser, request: TAlarmHandleRequest): Promise<void> {
    await this.db
      .updateTable('alarm')
      .set({
        handle_status: request.handleMode,
        handler_id: user.id,
        handler_name: user.userName,
        handle_time: new Date(),
        reason: request.reason,
        updated_at: new Date(),
      })
      .where('id', 'in', ids)
      .execute();
  }

  findStationStatus(stationId: number) {
    return this.db.selectFrom('station').select('status').where('id', '=', stationId).executeTakeFirst();
  }

  async setStationStatus(stationId: number, status: number): Promise<void> {
    await this.db.updateTable('station').set({ status }).where('id', '=', stationId).execute();
  }

  /** The given alarms — or, without ids, every open or unprocessed alarm of the site — handled as repair. */
  async markRepair(
    user: TAuthUser,
    input: { stationId: number; alarmIds: readonly number[]; reason: string; repairId: number },
  ): Promise<number[]> {
    let query = this.db
      .updateTable('alarm')
      .set({
        handle_status: 'repair',
        handler_id: user.id,
        handler_name: user.userName,
        handle_time: new Date(),
        reason: input.reason,
        repair_id: input.repairId,
        updated_at: new Date(),
      })
      .where('station_id', '=', input.stationId);
    query =
      input.alarmIds.length > 0
        ? query.where('id', 'in', [...input.alarmIds])
        : query.where((eb) => eb.or([eb('is_open', '=', true), eb('handle_status', '=', 'unprocessed')]));
    const rows = await query.returning('id').execute();
    return rows.map((r) => Number(r.id));
  }

  /** Closes the repair's open alarms; returns their ids. */
  async closeOfRepair(repairId: number): Promise<number[]> {
    const rows = await this.db
      .updateTable('alarm')
      .set({ is_open: false, updated_at: new Date() })
      .where('repair_id', '=', repairId)
      .where('is_open', '=', true)
      .returning('id')
      .execute();
    return rows.map((r) => Number(r.id));
  }

  /**
   * Moves each site's status by `moves` (the transition table written out as a CASE) and sets its
   * warning fields from its alarms, in one statement.
   */
  async applyStatusToMany(
    stationIds: readonly number[],
    moves: readonly (readonly [number, number])[],
  ): Promise<void> {
    const status =
      moves.length === 0
        ? sql`s.status`
        : sql`CASE s.status ${sql.join(
            moves.map(([from, to]) => sql`WHEN ${sql.lit(from)} THEN ${sql.lit(to)}`),
            sql` `,
          )} ELSE s.status END`;
    await sql`
      UPDATE station s
      SET status = ${status},
          warn_type = coalesce(w.type, 'none'),
          warn_status = CASE WHEN w.type IS NOT NULL THEN 1
                             WHEN EXISTS (SELECT 1 FROM alarm x WHERE x.station_id = s.id) THEN 2
                             ELSE 0 END
      FROM unnest(${[...stationIds]}::bigint[]) AS t(id)
      LEFT JOIN LATERAL (
        SELECT a.type FROM alarm a
        WHERE a.station_id = t.id AND a.handle_status = 'unprocessed'
        ORDER BY a.created_at DESC
        LIMIT 1
      ) w ON true
      WHERE s.id = t.id`.execute(this.db);
  }

  /** The enabled users holding `feature` who may see each site, in site and user order. */
  async listUsersWho(feature: FeatureKey, stationIds: readonly number[]) {
    const rows = await sql<{ station_id: number; user_id: number }>`
      SELECT s.id AS station_id, u.id AS user_id
      FROM station s
      CROSS JOIN app_user u
      JOIN role r ON r.id = u.role_id
      WHERE s.id = ANY(${[...stationIds]}::bigint[])
        AND u.is_enabled AND NOT u.is_deleted
        AND (r.is_admin OR EXISTS (SELECT 1 FROM role_feature f WHERE f.role_id = r.id AND f.feature = ${feature}))
        AND (r.is_admin OR r.data_scope = 'all' OR s.owner_id = u.id
             OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = u.id AND us.station_id = s.id)
             OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = r.id AND rs.station_id = s.id))
      ORDER BY s.id, u.id`.execute(this.db);
    return rows.rows;
  }

  /** Which of `ids` are closed now (an alarm closed in a transaction that committed). */
  async listClosed(ids: readonly number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('alarm')
      .select('id')
      .where('id', 'in', [...ids])
      .where('is_open', '=', false)
      .execute();
    return rows.map((r) => Number(r.id));
  }
}
