import type { TApplyPageRequest } from '@masthub/shared';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TDb } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { readPage } from '../../platform/db/paging.ts';
import { countRows } from '../../platform/db/rows.ts';
import type {
  DownloadApplicationTable,
  DownloadLogTable,
  DownloadTicketTable,
} from '../../platform/db/schema.ts';
import { callSitesCover, stationAccessPredicate } from '../access/index.ts';

/** The sites of the application aliased `a`, as an SQL bigint[]. */
const applicationSites = sql`ARRAY(SELECT das.station_id FROM download_application_station das WHERE das.application_id = a.id)`;

/** Applications with their sites (codes and names in the applicant's order) and download count. */
function applicationQuery(db: TDb) {
  return db
    .selectFrom('download_application as a')
    .selectAll('a')
    .select([
      sql<number[]>`ARRAY(SELECT das.station_id FROM download_application_station das
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('station_ids'),
      sql<
        string[]
      >`ARRAY(SELECT s.station_code FROM download_application_station das JOIN station s ON s.id = das.station_id
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('station_codes'),
      sql<
        string[]
      >`ARRAY(SELECT s.project_name FROM download_application_station das JOIN station s ON s.id = das.station_id
                    WHERE das.application_id = a.id ORDER BY das.position)`.as('project_names'),
      sql<number>`(SELECT count(*) FROM download_log l WHERE l.application_id = a.id)`.as('download_count'),
    ]);
}
type TApplicationQuery = ReturnType<typeof applicationQuery>;
/** An application as the lists and the detail read it. */
export type TApplicationRow = Awaited<ReturnType<TApplicationQuery['executeTakeFirstOrThrow']>>;

/** Download applications, their sites, downloads and tickets. */
export class ApplicationRepository {
  constructor(private readonly db: TDb) {}

  async findUserEmail(userId: number): Promise<string | null | undefined> {
    const me = await this.db
      .selectFrom('app_user')
      .select('email')
      .where('id', '=', userId)
      .executeTakeFirst();
    return me?.email;
  }

  /** One applicant's applications are counted one at a time (until the transaction ends). */
  async lockApplicant(userId: number): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(74521109, ${userId})`.execute(this.db);
  }

  countPending(applicantId: number): Promise<number> {
    return countRows(
      this.db
        .selectFrom('download_application')
        .where('applicant_id', '=', applicantId)
        .where('audit_status', '=', 'pending'),
    );
  }

  /** Stores an application with its sites in the applicant's order. */
  async insert(values: Insertable<DownloadApplicationTable>, stationIds: readonly number[]): Promise<number> {
    const row = await this.db
      .insertInto('download_application')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.db
      .insertInto('download_application_station')
      .values(
        stationIds.map((stationId, position) => ({
          application_id: row.id,
          station_id: stationId,
          position,
        })),
      )
      .execute();
    return Number(row.id);
  }

  /** The users who may decide an application: system.apply, every site visible, not `exceptUserId`. */
  async listReviewers(id: number, exceptUserId: number): Promise<number[]> {
    const rows = await sql<{ id: number }>`
      SELECT u.id FROM app_user u JOIN role r ON r.id = u.role_id
       WHERE NOT u.is_deleted AND u.id <> ${exceptUserId}
         AND (r.is_admin OR EXISTS (SELECT 1 FROM role_feature f WHERE f.role_id = r.id AND f.feature = 'system.apply'))
         AND (r.is_admin OR r.data_scope = 'all' OR NOT EXISTS (
              SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
               WHERE das.application_id = ${id}
                 AND NOT ((s.owner_id IS NOT NULL AND s.owner_id = u.id)
                   OR EXISTS (SELECT 1 FROM user_station us WHERE us.user_id = u.id AND us.station_id = s.id)
                   OR EXISTS (SELECT 1 FROM role_station rs WHERE rs.role_id = r.id AND rs.station_id = s.id))))
       ORDER BY u.id LIMIT 200`.execute(this.db);
    return rows.rows.map((r) => Number(r.id));
  }

  /** Applications whose sites the reviewer may all see (`seesAll`: every site). */
  pageReviewable(user: TAuthUser, seesAll: boolean, request: TApplyPageRequest) {
    const scope = seesAll
      ? sql<SqlBool>`true`
      : sql<SqlBool>`NOT EXISTS (
      SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
       WHERE das.application_id = a.id AND NOT (${stationAccessPredicate(user, 's')}))`;
    return this.pageOf(scope, request);
  }

  /** The applicant's own applications; a call narrowed to some sites lists those whose sites all lie among them. */
  pageOwn(applicant: Pick<TAuthUser, 'id' | 'stationIds'>, request: TApplyPageRequest) {
    return this.pageOf(
      sql<SqlBool>`a.applicant_id = ${applicant.id} AND ${callSitesCover(applicant, applicationSites)}`,
      request,
    );
  }

  /** Whether the call sees the application under its narrowing to a token's sites (always, without one). */
  async isCoveredByCall(id: number, caller: Pick<TAuthUser, 'stationIds'>): Promise<boolean> {
    const row = await this.db
      .selectFrom('download_application as a')
      .select(sql<boolean>`${callSitesCover(caller, applicationSites)}`.as('covered'))
      .where('a.id', '=', id)
      .executeTakeFirst();
    return row?.covered === true;
  }

  private pageOf(scope: Expression<SqlBool>, request: TApplyPageRequest) {
    const filter = (qb: TApplicationQuery) => {
      let q = qb.where(scope);
      if (request.auditStatus) q = q.where('a.audit_status', '=', request.auditStatus);
      if (request.keywords) {
        const like = likeContains(request.keywords);
        q = q.where((eb) =>
          eb.or([
            eb('a.applicant_name', 'ilike', like),
            eb('a.apply_reason', 'ilike', like),
            sql<SqlBool>`EXISTS (SELECT 1 FROM download_application_station das JOIN station s ON s.id = das.station_id
                          WHERE das.application_id = a.id
                            AND (s.station_code ILIKE ${like} OR s.project_name ILIKE ${like}))`,
          ]),
        );
      }
      return q;
    };
    return readPage(
      filter(applicationQuery(this.db)).clearSelect(),
      filter(applicationQuery(this.db))
        // Pending first (what waits for a decision), then newest.
        .orderBy(sql`(a.audit_status <> 'pending')`)
        .orderBy('a.created_at', 'desc')
        .orderBy('a.id', 'desc'),
      request,
    );
  }

  findWithSites(id: number) {
    return applicationQuery(this.db).where('a.id', '=', id).executeTakeFirst();
  }

  listDownloads(applicationId: number) {
    return this.db
      .selectFrom('download_log')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
  }

  /** The applications, locked for a decision, in id order. */
  listForUpdate(ids: number[]) {
    return this.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', 'in', ids)
      .orderBy('id')
      .forUpdate()
      .execute();
  }

  listStationPairs(applicationIds: number[]) {
    return this.db
      .selectFrom('download_application_station')
      .select(['application_id', 'station_id'])
      .where('application_id', 'in', applicationIds)
      .execute();
  }

  async updateMany(ids: number[], values: Updateable<DownloadApplicationTable>): Promise<void> {
    await this.db.updateTable('download_application').set(values).where('id', 'in', ids).execute();
  }

  async update(id: number, values: Updateable<DownloadApplicationTable>): Promise<void> {
    await this.db.updateTable('download_application').set(values).where('id', '=', id).execute();
  }

  /** The e-mail source that sends: the one asked for, else the first with an SMTP server. */
  async findMailSender(requested: number | null): Promise<number | undefined> {
    const q = this.db
      .selectFrom('data_source')
      .select('id')
      .where('fetch_type', '=', 'email')
      .where('smtp_host', '<>', '');
    const row =
      requested !== null
        ? await q.where('id', '=', requested).executeTakeFirst()
        : await q.orderBy('id').executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  async revokeLink(id: number): Promise<void> {
    await this.db
      .updateTable('download_application')
      .set({ link_revoked_at: new Date(), updated_at: new Date() })
      .where('id', '=', id)
      .where('link_revoked_at', 'is', null)
      .execute();
  }

  find(id: number) {
    return this.db.selectFrom('download_application').selectAll().where('id', '=', id).executeTakeFirst();
  }

  findOrThrow(id: number) {
    return this.db
      .selectFrom('download_application')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  /** The application's sites in the applicant's order. */
  listSites(applicationId: number) {
    return this.db
      .selectFrom('download_application_station as das')
      .innerJoin('station as s', 's.id', 'das.station_id')
      .select(['s.id', 's.station_code'])
      .where('das.application_id', '=', applicationId)
      .orderBy('das.position')
      .execute();
  }

  async listStationIds(applicationId: number): Promise<number[]> {
    const rows = await this.db
      .selectFrom('download_application_station')
      .select('station_id')
      .where('application_id', '=', applicationId)
      .execute();
    return rows.map((s) => Number(s.station_id));
  }

  /** The version an application reads for a site (the original, or the latest working one first). */
  findVersion(stationId: number, mode: 'original' | 'latest') {
    let q = this.db
      .selectFrom('dataset_version as v')
      .leftJoin('ts_version_summary as sm', 'sm.version_id', 'v.id')
      .select(['v.id', 'v.kind', 'sm.first_time', 'sm.last_time'])
      .select(
        sql<boolean>`EXISTS (SELECT 1 FROM ts_channel c WHERE c.version_id = v.id AND c.element = 'ws')
                 AND EXISTS (SELECT 1 FROM ts_channel c WHERE c.version_id = v.id AND c.element = 'wd')`.as(
          'has_pair',
        ),
      )
      .where('v.station_id', '=', stationId);
    q =
      mode === 'original'
        ? q.where('v.kind', '=', 'original')
        : q
            .orderBy(sql`(v.kind = 'working')`, 'desc')
            .orderBy(sql`sm.updated_at`, sql`desc nulls last`)
            .orderBy('v.id', 'desc');
    return q.limit(1).executeTakeFirst();
  }

  /** Stores a new ticket, dropping those expired over a day ago. */
  async insertTicket(values: Insertable<DownloadTicketTable>): Promise<void> {
    await this.db
      .deleteFrom('download_ticket')
      .where('expires_at', '<', sql<Date>`now() - interval '1 day'`)
      .execute();
    await this.db.insertInto('download_ticket').values(values).execute();
  }

  /** Marks an unused, unexpired ticket used and returns it (undefined for any other). */
  useTicket(tokenHash: Buffer) {
    return this.db
      .updateTable('download_ticket')
      .set({ used_at: sql`now()` })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', sql<Date>`now()`)
      .returning(['application_id', 'user_id', 'via'])
      .executeTakeFirst();
  }

  /** The application with its applicant's name and whether their account is enabled. */
  findWithApplicant(id: number) {
    return this.db
      .selectFrom('download_application as a')
      .leftJoin('app_user as u', 'u.id', 'a.applicant_id')
      .selectAll('a')
      .select(['u.user_name', 'u.is_enabled'])
      .where('a.id', '=', id)
      .executeTakeFirst();
  }

  async insertDownload(values: Insertable<DownloadLogTable>): Promise<void> {
    await this.db.insertInto('download_log').values(values).execute();
  }
}
