import type { TIntervalTaskType } from '@masthub/shared';
import { sql, type Updateable } from 'kysely';
import type { TDb } from '../../platform/db/database.ts';
import type { IntervalTaskTable } from '../../platform/db/schema.ts';
import { stationAccessPredicate, type TAccessSubject } from '../access/index.ts';

/** A user a reminder or digest goes to: what their site reach and their greeting need, and where to send. */
interface TRecipientRow {
  id: number;
  role_id: number | null;
  is_admin: boolean;
  data_scope: 'all' | 'list';
  user_name: string;
  email: string;
}

/** The reminder settings and what a reminder lists: unhandled alarms, silent sites, their readers. */
export class ReminderRepository {
  constructor(private readonly db: TDb) {}

  listWithSources() {
    return this.db
      .selectFrom('interval_task as t')
      .leftJoin('data_source as d', 'd.id', 't.data_source_id')
      .selectAll('t')
      .select('d.name as data_source_name')
      .orderBy('t.type', 'desc')
      .execute();
  }

  list() {
    return this.db.selectFrom('interval_task').selectAll().execute();
  }

  find(type: TIntervalTaskType) {
    return this.db.selectFrom('interval_task').selectAll().where('type', '=', type).executeTakeFirstOrThrow();
  }

  findDataSource(id: number) {
    return this.db
      .selectFrom('data_source')
      .select(['id', 'fetch_type'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  update(type: TIntervalTaskType, values: Updateable<IntervalTaskTable>) {
    return this.db
      .updateTable('interval_task')
      .set(values)
      .where('type', '=', type)
      .returning(['type', 'time_zone'])
      .executeTakeFirstOrThrow();
  }

  async setSent(type: TIntervalTaskType, now: Date): Promise<void> {
    await this.db.updateTable('interval_task').set({ last_sent_at: now }).where('type', '=', type).execute();
  }

  /** Enabled users with an e-mail address who hold `feature` (admins hold all), in id order. */
  async listRecipients(feature: string) {
    const rows = await sql<TRecipientRow>`
      SELECT u.id, u.role_id, r.is_admin, r.data_scope, u.user_name, u.email
        FROM app_user u JOIN role r ON r.id = u.role_id
       WHERE u.is_enabled AND NOT u.is_deleted AND coalesce(u.email, '') <> ''
         AND (r.is_admin OR EXISTS (SELECT 1 FROM role_feature f WHERE f.role_id = r.id AND f.feature = ${feature}))
       ORDER BY u.id`.execute(this.db);
    return rows.rows;
  }

  /** Live users with an e-mail address who asked for the data-receipt digest (personal setting receipt/digest). */
  async listDigestRecipients() {
    const rows = await sql<TRecipientRow>`
      SELECT u.id, u.role_id, coalesce(r.is_admin, false) AS is_admin, coalesce(r.data_scope, 'list') AS data_scope,
             u.user_name, u.email
        FROM app_user u
        JOIN personal_config c ON c.user_id = u.id AND c.type = 'receipt' AND c.key = 'digest'
        LEFT JOIN role r ON r.id = u.role_id
       WHERE u.is_enabled AND NOT u.is_deleted AND coalesce(u.email, '') <> '' AND c.value = 'true'::jsonb
       ORDER BY u.id`.execute(this.db);
    return rows.rows;
  }

  /** Live users with an e-mail address among `ids` (the data administrators a calibration reminder goes to). */
  async listUsers(ids: readonly number[]) {
    if (ids.length === 0) return [];
    const rows = await sql<TRecipientRow>`
      SELECT u.id, u.role_id, coalesce(r.is_admin, false) AS is_admin, coalesce(r.data_scope, 'list') AS data_scope,
             u.user_name, u.email
        FROM app_user u LEFT JOIN role r ON r.id = u.role_id
       WHERE u.is_enabled AND NOT u.is_deleted AND coalesce(u.email, '') <> '' AND u.id = ANY(${[...ids]}::bigint[])
       ORDER BY u.id`.execute(this.db);
    return rows.rows;
  }

  /** Live sites with open data-receipt findings: how many, and how many of them are errors. */
  async listOpenReceiptSites() {
    const rows = await sql<{
      station_id: number;
      station_code: string;
      project_name: string;
      open: number;
      errors: number;
    }>`
      SELECT s.id AS station_id, s.station_code, s.project_name, count(*)::int AS open,
             (count(*) FILTER (WHERE f.severity = 'error'))::int AS errors
        FROM receipt_finding f JOIN station s ON s.id = f.station_id
       WHERE f.status = 'open' AND f.severity <> 'info' AND NOT s.is_deleted
       GROUP BY s.id ORDER BY s.station_code`.execute(this.db);
    return rows.rows;
  }

  /** The first `max` unhandled alarms on sites the subject may see, oldest first, and how many there are. */
  async listUnhandled(subject: TAccessSubject, max: number) {
    const query = this.db
      .selectFrom('alarm as a')
      .innerJoin('station as s', 's.id', 'a.station_id')
      .where('s.is_deleted', '=', false)
      .where('a.handle_status', '=', 'unprocessed')
      .where(stationAccessPredicate(subject, 's'));
    const [rows, total] = await Promise.all([
      query
        .select(['s.station_code', 's.project_name', 'a.type', 'a.period_start', 'a.period_end'])
        .orderBy('a.period_start')
        .limit(max)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }

  /** The first `max` sites the subject may see whose data stopped before `before`, and how many. */
  async listSilent(subject: TAccessSubject, before: Date, max: number) {
    const query = this.db
      .selectFrom('station as s')
      .where('s.is_deleted', '=', false)
      .where('s.data_time', 'is not', null)
      .where('s.data_time', '<', before)
      .where(stationAccessPredicate(subject, 's'));
    const [rows, total] = await Promise.all([
      query
        .select(['s.station_code', 's.project_name', 's.data_time'])
        .orderBy('s.data_time')
        .limit(max)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(total.n) };
  }
}
