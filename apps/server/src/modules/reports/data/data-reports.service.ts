import { pipeline, Transform } from 'node:stream';
import {
  ANALYSIS_SECTION_NAMES,
  ANALYSIS_TEMPLATE_TYPE,
  AppError,
  builtinKeysMatching,
  DATA_REPORT_TYPE_NAMES,
  DATA_REPORT_UPLOAD_MAX_BYTES,
  displayName,
  fieldError,
  type Language,
  REPORT_STATUS_NAMES,
  type TAnalysisReportRequest,
  type TAnalysisSection,
  type TDataReportDownloadRequest,
  type TDataReportFields,
  type TDataReportPageRequest,
  type TDataReportRecord,
  type TDataReportUploadFields,
  type TPage,
  type TReportTemplate,
  versionDisplayName,
} from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { Database } from '../../../platform/db/database.ts';
import { presentPage } from '../../../platform/db/paging.ts';
import type { OutboundEvents } from '../../../platform/events/outbound-events.ts';
import { lockContent, removeUnreferenced } from '../../../platform/files/content-references.ts';
import { FileTooLargeError, type TFileStore } from '../../../platform/files/file-store.ts';
import type { TReaderContext } from '../../../platform/http/route.ts';
import type { TJobs } from '../../../platform/jobs/jobs.ts';
import type { Logger } from '../../../platform/logger.ts';
import { presentStoredError } from '../../../platform/stored-error.ts';
import type { StationAccess } from '../../access/index.ts';
import { readTextReportHead } from '../../ingestion/index.ts';
import type { MessageService } from '../../messages/index.ts';
import type { SuitabilityService } from '../../suitability/index.ts';
import {
  isMeanDirection,
  isMeanSpeed,
  loadForAnalysis,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
} from '../../timeseries/index.ts';
import type { StatisticsService } from '../../wind-data/index.ts';
import { heightTagOf } from '../../wind-data/index.ts';
import { AnalysisReportBuilder, type TStoredParams } from '../analysis/analysis-build.ts';
import { ReportRepository } from '../group/reports.repository.ts';
import { UNBUILT_DATA_REPORT } from '../unbuilt.ts';
import { DataReportRepository } from './data-reports.repository.ts';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const HEAD_TEXT_BYTES = 64 * 1024;

function isoDate(value: Date | null): string | null {
  // node-postgres reads a `date` as local midnight; every process runs with TZ=UTC.
  if (!value) return null;
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

/**
 * Data reports (SPEC §3 data report, §5 wind report rules, §6, §7 /web/report/data/*): a text report an
 * analysis tool exported, stored byte for byte with its SHA-256; or an analysis report of a data
 * version, generated in the background from the statistics analysis and rendered to Word and PDF in
 * the GB/T 18710 / NB/T 31147 chapter order. A user sees the reports of the sites they may see.
 */
export class DataReportService {
  private readonly store: TTimeSeriesStore;
  private readonly reports: DataReportRepository;
  private readonly templates: ReportRepository;
  private readonly builder: AnalysisReportBuilder;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    /** What an analysis report is computed with: the statistics and the site suitability. */
    analysis: { statistics: StatisticsService; suitability: SuitabilityService },
    messages: Pick<MessageService, 'send'>,
    private readonly jobs: TJobs,
    log: Logger,
    events?: OutboundEvents,
  ) {
    this.store = openTimeSeriesStore(db);
    this.reports = new DataReportRepository(db);
    this.templates = new ReportRepository(db);
    this.builder = new AnalysisReportBuilder(db, files, analysis, messages, log, events);
  }

  // --- Templates --------------------------------------------------------------------------------

  async templatePage(
    request: { pageNo: number; pageSize: number; tempName?: string | undefined },
    language: Language,
  ): Promise<TPage<TReportTemplate>> {
    // Built-in templates are found by their name in either language.
    const keys = request.tempName ? builtinKeysMatching(request.tempName, 'reportTemplate.') : [];
    const { rows, total } = await this.templates.pageTemplates(
      { ...request, type: ANALYSIS_TEMPLATE_TYPE },
      keys,
    );
    return presentPage(request, { rows, total }, (r) => ({
      id: Number(r.id),
      type: r.type,
      typeName: DATA_REPORT_TYPE_NAMES.analysis[language],
      tempName: displayName(r.name, r.builtin_key, language),
      sections: r.sections,
      sectionNames: r.sections.map((s) => ANALYSIS_SECTION_NAMES[s as TAnalysisSection]?.[language] ?? s),
      isBuiltin: r.is_builtin,
    }));
  }

  // --- List -------------------------------------------------------------------------------------

  async page(
    user: TAuthUser,
    request: TDataReportPageRequest,
    language: Language,
  ): Promise<TPage<TDataReportRecord>> {
    // A filter naming a site beyond the caller is refused as every station-scoped call is (issue 26 §1).
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.reports.page(user, request);
    return presentPage(request, { rows, total }, (r) => this.present(r, language));
  }

  private present(
    r: {
      id: number;
      station_id: number;
      station_code: string;
      project_name: string;
      manufacturer_name: string | null;
      template_name: string | null;
      template_key?: string | null;
      version_kind: string | null;
      report_name: string;
      type: 'upload' | 'analysis';
      version_id: number | null;
      version_name: string;
      element: string;
      report_start: Date | null;
      report_end: Date | null;
      owner_id: number | null;
      owner_name: string;
      build_time: Date | null;
      status: 'generating' | 'success' | 'failure';
      reason: string;
      file_name: string | null;
      file_size: number | null;
      file_sha256: string | null;
      source_tool: string;
      head_text: string;
      created_at: Date;
    },
    language: Language,
  ): TDataReportRecord {
    return {
      id: Number(r.id),
      stationId: Number(r.station_id),
      stationCode: r.station_code,
      reportName: r.report_name,
      type: r.type,
      typeName: DATA_REPORT_TYPE_NAMES[r.type][language],
      project: r.project_name,
      manufacturerName: r.manufacturer_name ?? '',
      versionId: r.version_id === null ? null : Number(r.version_id),
      // The original version's stored name is Chinese: shown by kind in the reader's language.
      version: versionDisplayName({ kind: r.version_kind ?? '', name: r.version_name }, language),
      element: r.element,
      reportStartDate: isoDate(r.report_start),
      reportEndDate: isoDate(r.report_end),
      ownerId: r.owner_id === null ? null : Number(r.owner_id),
      owner: r.owner_name,
      buildTime: r.build_time?.toISOString() ?? null,
      status: r.status,
      statusName: REPORT_STATUS_NAMES[r.status][language],
      reason: presentStoredError(r.reason, language),
      templateName: displayName(r.template_name ?? '', r.template_key, language),
      fileName: r.file_name,
      sizeBytes: r.file_size === null ? null : Number(r.file_size),
      sha256: r.file_sha256,
      sourceTool: r.source_tool,
      headText: r.head_text,
      formats: r.type === 'upload' ? ['txt'] : r.status === 'success' ? ['docx', 'pdf'] : [],
      createTime: r.created_at.toISOString(),
    };
  }

  // --- Form fields of a version -----------------------------------------------------------------

  async fields(
    user: TAuthUser,
    versionId: number,
    utcOffsetMinutes: number,
    language: Language = 'zh',
  ): Promise<TDataReportFields> {
    const version = await this.store.findVersion(versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    const [all, ranges] = await Promise.all([
      this.store.listChannels(versionId),
      this.store.channelRanges(versionId),
    ]);
    const present = (c: TChannelRow) => ({
      id: c.id,
      name: c.name,
      heightM: c.heightM,
      heightTag: heightTagOf(c.heightM),
      intervalMinutes: c.intervalS / 60,
    });
    const byHeight = (a: TChannelRow, b: TChannelRow) =>
      (a.heightM ?? 0) - (b.heightM ?? 0) || a.position - b.position;
    const speeds = all.filter(isMeanSpeed).sort(byHeight);
    const directions = all.filter(isMeanDirection).sort(byHeight);
    let first = Number.POSITIVE_INFINITY;
    let last = Number.NEGATIVE_INFINITY;
    for (const c of [...speeds, ...directions]) {
      const r = ranges.get(c.id);
      if (!r?.firstTime || !r.lastTime) continue;
      first = Math.min(first, r.firstTime.getTime());
      last = Math.max(last, r.lastTime.getTime());
    }
    const offsetMs = utcOffsetMinutes * 60_000;
    const localDate = (ms: number) => new Date(ms + offsetMs).toISOString().slice(0, 10);
    const hasData = first <= last;
    const years: number[] = [];
    if (hasData) {
      for (let y = Number(localDate(first).slice(0, 4)); y <= Number(localDate(last).slice(0, 4)); y++)
        years.push(y);
    }
    const top = speeds.at(-1);
    return {
      versionId,
      stationId: version.stationId,
      versionName: versionDisplayName(version, language),
      speeds: speeds.map(present),
      directions: directions.map(present),
      dataStartDate: hasData ? localDate(first) : null,
      dataEndDate: hasData ? localDate(last) : null,
      years,
      bestWindYear:
        top && hasData
          ? await this.bestWindYear(top, first, last + top.intervalS * 1000, utcOffsetMinutes)
          : null,
    };
  }

  /**
   * The 12 consecutive local months with the best recovery of a speed channel (GB/T 18710 cl. 6: the
   * representative year is one full measured year), or null with less than 12 months of data.
   */
  private async bestWindYear(
    speed: TChannelRow,
    fromMs: number,
    toMs: number,
    utcOffsetMinutes: number,
  ): Promise<{ start: string; end: string } | null> {
    const loaded = await loadForAnalysis(this.store, speed.versionId, [speed], fromMs, toMs);
    const { grid } = loaded;
    const channel = loaded.channels[0];
    if (!channel || grid.length === 0) return null;
    const offsetMs = utcOffsetMinutes * 60_000;
    const stepMs = grid.intervalMinutes * 60_000;
    const monthKey = (ms: number) => {
      const d = new Date(ms + offsetMs);
      return d.getUTCFullYear() * 12 + d.getUTCMonth();
    };
    const valid = new Map<number, number>();
    for (let i = 0; i < grid.length; i++) {
      const v = channel.values[i]!;
      if (Number.isNaN(v) || channel.flags[i]! >= 3) continue;
      const key = monthKey(grid.startMs + i * stepMs);
      valid.set(key, (valid.get(key) ?? 0) + 1);
    }
    const firstMonth = monthKey(grid.startMs);
    const lastMonth = monthKey(grid.startMs + (grid.length - 1) * stepMs);
    const expected = (key: number) => {
      const y = Math.floor(key / 12);
      const m = key % 12;
      return ((Date.UTC(y, m + 1, 1) - Date.UTC(y, m, 1)) / stepMs) | 0;
    };
    let best: { start: number; rate: number } | undefined;
    for (let start = firstMonth; start + 11 <= lastMonth; start++) {
      let got = 0;
      let want = 0;
      for (let k = start; k < start + 12; k++) {
        got += valid.get(k) ?? 0;
        want += expected(k);
      }
      const rate = want > 0 ? got / want : 0;
      if (!best || rate > best.rate) best = { start, rate };
    }
    if (!best) return null;
    const label = (key: number) => `${Math.floor(key / 12)}-${String((key % 12) + 1).padStart(2, '0')}`;
    return { start: label(best.start), end: label(best.start + 11) };
  }

  // --- Upload -----------------------------------------------------------------------------------

  /** Called before the file is read: 404 unknown site, 403 no access. */
  async assertCanUpload(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /**
   * Stores an uploaded text report unchanged (SHA-256, size) with its first lines and the tool its
   * header names. Only a single `.txt` holding text is accepted; nothing is recorded otherwise.
   */
  async upload(
    user: TAuthUser,
    fields: TDataReportUploadFields,
    file: { fileName: string; source: NodeJS.ReadableStream },
  ): Promise<{ id: number }> {
    await this.assertCanUpload(user, fields.stationId);
    const fileName = file.fileName.trim().replace(/[\\/]/g, '_').slice(-255);
    if (!/\.txt$/i.test(fileName)) {
      file.source.resume();
      throw new AppError('DATA_REPORT_NOT_TXT', { fileName });
    }
    // The first 64 KiB are kept as they stream past into the store: the head shown in the list.
    const headChunks: Buffer[] = [];
    let headSize = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        if (headSize < HEAD_TEXT_BYTES) {
          headChunks.push(chunk);
          headSize += chunk.length;
        }
        callback(null, chunk);
      },
    });
    pipeline(file.source, tap, () => {});
    let staged: Awaited<ReturnType<TFileStore['stage']>>;
    try {
      staged = await this.files.stage(tap, { maxBytes: DATA_REPORT_UPLOAD_MAX_BYTES });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    const head = readTextReportHead(Buffer.concat(headChunks).subarray(0, HEAD_TEXT_BYTES), staged.sizeBytes);
    if (head.isBinary || staged.sizeBytes === 0) {
      await staged.discard();
      throw new AppError('DATA_REPORT_NOT_TEXT', { fileName });
    }
    return this.db.transaction().execute(async (trx) => {
      await lockContent(trx, staged.sha256);
      await staged.commit();
      const id = await new DataReportRepository(trx).insert({
        station_id: fields.stationId,
        report_name: fields.reportName,
        type: 'upload',
        template_id: null,
        version_id: null,
        version_name: fields.versionName,
        element: fields.element,
        report_start: fields.reportStartDate ?? null,
        report_end: fields.reportEndDate ?? null,
        owner_id: user.id,
        owner_name: user.userName,
        status: 'success',
        file_name: fileName,
        file_sha256: staged.sha256,
        file_size: staged.sizeBytes,
        head_text: head.headText,
        source_tool: head.sourceTool,
        docx_sha256: null,
        docx_size: null,
        pdf_sha256: null,
        pdf_size: null,
        build_time: new Date(),
      });
      return { id };
    });
  }

  // --- Analysis reports -------------------------------------------------------------------------

  /**
   * Checks an analysis request against its version (SPEC §5 rules that need the data, each a field
   * error) and queues its generation; the row says "generating" until the job ends.
   */
  async requestAnalysis(
    user: TAuthUser,
    request: TAnalysisReportRequest,
    ctx: TReaderContext,
  ): Promise<{ id: number }> {
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    const all = await this.store.listChannels(version.id);
    const byId = new Map(all.map((c) => [c.id, c]));
    const speeds = request.speedChannelIds.map((id) => byId.get(id));
    if (speeds.some((c) => !c || !isMeanSpeed(c))) throw fieldError('speedChannelIds', 'reportSpeedsRange');
    const vanes = request.directionChannelIds.map((id) => byId.get(id));
    if (vanes.some((c) => !c || !isMeanDirection(c)))
      throw fieldError('directionChannelIds', 'reportDirectionRequired');
    const interval = speeds[0]!.intervalS;
    if ([...speeds, ...vanes].some((c) => c!.intervalS !== interval)) {
      throw fieldError('directionChannelIds', 'reportIntervalMismatch');
    }
    if (request.shearChannelIds.length === 2) {
      const [a, b] = request.shearChannelIds.map((id) => byId.get(id));
      if (
        !a ||
        !b ||
        !isMeanSpeed(a) ||
        !isMeanSpeed(b) ||
        a.heightM === null ||
        b.heightM === null ||
        a.heightM === b.heightM
      ) {
        throw fieldError('shearChannelIds', 'shearTwoHeights');
      }
    }
    if (request.windYearStart && request.windYearEnd) {
      const start = request.reportStartDate.slice(0, 7);
      const end = request.reportEndDate.slice(0, 7);
      if (request.windYearStart < start || request.windYearEnd > end) {
        throw fieldError('windYearEnd', 'windYearOutside');
      }
    }
    const template = await this.reports.findTemplate(request.templateId, ANALYSIS_TEMPLATE_TYPE);
    if (!template || template.type !== ANALYSIS_TEMPLATE_TYPE)
      throw fieldError('templateId', 'unknownOption');
    const heights = (list: (TChannelRow | undefined)[]) =>
      [...new Set(list.map((c) => heightTagOf(c!.heightM)))].join('/');
    const element = say(ctx.language, 'dataReports.element', {
      speeds: heights(speeds),
      vanes: heights(vanes),
    });
    const params: TStoredParams = { ...request, utcOffsetMinutes: ctx.utcOffsetMinutes };
    const id = await this.reports.insert({
      station_id: version.stationId,
      report_name: request.reportName,
      type: 'analysis',
      template_id: Number(template.id),
      version_id: version.id,
      version_name: version.name,
      element,
      report_start: request.reportStartDate,
      report_end: request.reportEndDate,
      owner_id: user.id,
      owner_name: user.userName,
      status: 'generating',
      params: JSON.stringify(params),
      language: ctx.language,
      ...UNBUILT_DATA_REPORT,
    });
    await this.jobs.send('reports.analysis', { reportId: id }, { singletonKey: `analysis:${id}` });
    return { id };
  }

  /**
   * Builds one analysis report (the 'reports.analysis' job): the statistics of the chosen channels over
   * the report period (plus the wind year when chosen), composed and rendered; a failure is stored with
   * its reason and the owner is told either way.
   */
  runAnalysis(reportId: number, now = new Date()): Promise<'success' | 'failure'> {
    return this.builder.run(reportId, now);
  }

  // --- Files and deletion -----------------------------------------------------------------------

  private async visibleReport(user: TAuthUser, id: number) {
    const row = await this.reports.findWithSite(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, Number(row.station_id));
    return row;
  }

  async open(
    user: TAuthUser,
    request: TDataReportDownloadRequest,
  ): Promise<{ stream: NodeJS.ReadableStream; sizeBytes: number; fileName: string; contentType: string }> {
    const row = await this.visibleReport(user, request.id);
    const format = request.format ?? (row.type === 'upload' ? 'txt' : 'docx');
    let sha256: string | null;
    let fileName: string;
    let contentType: string;
    if (row.type === 'upload') {
      if (format !== 'txt') throw fieldError('format', 'oneOf');
      sha256 = row.file_sha256;
      fileName = row.file_name ?? `${row.report_name}.txt`;
      contentType = 'text/plain; charset=utf-8';
    } else {
      if (format === 'txt') throw fieldError('format', 'oneOf');
      if (row.status !== 'success') throw new AppError('REPORT_NOT_READY');
      sha256 = format === 'docx' ? row.docx_sha256 : row.pdf_sha256;
      fileName = `${row.report_name}_${row.station_code}.${format}`;
      contentType = format === 'docx' ? DOCX_TYPE : 'application/pdf';
    }
    if (!sha256) throw new AppError('REPORT_NOT_READY');
    const opened = await this.files.open(sha256);
    if (!opened) throw new AppError('NOT_FOUND');
    return { stream: opened.stream, sizeBytes: opened.sizeBytes, fileName, contentType };
  }

  /** Deletes a report of a visible site; its files go when nothing else names their content. */
  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.visibleReport(user, id);
    await this.reports.delete(id);
    await removeUnreferenced(this.db, this.files, [row.file_sha256, row.docx_sha256, row.pdf_sha256]);
  }

  async registerJobs(jobs: TJobs): Promise<void> {
    await jobs.work(
      'reports.analysis',
      async (job) => {
        await this.runAnalysis(job.data.reportId);
      },
      { pollingIntervalSeconds: 2 },
    );
  }
}
