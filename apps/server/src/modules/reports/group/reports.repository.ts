import type { TGroupReportPageRequest, TReportGroupPageRequest, TTemplatePageRequest } from '@masthub/shared';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TDb } from '../../../platform/db/database.ts';
import { likeContains } from '../../../platform/db/like.ts';
import { readPage } from '../../../platform/db/paging.ts';
import { sameName } from '../../../platform/db/rows.ts';
import type { GroupReportTable, ReportGroupTable } from '../../../platform/db/schema.ts';
import { hasAllStations, stationAccessPredicate } from '../../access/index.ts';
import type { TPeriod } from './periods.ts';

/** Report templates, groups of sites and their generated reports. */
export class ReportRepository {
  constructor(private readonly db: TDb) {}

  // --- Templates --------------------------------------------------------------------------------

  listTemplates(type: number) {
    return this.db.selectFrom('report_template').selectAll().where('type', '=', type).orderBy('id').execute();
  }

  /** Templates of a type and name (built-in ones also by `builtinKeys`, their names in either language). */
  pageTemplates(request: TTemplatePageRequest, builtinKeys: string[]) {
    let query = this.db.selectFrom('report_template');
    if (request.type !== undefined) query = query.where('type', '=', request.type);
    if (request.tempName) {
      const like = likeContains(request.tempName);
      query = query.where((eb) =>
        eb.or([
          eb('name', 'ilike', like),
          ...(builtinKeys.length > 0 ? [eb('builtin_key', 'in', builtinKeys)] : []),
        ]),
      );
    }
    return readPage(query, query.selectAll().orderBy('type').orderBy('id'), request);
  }

  listTemplateTypes(ids: number[]) {
    return this.db.selectFrom('report_template').select(['id', 'type']).where('id', 'in', ids).execute();
  }

  findDataSourceFetchType(id: number) {
    return this.db.selectFrom('data_source').select('fetch_type').where('id', '=', id).executeTakeFirst();
  }

  // --- Groups -----------------------------------------------------------------------------------

  /** "The user may see every site of the group" over a group row aliased `g`. */
  private visible(user: TAuthUser): Expression<SqlBool> {
    if (hasAllStations(user)) return sql<SqlBool>`true`;
    return sql<SqlBool>`NOT EXISTS (
      SELECT 1 FROM report_group_station gs JOIN station s ON s.id = gs.station_id
       WHERE gs.group_id = g.id AND NOT (${stationAccessPredicate(user, 's')}))`;
  }

  /** The group and whether the user may see it; undefined for an unknown group. */
  findGroupVisibility(user: TAuthUser, groupId: number) {
    return this.db
      .selectFrom('report_group as g')
      .select(['g.id'])
      .select(sql<boolean>`${this.visible(user)}`.as('is_visible'))
      .where('g.id', '=', groupId)
      .executeTakeFirst();
  }

  private groupQuery() {
    return this.db
      .selectFrom('report_group as g')
      .leftJoin('app_user as u', 'u.id', 'g.creator_id')
      .leftJoin('report_template as wt', 'wt.id', 'g.weekly_template_id')
      .leftJoin('report_template as mt', 'mt.id', 'g.monthly_template_id')
      .leftJoin('data_source as d', 'd.id', 'g.data_source_id')
      .selectAll('g')
      .select([
        'u.user_name as creator_name',
        'wt.name as weekly_template_name',
        'wt.builtin_key as weekly_template_key',
        'mt.name as monthly_template_name',
        'mt.builtin_key as monthly_template_key',
        'd.name as data_source_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('report_group_station as gs')
          .select(sql<number[]>`coalesce(array_agg(gs.station_id ORDER BY gs.station_id), '{}')`.as('ids'))
          .whereRef('gs.group_id', '=', 'g.id')
          .as('station_ids'),
        eb
          .selectFrom('group_report as r')
          .select(
            sql<string>`r.status || '|' || coalesce(to_char(r.generate_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'), '')`.as(
              'last',
            ),
          )
          .whereRef('r.group_id', '=', 'g.id')
          .orderBy('r.created_at', 'desc')
          .limit(1)
          .as('last_report'),
      ]);
  }

  /** The groups the user may see, by name and whether `today` lies in their effective dates. */
  pageGroups(user: TAuthUser, request: TReportGroupPageRequest, today: string) {
    let query = this.groupQuery().where(this.visible(user));
    let count = this.db.selectFrom('report_group as g').where(this.visible(user));
    if (request.keywords) {
      query = query.where('g.name', 'ilike', likeContains(request.keywords));
      count = count.where('g.name', 'ilike', likeContains(request.keywords));
    }
    if (request.validity !== undefined) {
      const inside = sql<SqlBool>`(${today}::date BETWEEN g.effective_start AND g.effective_end)`;
      const condition = request.validity === 1 ? inside : sql<SqlBool>`NOT ${inside}`;
      query = query.where(condition);
      count = count.where(condition);
    }
    return readPage(count, query.orderBy('g.created_at', 'desc').orderBy('g.id', 'desc'), request);
  }

  findGroup(id: number) {
    return this.groupQuery().where('g.id', '=', id).executeTakeFirstOrThrow();
  }

  listGroupStations(groupId: number) {
    return this.db
      .selectFrom('report_group_station as gs')
      .innerJoin('station as s', 's.id', 'gs.station_id')
      .select(['s.id', 's.station_code', 's.project_name'])
      .where('gs.group_id', '=', groupId)
      .orderBy('s.station_code')
      .execute();
  }

  /** The group of that name, case aside. */
  findGroupByName(name: string) {
    return this.db.selectFrom('report_group').select('id').where(sameName(name)).executeTakeFirst();
  }

  async insertGroup(values: Insertable<ReportGroupTable>): Promise<number> {
    const row = await this.db
      .insertInto('report_group')
      .values(values)
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Updates a group and drops its sites (`insertGroupStations` writes them again). */
  async updateGroup(id: number, values: Updateable<ReportGroupTable>): Promise<void> {
    await this.db.updateTable('report_group').set(values).where('id', '=', id).execute();
    await this.db.deleteFrom('report_group_station').where('group_id', '=', id).execute();
  }

  async insertGroupStations(groupId: number, stationIds: readonly number[]): Promise<void> {
    await this.db
      .insertInto('report_group_station')
      .values(stationIds.map((station_id) => ({ group_id: groupId, station_id })))
      .execute();
  }

  listGroupReportFiles(groupId: number) {
    return this.db
      .selectFrom('group_report')
      .select(['docx_sha256', 'pdf_sha256'])
      .where('group_id', '=', groupId)
      .execute();
  }

  async deleteGroup(id: number): Promise<void> {
    await this.db.deleteFrom('report_group').where('id', '=', id).execute();
  }

  findGroupTypes(id: number) {
    return this.db
      .selectFrom('report_group')
      .select(['report_types', 'language'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  }

  findGroupName(id: number) {
    return this.db.selectFrom('report_group').select('name').where('id', '=', id).executeTakeFirstOrThrow();
  }

  /** The sites of a group that are not deleted. */
  async listLiveStationIds(groupId: number): Promise<number[]> {
    const stations = await this.db
      .selectFrom('report_group_station as gs')
      .innerJoin('station as s', 's.id', 'gs.station_id')
      .select('gs.station_id')
      .where('gs.group_id', '=', groupId)
      .where('s.is_deleted', '=', false)
      .execute();
    return stations.map((s) => Number(s.station_id));
  }

  /** Groups generating on schedule whose effective dates hold `today`. */
  listScheduledGroups(today: string) {
    return this.db
      .selectFrom('report_group')
      .select(['id', 'report_types', 'week', 'month_day', 'generate_time', 'language'])
      .where('auto_generate', '=', true)
      .where(sql<SqlBool>`${today}::date BETWEEN effective_start AND effective_end`)
      .execute();
  }

  // --- Reports ----------------------------------------------------------------------------------

  pageReports(request: TGroupReportPageRequest) {
    let query = this.db
      .selectFrom('group_report as r')
      .leftJoin('mail_send_log as m', 'm.id', 'r.mail_id')
      .where('r.group_id', '=', request.groupId);
    if (request.statementType) query = query.where('r.statement_type', '=', request.statementType);
    return readPage(
      query,
      query
        .selectAll('r')
        .select(['m.status as mail_status', 'm.sent_at'])
        .orderBy('r.period_start', 'desc')
        .orderBy('r.id', 'desc'),
      request,
    );
  }

  /** Writes a manual report of a period, or sets the one there back to generating; returns its id. */
  async upsertManualReport(values: Insertable<GroupReportTable>, createdBy: number): Promise<number> {
    const row = await this.db
      .insertInto('group_report')
      .values(values)
      .onConflict((oc) =>
        oc.columns(['group_id', 'statement_type', 'period_start']).doUpdateSet({
          status: 'generating',
          reason: '',
          trigger: 'manual',
          created_by: createdBy,
          language: values.language,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  /** Writes a scheduled report of a slot once; undefined when the slot has one already. */
  async insertScheduledReport(values: Insertable<GroupReportTable>): Promise<number | undefined> {
    const row = await this.db
      .insertInto('group_report')
      .values(values)
      .onConflict((oc) => oc.columns(['group_id', 'statement_type', 'period_start']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row ? Number(row.id) : undefined;
  }

  /** A report with its group's name, sending and templates, for generating it. */
  findForGeneration(reportId: number) {
    return this.db
      .selectFrom('group_report as r')
      .innerJoin('report_group as g', 'g.id', 'r.group_id')
      .leftJoin('report_template as wt', 'wt.id', 'g.weekly_template_id')
      .leftJoin('report_template as mt', 'mt.id', 'g.monthly_template_id')
      .select([
        'r.id',
        'r.group_id',
        'r.statement_type',
        'r.period_start',
        'r.period_end',
        'r.language',
        'r.created_by',
        'r.docx_sha256',
        'r.pdf_sha256',
        'g.name',
        'g.auto_send',
        'g.creator_id',
        'wt.sections as weekly_sections',
        'mt.sections as monthly_sections',
      ])
      .where('r.id', '=', reportId)
      .executeTakeFirst();
  }

  /** A report with its group's name and recipients, for sending it. */
  findForSending(reportId: number) {
    return this.db
      .selectFrom('group_report as r')
      .innerJoin('report_group as g', 'g.id', 'r.group_id')
      .select([
        'r.id',
        'r.status',
        'r.statement_type',
        'r.period_start',
        'r.period_end',
        'r.language',
        'r.docx_sha256',
        'r.pdf_sha256',
        'g.name',
        'g.data_source_id',
        'g.receiver_addrs',
        'g.copy_addrs',
      ])
      .where('r.id', '=', reportId)
      .executeTakeFirstOrThrow();
  }

  findReport(id: number) {
    return this.db.selectFrom('group_report').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async updateReport(id: number, values: Updateable<GroupReportTable>): Promise<void> {
    await this.db.updateTable('group_report').set(values).where('id', '=', id).execute();
  }

  async deleteReport(id: number): Promise<void> {
    await this.db.deleteFrom('group_report').where('id', '=', id).execute();
  }

  // --- What a report says -----------------------------------------------------------------------

  /** The live sites among `stationIds`, by code. */
  listSites(stationIds: readonly number[]) {
    return this.db
      .selectFrom('station')
      .select(['id', 'station_code', 'project_name', 'status', 'data_time'])
      .where('id', 'in', [...stationIds])
      .where('is_deleted', '=', false)
      .orderBy('station_code')
      .execute();
  }

  /**
   * The sites with a long-term default (issue 28) and their stored convergence as it stands now: status,
   * months, the latest long-term estimate and its u_MCP, the months still needed, why it failed.
   */
  listLongTermCampaigns(stationIds: readonly number[]) {
    if (stationIds.length === 0) return Promise.resolve([]);
    return this.db
      .selectFrom('longterm_site_default as d')
      .innerJoin('station as s', 's.id', 'd.station_id')
      .leftJoin('longterm_convergence as c', 'c.station_id', 'd.station_id')
      .select([
        's.id',
        's.station_code',
        's.project_name',
        'd.reference_name',
        'd.reference_station_id',
        'c.status',
        'c.months',
        'c.latest_lt_mps',
        'c.latest_u_mcp',
        'c.months_needed',
        'c.error',
      ])
      .where('d.station_id', 'in', [...stationIds])
      .where('s.is_deleted', '=', false)
      .orderBy('s.station_code')
      .execute();
  }

  /**
   * Every alarm of the sites that was open at some moment of the period or handled in it. An alarm's
   * period_end is where its condition ended once it is closed (data flowing again; extended every sweep
   * while open).
   */
  listAlarmsAround(stationIds: readonly number[], period: TPeriod) {
    return this.db
      .selectFrom('alarm')
      .select(['station_id', 'type', 'created_at', 'period_end', 'handle_time', 'is_open'])
      .where('station_id', 'in', [...stationIds])
      .where('created_at', '<', period.end)
      .where((eb) =>
        eb.or([
          eb('is_open', '=', true),
          eb('period_end', '>=', period.start),
          eb.and([eb('handle_time', '>=', period.start), eb('handle_time', '<', period.end)]),
        ]),
      )
      .execute();
  }

  listRepairRequestsIn(stationIds: readonly number[], period: TPeriod) {
    return this.db
      .selectFrom('repair_request')
      .select(['station_id', 'created_at', 'reason'])
      .where('station_id', 'in', [...stationIds])
      .where('created_at', '>=', period.start)
      .where('created_at', '<', period.end)
      .execute();
  }

  listRepairClosesIn(stationIds: readonly number[], period: TPeriod) {
    return this.db
      .selectFrom('repair_record')
      .select(['station_id', 'closed_at', 'maintain_result'])
      .where('station_id', 'in', [...stationIds])
      .where('closed_at', '>=', period.start)
      .where('closed_at', '<', period.end)
      .execute();
  }
}
