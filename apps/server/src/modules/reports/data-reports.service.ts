import { pipeline, Readable, Transform } from 'node:stream';
import {
  ANALYSIS_SECTION_NAMES,
  ANALYSIS_SECTIONS,
  ANALYSIS_TEMPLATE_TYPE,
  AppError,
  builtinKeysMatching,
  DATA_REPORT_TYPE_NAMES,
  DATA_REPORT_UPLOAD_MAX_BYTES,
  displayName,
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
  type TStatisticsResult,
  text,
  versionDisplayName,
} from '@masthub/shared';
import { type Expression, type SqlBool, sql } from 'kysely';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { likeContains } from '../../platform/db/like.ts';
import { lockContent, removeUnreferenced } from '../../platform/files/content-references.ts';
import { FileTooLargeError, type TFileStore } from '../../platform/files/file-store.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { presentStoredError, storedError } from '../../platform/stored-error.ts';
import type { StationAccess } from '../access/index.ts';
import { hasAllStations, stationAccessPredicate } from '../access/index.ts';
import { readTextReportHead } from '../ingestion/index.ts';
import type { MessageService } from '../messages/index.ts';
import {
  loadSeries,
  type TChannelRow,
  TimeSeriesRepository,
  toWindElement,
  toWindStatistic,
} from '../timeseries/index.ts';
import type { StatisticsService } from '../wind-data/index.ts';
import { heightTagOf } from '../wind-data/index.ts';
import { composeAnalysisReport, type TAnalysisReportMeta } from './analysis-report.ts';
import { renderDocx, renderPdf } from './render.ts';

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const DAY_MS = 86_400_000;
const HEAD_TEXT_BYTES = 64 * 1024;

/** The analysis request as stored with the report (the job replays it in the owner's time zone). */
type TStoredParams = TAnalysisReportRequest & { utcOffsetMinutes: number };

function field(fieldName: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ field: fieldName, message }]);
}

function isoDate(value: Date | null): string | null {
  // node-postgres reads a `date` as local midnight; every process runs with TZ=UTC.
  if (!value) return null;
  const local = new Date(value.getTime() - value.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 10);
}

const isAvg = (c: TChannelRow) => toWindStatistic(c.statistic) === 'avg';
const isSpeed = (c: TChannelRow) => toWindElement(c.element) === 'ws' && isAvg(c);
const isVane = (c: TChannelRow) => toWindElement(c.element) === 'wd' && isAvg(c);

/** Local 'YYYY-MM-DD' 00:00 as an instant. */
function localMidnight(date: string, utcOffsetMinutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) - utcOffsetMinutes * 60_000;
}

/**
 * Data reports (SPEC §3 data report, §5 wind report rules, §6, §7 /web/report/data/*): a text report an
 * analysis tool exported, stored byte for byte with its SHA-256; or an analysis report of a data
 * version, generated in the background from the statistics analysis and rendered to Word and PDF in
 * the GB/T 18710 / NB/T 31147 chapter order. A user sees the reports of the sites they may see.
 */
export class DataReportService {
  private readonly store: TimeSeriesRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly statistics: StatisticsService,
    private readonly messages: Pick<MessageService, 'send'>,
    private readonly jobs: TJobs,
    private readonly log: Logger,
  ) {
    this.store = new TimeSeriesRepository(db);
  }

  // --- Templates --------------------------------------------------------------------------------

  async templatePage(
    request: { pageNo: number; pageSize: number; tempName?: string | undefined },
    language: Language,
  ): Promise<TPage<TReportTemplate>> {
    let query = this.db.selectFrom('report_template').where('type', '=', ANALYSIS_TEMPLATE_TYPE);
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
        .orderBy('id')
        .limit(request.pageSize)
        .offset((request.pageNo - 1) * request.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => ({
        id: Number(r.id),
        type: r.type,
        typeName: DATA_REPORT_TYPE_NAMES.analysis[language],
        tempName: displayName(r.name, r.builtin_key, language),
        sections: r.sections,
        sectionNames: r.sections.map((s) => ANALYSIS_SECTION_NAMES[s as TAnalysisSection]?.[language] ?? s),
        isBuiltin: r.is_builtin,
      })),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  // --- List -------------------------------------------------------------------------------------

  private visible(user: TAuthUser): Expression<SqlBool> {
    if (hasAllStations(user)) return sql<SqlBool>`true`;
    return stationAccessPredicate(user, 's');
  }

  private listQuery() {
    return this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('report_template as t', 't.id', 'r.template_id')
      .leftJoin('dataset_version as v', 'v.id', 'r.version_id')
      .where('s.is_deleted', '=', false);
  }

  async page(
    user: TAuthUser,
    request: TDataReportPageRequest,
    language: Language,
  ): Promise<TPage<TDataReportRecord>> {
    // A filter naming a site beyond the caller is refused as every station-scoped call is (issue 26 §1).
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    let query = this.listQuery().where(this.visible(user));
    if (request.stationId !== undefined) query = query.where('r.station_id', '=', request.stationId);
    if (request.type) query = query.where('r.type', '=', request.type);
    if (request.keywords) {
      const like = likeContains(request.keywords);
      query = query.where((eb) =>
        eb.or([eb('r.report_name', 'ilike', like), eb('s.station_code', 'ilike', like)]),
      );
    }
    const [rows, total] = await Promise.all([
      query
        .selectAll('r')
        .select([
          's.station_code',
          's.project_name',
          'm.name as manufacturer_name',
          't.name as template_name',
          't.builtin_key as template_key',
          'v.kind as version_kind',
        ])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(request.pageSize)
        .offset((request.pageNo - 1) * request.pageSize)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      records: rows.map((r) => this.present(r, language)),
      total: Number(total.n),
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
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

  async fields(user: TAuthUser, versionId: number, utcOffsetMinutes: number): Promise<TDataReportFields> {
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
    const speeds = all.filter(isSpeed).sort(byHeight);
    const directions = all.filter(isVane).sort(byHeight);
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
      versionName: version.name,
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
    const loaded = await loadSeries(this.store, [speed], fromMs, toMs);
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
      const row = await trx
        .insertInto('data_report')
        .values({
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
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { id: Number(row.id) };
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
    ctx: { language: Language; utcOffsetMinutes: number },
  ): Promise<{ id: number }> {
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    const all = await this.store.listChannels(version.id);
    const byId = new Map(all.map((c) => [c.id, c]));
    const speeds = request.speedChannelIds.map((id) => byId.get(id));
    if (speeds.some((c) => !c || !isSpeed(c))) throw field('speedChannelIds', 'v.reportSpeedsRange');
    const vanes = request.directionChannelIds.map((id) => byId.get(id));
    if (vanes.some((c) => !c || !isVane(c))) throw field('directionChannelIds', 'v.reportDirectionRequired');
    const interval = speeds[0]!.intervalS;
    if ([...speeds, ...vanes].some((c) => c!.intervalS !== interval)) {
      throw field('directionChannelIds', 'v.reportIntervalMismatch');
    }
    if (request.shearChannelIds.length === 2) {
      const [a, b] = request.shearChannelIds.map((id) => byId.get(id));
      if (
        !a ||
        !b ||
        !isSpeed(a) ||
        !isSpeed(b) ||
        a.heightM === null ||
        b.heightM === null ||
        a.heightM === b.heightM
      ) {
        throw field('shearChannelIds', 'v.shearTwoHeights');
      }
    }
    if (request.windYearStart && request.windYearEnd) {
      const start = request.reportStartDate.slice(0, 7);
      const end = request.reportEndDate.slice(0, 7);
      if (request.windYearStart < start || request.windYearEnd > end) {
        throw field('windYearEnd', 'v.windYearOutside');
      }
    }
    const template = request.templateId
      ? await this.db
          .selectFrom('report_template')
          .select(['id', 'type'])
          .where('id', '=', request.templateId)
          .executeTakeFirst()
      : await this.db
          .selectFrom('report_template')
          .select(['id', 'type'])
          .where('type', '=', ANALYSIS_TEMPLATE_TYPE)
          .orderBy('id')
          .executeTakeFirst();
    if (!template || template.type !== ANALYSIS_TEMPLATE_TYPE) throw field('templateId', 'v.unknownOption');
    const heights = (list: (TChannelRow | undefined)[]) =>
      [...new Set(list.map((c) => heightTagOf(c!.heightM)))].join('/');
    const element =
      ctx.language === 'zh'
        ? `风速 ${heights(speeds)}；风向 ${heights(vanes)}`
        : `Speed ${heights(speeds)}; direction ${heights(vanes)}`;
    const params: TStoredParams = { ...request, utcOffsetMinutes: ctx.utcOffsetMinutes };
    const row = await this.db
      .insertInto('data_report')
      .values({
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
        file_name: null,
        file_sha256: null,
        file_size: null,
        docx_sha256: null,
        docx_size: null,
        pdf_sha256: null,
        pdf_size: null,
        build_time: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await this.jobs.send(
      'reports.analysis',
      { reportId: Number(row.id) },
      { singletonKey: `analysis:${row.id}` },
    );
    return { id: Number(row.id) };
  }

  /**
   * Builds one analysis report (the 'reports.analysis' job): the statistics of the chosen channels over
   * the report period (plus the wind year when chosen), composed and rendered; a failure is stored with
   * its reason and the owner is told either way.
   */
  async runAnalysis(reportId: number, now = new Date()): Promise<'success' | 'failure'> {
    const report = await this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .leftJoin('manufacturer as m', 'm.id', 's.manufacturer_id')
      .leftJoin('report_template as t', 't.id', 'r.template_id')
      .select([
        'r.id',
        'r.report_name',
        'r.version_id',
        'r.version_name',
        'r.params',
        'r.language',
        'r.owner_id',
        'r.owner_name',
        'r.status',
        'r.docx_sha256',
        'r.pdf_sha256',
        's.station_code',
        's.project_name',
        's.location',
        's.longitude',
        's.latitude',
        's.altitude_m',
        's.pylon_height_m',
        'm.name as manufacturer_name',
        't.sections',
      ])
      .where('r.id', '=', reportId)
      .where('r.type', '=', 'analysis')
      .executeTakeFirst();
    if (!report) return 'failure';
    const language = report.language;
    try {
      if (report.version_id === null) throw new AppError('NOT_FOUND');
      const version = await this.store.findVersion(Number(report.version_id));
      if (!version) throw new AppError('NOT_FOUND');
      const params = report.params as unknown as TStoredParams;
      const ctx = { language, utcOffsetMinutes: params.utcOffsetMinutes };
      const all = await this.store.listChannels(version.id);
      const chosen = new Set([...params.speedChannelIds, ...params.directionChannelIds]);
      const speedRows = all.filter((c) => params.speedChannelIds.includes(c.id));
      const speedHeights = new Set(speedRows.map((c) => c.heightM));
      const interval = speedRows[0]?.intervalS;
      // The chosen speeds and vanes, the other speed channels of the chosen speeds' heights (turbulence,
      // gusts) and the T, p, RH averages (air density), all of the speeds' interval.
      const channelIds = all
        .filter((c) => c.intervalS === interval)
        .filter((c) => {
          if (chosen.has(c.id)) return true;
          const element = toWindElement(c.element);
          const statistic = toWindStatistic(c.statistic);
          // sd / max / min, and a TI channel the analysis turns into σ (deriveSdFromTi, the NREL M5).
          if (element === 'ws' && statistic !== 'avg') return speedHeights.has(c.heightM);
          return (element === 'T' || element === 'p' || element === 'RH') && statistic === 'avg';
        })
        .map((c) => c.id);
      const startMs = localMidnight(params.reportStartDate, params.utcOffsetMinutes);
      const endMs = localMidnight(params.reportEndDate, params.utcOffsetMinutes) + DAY_MS;
      const base = {
        versionId: version.id,
        channelIds,
        sectors: 360 / params.sectorWidth,
        includeSuspicious: params.includeSuspicious,
        weibullMethod: params.weibullMethod,
        correlationReferenceId: undefined,
        shearChannelIds: params.shearChannelIds.length === 2 ? params.shearChannelIds : undefined,
        averagePeriods: params.averagePeriods,
      };
      const result = await this.statistics.analyseVersion(
        version,
        { ...base, startTime: new Date(startMs).toISOString(), endTime: new Date(endMs).toISOString() },
        ctx,
      );
      let windYear: TAnalysisReportMeta['windYear'];
      if (params.windYearStart && params.windYearEnd) {
        const from = localMidnight(`${params.windYearStart}-01`, params.utcOffsetMinutes);
        const [y, m] = params.windYearEnd.split('-').map(Number) as [number, number];
        const to = Date.UTC(y, m, 1) - params.utcOffsetMinutes * 60_000;
        const yearResult: TStatisticsResult | undefined = await this.statistics
          .analyseVersion(
            version,
            { ...base, startTime: new Date(from).toISOString(), endTime: new Date(to).toISOString() },
            ctx,
          )
          .catch((error: unknown) => {
            if (error instanceof AppError && error.code === 'STATISTICS_NO_DATA') return undefined;
            throw error;
          });
        if (yearResult)
          windYear = { start: params.windYearStart, end: params.windYearEnd, result: yearResult };
      }
      const sections = ((report.sections ?? ANALYSIS_SECTIONS) as string[]).filter(
        (s): s is TAnalysisSection => (ANALYSIS_SECTIONS as readonly string[]).includes(s),
      );
      const { blocks, charts } = composeAnalysisReport(
        result,
        {
          reportName: report.report_name,
          station: {
            code: report.station_code,
            projectName: report.project_name,
            location: report.location ?? '',
            longitude: Number(report.longitude),
            latitude: Number(report.latitude),
            altitudeM: report.altitude_m === null ? null : Number(report.altitude_m),
            mastHeightM: report.pylon_height_m === null ? null : Number(report.pylon_height_m),
            manufacturerName: report.manufacturer_name ?? '',
          },
          versionName: result.versionName,
          startDate: params.reportStartDate,
          endDate: params.reportEndDate,
          targetHeightM: params.targetHeight,
          sectorWidthDeg: params.sectorWidth,
          windYear,
          generatedAt: now,
          ownerName: report.owner_name,
        },
        sections,
        language,
      );
      const [docx, pdf] = await Promise.all([
        renderDocx(blocks, charts),
        renderPdf(blocks, charts, report.report_name),
      ]);
      const [docxFile, pdfFile] = await Promise.all([this.storeContent(docx), this.storeContent(pdf)]);
      const updated = await this.db
        .updateTable('data_report')
        .set({
          status: 'success',
          reason: '',
          docx_sha256: docxFile,
          docx_size: docx.length,
          pdf_sha256: pdfFile,
          pdf_size: pdf.length,
          build_time: new Date(),
        })
        .where('id', '=', reportId)
        .returning('id')
        .executeTakeFirst();
      // Deleted while it was being built: its new files go with it.
      await removeUnreferenced(this.db, this.files, [
        report.docx_sha256,
        report.pdf_sha256,
        ...(updated ? [] : [docxFile, pdfFile]),
      ]);
      if (updated) await this.announce(report, 'success');
      return 'success';
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      if (!(error instanceof AppError)) this.log.error({ err: error, reportId }, 'analysis report failed');
      await this.db
        .updateTable('data_report')
        .set({ status: 'failure', reason: storedError(reason), build_time: new Date() })
        .where('id', '=', reportId)
        .execute();
      await this.announce(report, 'failure');
      return 'failure';
    }
  }

  private async announce(
    report: { owner_id: number | null; report_name: string; station_code: string },
    status: 'success' | 'failure',
  ): Promise<void> {
    if (report.owner_id === null) return;
    await this.messages
      .send(Number(report.owner_id), {
        type: 'report',
        message: text(status === 'success' ? 'message.analysisReportReady' : 'message.analysisReportFailed', {
          name: report.report_name,
          code: report.station_code,
        }),
        messageType: status === 'success' ? 'success' : 'error',
      })
      .catch((error: unknown) => this.log.warn({ err: error }, 'report message failed'));
  }

  private async storeContent(content: Buffer): Promise<string> {
    const staged = await this.files.stage(Readable.from([content]));
    await this.db.transaction().execute(async (trx) => {
      await lockContent(trx, staged.sha256);
      await staged.commit();
    });
    return staged.sha256;
  }

  // --- Files and deletion -----------------------------------------------------------------------

  private async visibleReport(user: TAuthUser, id: number) {
    const row = await this.db
      .selectFrom('data_report as r')
      .innerJoin('station as s', 's.id', 'r.station_id')
      .selectAll('r')
      .select('s.station_code')
      .where('r.id', '=', id)
      .where('s.is_deleted', '=', false)
      .executeTakeFirst();
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
      if (format !== 'txt') throw field('format', 'v.oneOf');
      sha256 = row.file_sha256;
      fileName = row.file_name ?? `${row.report_name}.txt`;
      contentType = 'text/plain; charset=utf-8';
    } else {
      if (format === 'txt') throw field('format', 'v.oneOf');
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
    await this.db.deleteFrom('data_report').where('id', '=', id).execute();
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
