import { Readable } from 'node:stream';
import {
  ANALYSIS_SECTION_NAMES,
  ANALYSIS_TEMPLATE_TYPE,
  AppError,
  builtinKeysMatching,
  DATA_REPORT_TYPE_NAMES,
  displayName,
  type Language,
  MAIL_STATUS_NAMES,
  REPORT_SECTION_NAMES,
  REPORT_STATUS_NAMES,
  STATEMENT_TYPE_NAMES,
  type TAnalysisSection,
  TEMPLATE_TYPE_OF,
  type TGroupReportGenerateRequest,
  type TGroupReportPageRequest,
  type TGroupReportRecord,
  type TPage,
  type TReportGroupDetail,
  type TReportGroupPageRequest,
  type TReportGroupRecord,
  type TReportGroupSaveRequest,
  type TReportSection,
  type TReportTemplate,
  type TStatementType,
  type TTemplatePageRequest,
  text,
} from '@masthub/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { removeUnreferenced } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { presentStoredError, storedError } from '../../platform/stored-error.ts';
import type { StationAccess } from '../access/index.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import { renderCharts } from './charts.ts';
import { collectFigures } from './collect.ts';
import { composeReport } from './compose.ts';
import {
  dueSlot,
  lastCompletePeriod,
  periodContaining,
  periodLabel,
  REPORT_OFFSET_MINUTES,
  type TPeriod,
} from './periods.ts';
import { renderDocx, renderPdf } from './render.ts';

export const REPORT_TICK_CRON = '*/5 * * * *';
const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** Today's date in Beijing time, 'YYYY-MM-DD'. */
function today(now = new Date()): string {
  return new Date(now.getTime() + REPORT_OFFSET_MINUTES * 60_000).toISOString().slice(0, 10);
}

function isoDate(value: Date | string): string {
  // node-postgres reads a `date` as local midnight; the process runs with TZ=UTC in tests and start.
  if (typeof value === 'string') return value.slice(0, 10);
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * Group reports (SPEC §2 /report/groupReport, §3, §4, §5): groups of sites, their weekly and monthly
 * reports generated on schedule (a slot once across processes: the unique index on group × type ×
 * period) or on demand, rendered to Word and PDF in the group's language, and e-mailed with the file
 * attached when the group says so. A user sees a group only when they may see every site in it.
 */
export class ReportService {
  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly outbox: MailOutbox,
    private readonly messages: Pick<MessageService, 'send' | 'publishEvent'>,
    private readonly jobs: TJobs,
    private readonly log: Logger,
  ) {}

  // --- Templates --------------------------------------------------------------------------------

  private presentTemplate(
    row: {
      id: number;
      type: number;
      name: string;
      sections: string[];
      is_builtin: boolean;
      builtin_key: string | null;
    },
    language: Language,
  ): TReportTemplate {
    const sections = row.sections;
    const isAnalysis = row.type === ANALYSIS_TEMPLATE_TYPE;
    return {
      id: Number(row.id),
      type: row.type,
      typeName: isAnalysis
        ? DATA_REPORT_TYPE_NAMES.analysis[language]
        : STATEMENT_TYPE_NAMES[row.type === 0 ? 'weekly' : 'monthly'][language],
      tempName: displayName(row.name, row.builtin_key, language),
      sections,
      sectionNames: sections.map(
        (s) =>
          (isAnalysis
            ? ANALYSIS_SECTION_NAMES[s as TAnalysisSection]
            : REPORT_SECTION_NAMES[s as TReportSection])?.[language] ?? s,
      ),
      isBuiltin: row.is_builtin,
    };
  }

  async templates(type: number, language: Language): Promise<TReportTemplate[]> {
    const rows = await this.db
      .selectFrom('report_template')
      .selectAll()
      .where('type', '=', type)
      .orderBy('id')
      .execute();
    return rows.map((r) => this.presentTemplate(r, language));
  }

  async templatePage(request: TTemplatePageRequest, language: Language): Promise<TPage<TReportTemplate>> {
    let query = this.db.selectFrom('report_template');
    if (request.type !== undefined) query = query.where('type', '=', request.type);
    if (request.tempName) {
      // Built-in templates are found by their name in either language.
      const keys = builtinKeysMatching(request.tempName, 'reportTemplate.');
      const like = likeContains(request.tempName);
      query = query.where((eb) =>
        eb.or([eb('name', 'ilike', like), ...(keys.length > 0 ? [eb('builtin_key', 'in', keys)] : [])]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll()
        .orderBy('type')
        .orderBy('id')
        .limit(request.pageSize)
        .offset((request.pageNo - 1) * request.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => this.presentTemplate(r, language)),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  // --- Groups -----------------------------------------------------------------------------------

  /** "The user may see every site of the group" over a group row aliased `g`. */
  private visible(user: TAuthUser): Expression<SqlBool> {
    if (hasAllStations(user)) return sql<SqlBool>`true`;
    return sql<SqlBool>`NOT EXISTS (
      SELECT 1 FROM report_group_station gs JOIN station s ON s.id = gs.station_id
       WHERE gs.group_id = g.id AND NOT (${stationAccessPredicate(user, 's')}))`;
  }

  private async assertGroup(user: TAuthUser, groupId: number): Promise<void> {
    const row = await this.db
      .selectFrom('report_group as g')
      .select(['g.id'])
      .select(sql<boolean>`${this.visible(user)}`.as('is_visible'))
      .where('g.id', '=', groupId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    if (!row.is_visible) throw new AppError('FORBIDDEN');
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

  private presentGroup(
    row: Awaited<ReturnType<ReturnType<ReportService['groupQuery']>['execute']>>[number],
    language: Language,
  ): TReportGroupRecord {
    const start = isoDate(row.effective_start);
    const end = isoDate(row.effective_end);
    const now = today();
    const [lastStatus, lastTime] = (row.last_report ?? '').split('|') as [string, string];
    const types = row.report_types as TStatementType[];
    const status = (['generating', 'success', 'failure'] as const).find((s) => s === lastStatus) ?? null;
    return {
      id: Number(row.id),
      name: row.name,
      creatorId: row.creator_id === null ? null : Number(row.creator_id),
      creatorName: row.creator_name ?? '',
      effectiveDate: [start, end],
      isEffective: start <= now && now <= end,
      reportType: types,
      reportTypeName: types
        .map((t) => STATEMENT_TYPE_NAMES[t][language])
        .join(language === 'zh' ? '、' : ', '),
      weeklyTemplateId: row.weekly_template_id === null ? null : Number(row.weekly_template_id),
      weeklyTemplateName: displayName(row.weekly_template_name ?? '', row.weekly_template_key, language),
      monthlyTemplateId: row.monthly_template_id === null ? null : Number(row.monthly_template_id),
      monthlyTemplateName: displayName(row.monthly_template_name ?? '', row.monthly_template_key, language),
      autoGenerate: row.auto_generate,
      autoSend: row.auto_send,
      generateTimes: row.generate_time,
      week: row.week,
      month: row.month_day,
      dataSourceId: row.data_source_id === null ? null : Number(row.data_source_id),
      dataSourceName: row.data_source_name ?? '',
      receiverAddress: row.receiver_addrs,
      copyAddress: row.copy_addrs,
      language: row.language,
      stationIds: (row.station_ids ?? []).map(Number),
      stationCount: (row.station_ids ?? []).length,
      lastStatus: status,
      lastStatusName: status ? REPORT_STATUS_NAMES[status][language] : '',
      lastGenerateTime: lastTime || null,
      createTime: row.created_at.toISOString(),
    };
  }

  async groupPage(
    user: TAuthUser,
    request: TReportGroupPageRequest,
    language: Language,
  ): Promise<TPage<TReportGroupRecord>> {
    let query = this.groupQuery().where(this.visible(user));
    let count = this.db
      .selectFrom('report_group as g')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where(this.visible(user));
    if (request.keywords) {
      query = query.where('g.name', 'ilike', likeContains(request.keywords));
      count = count.where('g.name', 'ilike', likeContains(request.keywords));
    }
    if (request.validity !== undefined) {
      const inside = sql<SqlBool>`(${today()}::date BETWEEN g.effective_start AND g.effective_end)`;
      const condition = request.validity === 1 ? inside : sql<SqlBool>`NOT ${inside}`;
      query = query.where(condition);
      count = count.where(condition);
    }
    const [rows, total] = await Promise.all([
      query
        .orderBy('g.created_at', 'desc')
        .orderBy('g.id', 'desc')
        .limit(request.pageSize)
        .offset((request.pageNo - 1) * request.pageSize)
        .execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => this.presentGroup(r, language)),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  async groupDetail(user: TAuthUser, id: number, language: Language): Promise<TReportGroupDetail> {
    await this.assertGroup(user, id);
    const [row, stations] = await Promise.all([
      this.groupQuery().where('g.id', '=', id).executeTakeFirstOrThrow(),
      this.db
        .selectFrom('report_group_station as gs')
        .innerJoin('station as s', 's.id', 'gs.station_id')
        .select(['s.id', 's.station_code', 's.project_name'])
        .where('gs.group_id', '=', id)
        .orderBy('s.station_code')
        .execute(),
    ]);
    return {
      ...this.presentGroup(row, language),
      stations: stations.map((s) => ({
        id: Number(s.id),
        stationCode: s.station_code,
        projectName: s.project_name,
      })),
    };
  }

  async saveGroup(user: TAuthUser, input: TReportGroupSaveRequest): Promise<{ id: number }> {
    if (input.id !== undefined) await this.assertGroup(user, input.id);
    await this.access.assertCanView(user, input.stationIds);
    const templates = await this.db
      .selectFrom('report_template')
      .select(['id', 'type'])
      .where('id', 'in', [input.weeklyTemplateId ?? 0, input.monthlyTemplateId ?? 0])
      .execute();
    const typeOf = new Map(templates.map((t) => [Number(t.id), t.type]));
    const fields: { field: string; message: string }[] = [];
    if (
      input.reportType.includes('weekly') &&
      typeOf.get(input.weeklyTemplateId ?? 0) !== TEMPLATE_TYPE_OF.weekly
    ) {
      fields.push({ field: 'weeklyTemplateId', message: 'v.unknownOption' });
    }
    if (
      input.reportType.includes('monthly') &&
      typeOf.get(input.monthlyTemplateId ?? 0) !== TEMPLATE_TYPE_OF.monthly
    ) {
      fields.push({ field: 'monthlyTemplateId', message: 'v.unknownOption' });
    }
    if (input.dataSourceId !== null) {
      const source = await this.db
        .selectFrom('data_source')
        .select('fetch_type')
        .where('id', '=', input.dataSourceId)
        .executeTakeFirst();
      if (source?.fetch_type !== 'email') fields.push({ field: 'dataSourceId', message: 'v.unknownOption' });
    }
    if (fields.length > 0) throw new AppError('VALIDATION_FAILED', {}, fields);
    const values = {
      name: input.name,
      effective_start: input.effectiveDate[0],
      effective_end: input.effectiveDate[1],
      report_types: input.reportType,
      weekly_template_id: input.reportType.includes('weekly') ? input.weeklyTemplateId : null,
      monthly_template_id: input.reportType.includes('monthly') ? input.monthlyTemplateId : null,
      auto_generate: input.autoGenerate,
      auto_send: input.autoSend,
      generate_time: input.generateTimes,
      week: input.week,
      month_day: input.month,
      data_source_id: input.dataSourceId,
      receiver_addrs: input.receiverAddress,
      copy_addrs: input.copyAddress,
      language: input.language,
    };
    return this.db.transaction().execute(async (trx) => {
      const clash = await trx
        .selectFrom('report_group')
        .select('id')
        .where(sql<boolean>`lower(name) = lower(${input.name})`)
        .executeTakeFirst();
      if (clash && Number(clash.id) !== input.id) {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'name', message: 'v.nameTaken' }]);
      }
      let id: number;
      if (input.id === undefined) {
        id = Number(
          (
            await trx
              .insertInto('report_group')
              .values({ ...values, creator_id: user.id })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id,
        );
      } else {
        id = input.id;
        await trx
          .updateTable('report_group')
          .set({ ...values, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
        await trx.deleteFrom('report_group_station').where('group_id', '=', id).execute();
      }
      await trx
        .insertInto('report_group_station')
        .values(input.stationIds.map((station_id) => ({ group_id: id, station_id })))
        .execute();
      return { id };
    });
  }

  async deleteGroup(user: TAuthUser, id: number): Promise<void> {
    await this.assertGroup(user, id);
    const files = await this.db
      .selectFrom('group_report')
      .select(['docx_sha256', 'pdf_sha256'])
      .where('group_id', '=', id)
      .execute();
    await this.db.deleteFrom('report_group').where('id', '=', id).execute();
    await this.removeUnused(files.flatMap((f) => [f.docx_sha256, f.pdf_sha256]));
  }

  // --- Reports of a group -----------------------------------------------------------------------

  async reportPage(
    user: TAuthUser,
    request: TGroupReportPageRequest,
    language: Language,
  ): Promise<TPage<TGroupReportRecord>> {
    await this.assertGroup(user, request.groupId);
    let query = this.db
      .selectFrom('group_report as r')
      .leftJoin('mail_send_log as m', 'm.id', 'r.mail_id')
      .where('r.group_id', '=', request.groupId);
    if (request.statementType) query = query.where('r.statement_type', '=', request.statementType);
    const [rows, total] = await Promise.all([
      query
        .selectAll('r')
        .select(['m.status as mail_status', 'm.sent_at'])
        .orderBy('r.period_start', 'desc')
        .orderBy('r.id', 'desc')
        .limit(request.pageSize)
        .offset((request.pageNo - 1) * request.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => ({
        id: Number(r.id),
        groupId: Number(r.group_id),
        statementDate: periodLabel(r.statement_type, { start: r.period_start, end: r.period_end }),
        periodStart: r.period_start.toISOString(),
        periodEnd: r.period_end.toISOString(),
        statementType: r.statement_type,
        statementTypeName: STATEMENT_TYPE_NAMES[r.statement_type][language],
        status: r.status,
        statusName: REPORT_STATUS_NAMES[r.status][language],
        reason: presentStoredError(r.reason, language),
        generateTime: r.generate_time?.toISOString() ?? null,
        sendTime: r.sent_at?.toISOString() ?? null,
        sendStatus: r.mail_status ?? '',
        sendStatusName: r.mail_status ? MAIL_STATUS_NAMES[r.mail_status][language] : '',
        hasFiles: r.docx_sha256 !== null && r.pdf_sha256 !== null,
        createTime: r.created_at.toISOString(),
      })),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  /** POST /web/statement/generate: (re)generates the report of a period now, in the background. */
  async generate(user: TAuthUser, request: TGroupReportGenerateRequest): Promise<{ id: number }> {
    await this.assertGroup(user, request.groupId);
    const group = await this.db
      .selectFrom('report_group')
      .select(['report_types', 'language'])
      .where('id', '=', request.groupId)
      .executeTakeFirstOrThrow();
    if (!group.report_types.includes(request.statementType)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'statementType', message: 'v.oneOf' }]);
    }
    const period = request.date
      ? periodContaining(request.statementType, new Date(`${request.date}T12:00:00+08:00`))
      : lastCompletePeriod(request.statementType, new Date());
    const row = await this.db
      .insertInto('group_report')
      .values({
        group_id: request.groupId,
        statement_type: request.statementType,
        period_start: period.start,
        period_end: period.end,
        language: group.language,
        trigger: 'manual',
        created_by: user.id,
        generate_time: null,
        send_time: null,
        mail_id: null,
        docx_sha256: null,
        pdf_sha256: null,
        docx_size: null,
        pdf_size: null,
      })
      .onConflict((oc) =>
        oc.columns(['group_id', 'statement_type', 'period_start']).doUpdateSet({
          status: 'generating',
          reason: '',
          trigger: 'manual',
          created_by: user.id,
          language: group.language,
        }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.jobs.send(
      'reports.generate',
      { reportId: Number(row.id) },
      { singletonKey: `report:${row.id}` },
    );
    return { id: Number(row.id) };
  }

  /** Renders one report (the 'reports.generate' job); a failure is stored with its reason. */
  async runGeneration(reportId: number, now = new Date()): Promise<'success' | 'failure'> {
    const report = await this.db
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
    if (!report) return 'failure';
    const period: TPeriod = { start: report.period_start, end: report.period_end };
    const language = report.language;
    try {
      const stations = await this.db
        .selectFrom('report_group_station as gs')
        .innerJoin('station as s', 's.id', 'gs.station_id')
        .select('gs.station_id')
        .where('gs.group_id', '=', report.group_id)
        .where('s.is_deleted', '=', false)
        .execute();
      if (stations.length === 0) throw new AppError('REPORT_GROUP_EMPTY');
      const figures = await collectFigures(
        this.db,
        stations.map((s) => Number(s.station_id)),
        period,
      );
      // A period in which no site sent anything is reported too (0 % recovery each): that is what a
      // weekly report of a network is for. REPORT_NO_DATA stays for the reasons stored before.
      const sections = ((report.statement_type === 'weekly'
        ? report.weekly_sections
        : report.monthly_sections) ?? ['summary', 'sites']) as TReportSection[];
      const blocks = composeReport({
        groupName: report.name,
        type: report.statement_type,
        sections,
        figures,
        language,
        generatedAt: now,
      });
      const charts = renderCharts(figures, language);
      const title = blocks[0]?.kind === 'title' ? blocks[0].text : report.name;
      const [docx, pdf] = await Promise.all([renderDocx(blocks, charts), renderPdf(blocks, charts, title)]);
      const [docxFile, pdfFile] = await Promise.all([this.store(docx), this.store(pdf)]);
      await this.db
        .updateTable('group_report')
        .set({
          status: 'success',
          reason: '',
          docx_sha256: docxFile.sha256,
          docx_size: docx.length,
          pdf_sha256: pdfFile.sha256,
          pdf_size: pdf.length,
          generate_time: new Date(),
        })
        .where('id', '=', reportId)
        .execute();
      await this.removeUnused([report.docx_sha256, report.pdf_sha256]);
      if (report.auto_send) await this.send(reportId);
      await this.announce(report, 'success');
      return 'success';
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      if (!(error instanceof AppError)) this.log.error({ err: error, reportId }, 'report generation failed');
      await this.db
        .updateTable('group_report')
        .set({ status: 'failure', reason: storedError(reason), generate_time: new Date() })
        .where('id', '=', reportId)
        .execute();
      await this.announce(report, 'failure');
      return 'failure';
    }
  }

  /** Tells whoever asked for the report (or the group's creator) that it is ready or why not. */
  private async announce(
    report: {
      id: number;
      group_id: number;
      name: string;
      created_by: number | null;
      creator_id: number | null;
      statement_type: TStatementType;
      period_start: Date;
      period_end: Date;
    },
    status: 'success' | 'failure',
  ): Promise<void> {
    const userId = report.created_by ?? report.creator_id;
    if (userId === null) return;
    const label = periodLabel(report.statement_type, { start: report.period_start, end: report.period_end });
    await this.messages
      .send(Number(userId), {
        type: 'report',
        message: text(status === 'success' ? 'message.reportReady' : 'message.reportFailed', {
          name: report.name,
          period: label,
        }),
        messageType: status === 'success' ? 'success' : 'error',
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'report message failed'));
  }

  private async store(content: Buffer): Promise<{ sha256: string }> {
    const staged = await this.files.stage(Readable.from([content]));
    await staged.commit();
    return { sha256: staged.sha256 };
  }

  /** Removes stored files nothing refers to any more (content-references.ts). */
  private async removeUnused(hashes: readonly (string | null)[]): Promise<void> {
    await removeUnreferenced(this.db, this.files, hashes);
  }

  /** E-mails a generated report with both files attached, through the group's sender. */
  async send(reportId: number): Promise<{ mailId: number }> {
    const row = await this.db
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
    if (row.status !== 'success' || !row.docx_sha256 || !row.pdf_sha256)
      throw new AppError('REPORT_NOT_READY');
    if (row.data_source_id === null || row.receiver_addrs.length === 0)
      throw new AppError('REPORT_NO_RECIPIENT');
    const label = periodLabel(row.statement_type, { start: row.period_start, end: row.period_end });
    const typeName = STATEMENT_TYPE_NAMES[row.statement_type][row.language];
    const zh = row.language === 'zh';
    const base = `${row.name}_${typeName}_${label.replace(/ ~ /, '_')}`;
    const subject = zh
      ? `【MastHub ${typeName}】${row.name}（${label}）`
      : `[MastHub ${typeName} report] ${row.name} (${label})`;
    const text = zh
      ? `您好：\n\n附件为“${row.name}”${label} 的${typeName}（Word 与 PDF 各一份）。\n\n此邮件由 MastHub 测风数据平台自动发送。`
      : `Hello,\n\nAttached is the ${typeName.toLowerCase()} report of “${row.name}” for ${label} (Word and PDF).\n\nSent by the MastHub wind measurement platform.`;
    const mailId = await this.db.transaction().execute(async (trx) => {
      const id = await this.outbox.queue(trx, {
        kind: 'report',
        dataSourceId: Number(row.data_source_id),
        toName: row.name,
        to: row.receiver_addrs,
        cc: row.copy_addrs,
        subject,
        text,
        language: row.language,
        attachments: [
          { filename: `${base}.docx`, sha256: row.docx_sha256!, contentType: DOCX_TYPE },
          { filename: `${base}.pdf`, sha256: row.pdf_sha256!, contentType: 'application/pdf' },
        ],
      });
      await trx
        .updateTable('group_report')
        .set({ mail_id: id, send_time: new Date() })
        .where('id', '=', reportId)
        .execute();
      return id;
    });
    await this.outbox.dispatch([mailId]);
    return { mailId };
  }

  async resend(user: TAuthUser, reportId: number): Promise<{ mailId: number }> {
    await this.assertReport(user, reportId);
    return this.send(reportId);
  }

  private async assertReport(user: TAuthUser, reportId: number) {
    const row = await this.db
      .selectFrom('group_report')
      .selectAll()
      .where('id', '=', reportId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    await this.assertGroup(user, Number(row.group_id));
    return row;
  }

  async deleteReport(user: TAuthUser, reportId: number): Promise<void> {
    const row = await this.assertReport(user, reportId);
    await this.db.deleteFrom('group_report').where('id', '=', reportId).execute();
    await this.removeUnused([row.docx_sha256, row.pdf_sha256]);
  }

  /** A report file for download or preview: its stream, name and type. */
  async file(
    user: TAuthUser,
    reportId: number,
    format: 'docx' | 'pdf',
  ): Promise<{ stream: NodeJS.ReadableStream; sizeBytes: number; fileName: string; contentType: string }> {
    const row = await this.assertReport(user, reportId);
    const sha256 = format === 'docx' ? row.docx_sha256 : row.pdf_sha256;
    if (row.status !== 'success' || !sha256) throw new AppError('REPORT_NOT_READY');
    const opened = await this.files.open(sha256);
    if (!opened) throw new AppError('NOT_FOUND');
    const group = await this.db
      .selectFrom('report_group')
      .select('name')
      .where('id', '=', row.group_id)
      .executeTakeFirstOrThrow();
    const label = periodLabel(row.statement_type, { start: row.period_start, end: row.period_end });
    return {
      stream: opened.stream,
      sizeBytes: opened.sizeBytes,
      fileName: `${group.name}_${label.replace(/ ~ /, '_')}.${format}`,
      contentType: format === 'docx' ? DOCX_TYPE : 'application/pdf',
    };
  }

  // --- Schedule ---------------------------------------------------------------------------------

  /** Every due slot of every group with automatic generation: written once, then generated. */
  async tick(now = new Date()): Promise<number[]> {
    const groups = await this.db
      .selectFrom('report_group')
      .select(['id', 'report_types', 'week', 'month_day', 'generate_time', 'language'])
      .where('auto_generate', '=', true)
      .where(sql<SqlBool>`${today(now)}::date BETWEEN effective_start AND effective_end`)
      .execute();
    const created: number[] = [];
    for (const g of groups) {
      for (const type of g.report_types as TStatementType[]) {
        const slot = dueSlot(
          type,
          { week: g.week, monthDay: g.month_day, generateTime: g.generate_time },
          now,
        );
        if (!slot) continue;
        const row = await this.db
          .insertInto('group_report')
          .values({
            group_id: g.id,
            statement_type: type,
            period_start: slot.start,
            period_end: slot.end,
            language: g.language,
            trigger: 'schedule',
            created_by: null,
            generate_time: null,
            send_time: null,
            mail_id: null,
            docx_sha256: null,
            pdf_sha256: null,
            docx_size: null,
            pdf_size: null,
          })
          .onConflict((oc) => oc.columns(['group_id', 'statement_type', 'period_start']).doNothing())
          .returning('id')
          .executeTakeFirst();
        if (row) created.push(Number(row.id));
      }
    }
    for (const reportId of created) {
      await this.jobs.send('reports.generate', { reportId }, { singletonKey: `report:${reportId}` });
    }
    return created;
  }

  async registerJobs(jobs: TJobs, cron: string = REPORT_TICK_CRON): Promise<void> {
    await jobs.work(
      'reports.generate',
      async (job) => {
        await this.runGeneration(job.data.reportId);
      },
      { pollingIntervalSeconds: 2 },
    );
    await jobs.work(
      'reports.tick',
      async () => {
        await this.tick(new Date());
      },
      { pollingIntervalSeconds: SCHEDULED_POLL_SECONDS },
    );
    await jobs.schedule('reports.tick', cron, {});
  }
}
