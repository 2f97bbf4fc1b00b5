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
import { say } from '../../../i18n/index.ts';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { Database } from '../../../platform/db/database.ts';
import { presentPage } from '../../../platform/db/paging.ts';
import { NO_OUTBOUND_EVENTS, type OutboundEvents } from '../../../platform/events/outbound-events.ts';
import { removeUnreferenced } from '../../../platform/files/content-references.ts';
import type { TFileStore } from '../../../platform/files/file-store.ts';
import { SCHEDULED_POLL_SECONDS, type TJobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { presentStoredError, storedError } from '../../../platform/stored-error.ts';
import type { StationAccess } from '../../access/index.ts';
import type { MailOutbox } from '../../mail/index.ts';
import type { MessageService } from '../../messages/index.ts';
import { renderDocx, renderPdf } from '../render/render.ts';
import { UNBUILT_SCHEDULED_REPORT } from '../unbuilt.ts';
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
import { ReportRepository } from './reports.repository.ts';

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
  private readonly reports: ReportRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly outbox: MailOutbox,
    private readonly messages: Pick<MessageService, 'send' | 'publishEvent'>,
    private readonly jobs: TJobs,
    private readonly log: Logger,
    private readonly events: OutboundEvents = NO_OUTBOUND_EVENTS,
  ) {
    this.reports = new ReportRepository(db);
  }

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
    const rows = await this.reports.listTemplates(type);
    return rows.map((r) => this.presentTemplate(r, language));
  }

  async templatePage(request: TTemplatePageRequest, language: Language): Promise<TPage<TReportTemplate>> {
    // Built-in templates are found by their name in either language.
    const keys = request.tempName ? builtinKeysMatching(request.tempName, 'reportTemplate.') : [];
    const { rows, total } = await this.reports.pageTemplates(request, keys);
    return presentPage(request, { rows, total }, (r) => this.presentTemplate(r, language));
  }

  // --- Groups -----------------------------------------------------------------------------------

  private async assertGroup(user: TAuthUser, groupId: number): Promise<void> {
    const row = await this.reports.findGroupVisibility(user, groupId);
    if (!row) throw new AppError('NOT_FOUND');
    if (!row.is_visible) throw new AppError('FORBIDDEN');
  }

  private presentGroup(
    row: Awaited<ReturnType<ReportRepository['findGroup']>>,
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
        .join(say(language, 'common.listSeparator')),
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
    const { rows, total } = await this.reports.pageGroups(user, request, today());
    return presentPage(request, { rows, total }, (r) => this.presentGroup(r, language));
  }

  async groupDetail(user: TAuthUser, id: number, language: Language): Promise<TReportGroupDetail> {
    await this.assertGroup(user, id);
    const [row, stations] = await Promise.all([
      this.reports.findGroup(id),
      this.reports.listGroupStations(id),
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
    const templates = await this.reports.listTemplateTypes([
      input.weeklyTemplateId ?? 0,
      input.monthlyTemplateId ?? 0,
    ]);
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
      const source = await this.reports.findDataSourceFetchType(input.dataSourceId);
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
      const reports = new ReportRepository(trx);
      const clash = await reports.findGroupByName(input.name);
      if (clash && Number(clash.id) !== input.id) {
        throw new AppError('VALIDATION_FAILED', {}, [{ field: 'name', message: 'v.nameTaken' }]);
      }
      let id: number;
      if (input.id === undefined) {
        id = await reports.insertGroup({ ...values, creator_id: user.id });
      } else {
        id = input.id;
        await reports.updateGroup(id, { ...values, updated_at: new Date() });
      }
      await reports.insertGroupStations(id, input.stationIds);
      return { id };
    });
  }

  async deleteGroup(user: TAuthUser, id: number): Promise<void> {
    await this.assertGroup(user, id);
    const files = await this.reports.listGroupReportFiles(id);
    await this.reports.deleteGroup(id);
    await this.removeUnused(files.flatMap((f) => [f.docx_sha256, f.pdf_sha256]));
  }

  // --- Reports of a group -----------------------------------------------------------------------

  async reportPage(
    user: TAuthUser,
    request: TGroupReportPageRequest,
    language: Language,
  ): Promise<TPage<TGroupReportRecord>> {
    await this.assertGroup(user, request.groupId);
    const { rows, total } = await this.reports.pageReports(request);
    return presentPage(request, { rows, total }, (r) => ({
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
    }));
  }

  /** POST /web/statement/generate: (re)generates the report of a period now, in the background. */
  async generate(user: TAuthUser, request: TGroupReportGenerateRequest): Promise<{ id: number }> {
    await this.assertGroup(user, request.groupId);
    const group = await this.reports.findGroupTypes(request.groupId);
    if (!group.report_types.includes(request.statementType)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'statementType', message: 'v.oneOf' }]);
    }
    const period = request.date
      ? periodContaining(request.statementType, new Date(`${request.date}T12:00:00+08:00`))
      : lastCompletePeriod(request.statementType, new Date());
    const id = await this.reports.upsertManualReport(
      {
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
      },
      user.id,
    );
    await this.jobs.send('reports.generate', { reportId: id }, { singletonKey: `report:${id}` });
    return { id };
  }

  /** Renders one report (the 'reports.generate' job); a failure is stored with its reason. */
  async runGeneration(reportId: number, now = new Date()): Promise<'success' | 'failure'> {
    const report = await this.reports.findForGeneration(reportId);
    if (!report) return 'failure';
    const period: TPeriod = { start: report.period_start, end: report.period_end };
    const language = report.language;
    let stationIds: number[] = [];
    try {
      stationIds = await this.reports.listLiveStationIds(report.group_id);
      if (stationIds.length === 0) throw new AppError('REPORT_GROUP_EMPTY');
      const figures = await collectFigures(this.db, stationIds, period);
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
      await this.reports.updateReport(reportId, {
        status: 'success',
        reason: '',
        docx_sha256: docxFile.sha256,
        docx_size: docx.length,
        pdf_sha256: pdfFile.sha256,
        pdf_size: pdf.length,
        generate_time: new Date(),
      });
      await this.removeUnused([report.docx_sha256, report.pdf_sha256]);
      if (report.auto_send) await this.send(reportId);
      await this.announce(report, 'success', stationIds);
      const ready = { reportId, reportKind: 'group' as const, name: report.name };
      await this.events.emit({ kind: 'report.ready', stationIds, data: ready });
      return 'success';
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      if (!(error instanceof AppError)) this.log.error({ err: error, reportId }, 'report generation failed');
      await this.reports.updateReport(reportId, {
        status: 'failure',
        reason: storedError(reason),
        generate_time: new Date(),
      });
      await this.announce(report, 'failure', stationIds);
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
    stationIds: readonly number[],
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
        stationIds,
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
    const row = await this.reports.findForSending(reportId);
    if (row.status !== 'success' || !row.docx_sha256 || !row.pdf_sha256)
      throw new AppError('REPORT_NOT_READY');
    if (row.data_source_id === null || row.receiver_addrs.length === 0)
      throw new AppError('REPORT_NO_RECIPIENT');
    const label = periodLabel(row.statement_type, { start: row.period_start, end: row.period_end });
    const typeName = STATEMENT_TYPE_NAMES[row.statement_type][row.language];
    const base = `${row.name}_${typeName}_${label.replace(/ ~ /, '_')}`;
    const subject = say(row.language, 'groupReports.mail.subject', { name: row.name, label, type: typeName });
    // In lower case inside the English sentence; a Chinese name has no case and stays as it is.
    const text = say(row.language, 'groupReports.mail.text', {
      name: row.name,
      label,
      type: typeName.toLowerCase(),
    });
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
      await new ReportRepository(trx).updateReport(reportId, { mail_id: id, send_time: new Date() });
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
    const row = await this.reports.findReport(reportId);
    if (!row) throw new AppError('NOT_FOUND');
    await this.assertGroup(user, Number(row.group_id));
    return row;
  }

  async deleteReport(user: TAuthUser, reportId: number): Promise<void> {
    const row = await this.assertReport(user, reportId);
    await this.reports.deleteReport(reportId);
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
    const group = await this.reports.findGroupName(row.group_id);
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
    const groups = await this.reports.listScheduledGroups(today(now));
    const created: number[] = [];
    for (const g of groups) {
      for (const type of g.report_types as TStatementType[]) {
        const slot = dueSlot(
          type,
          { week: g.week, monthDay: g.month_day, generateTime: g.generate_time },
          now,
        );
        if (!slot) continue;
        const id = await this.reports.insertScheduledReport({
          group_id: g.id,
          statement_type: type,
          period_start: slot.start,
          period_end: slot.end,
          language: g.language,
          ...UNBUILT_SCHEDULED_REPORT,
        });
        if (id !== undefined) created.push(id);
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
