import type { Readable } from 'node:stream';
import {
  AppError,
  displayPersonName,
  type Language,
  localizeDoubt,
  localizeStoreReason,
  localizeUnreadableReason,
  type TDatasetVersion,
  type TDoubt,
  type TFileRulePreviewRow,
  type TIngestOutcome,
  type TParseRuleRecord,
  type TParseRuleSave,
  type TParseTask,
  type TRawFile,
  type TRawFilePageRequest,
  type TRecognizeConfirm,
  type TRecognizedChannel,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import type { TFileStore, TStagedFile } from '../../platform/files/file-store.ts';
import { type TZipEntry, zipStream } from '../../platform/files/zip-writer.ts';
import type { StationAccess } from '../access/index.ts';
import { openTimeSeriesStore, presentVersion, type TTimeSeriesStore } from '../timeseries/index.ts';
import { IngestionRepository } from './ingestion.repository.ts';
import type { IngestionService, TRuleSnapshot } from './ingestion.service.ts';
import { ParseRuleRepository, ruleOfRow, type TParseRuleRow } from './parse-rules.repository.ts';
import { RawFileRepository, type TRawFileRow } from './raw-files.repository.ts';

/** The localised reason of a raw file's failure. */
export function reasonOf(row: TRawFileRow, language: Language): string | null {
  if (!row.reason_key) return row.reason;
  const details = { ...((row.reason_details ?? {}) as Record<string, unknown>) };
  // A held file (issue 40) names its first doubt in the reader's language.
  const doubts = details.doubts as TDoubt[] | undefined;
  if (Array.isArray(doubts) && doubts[0]) details.first = localizeDoubt(doubts[0], language);
  return (
    localizeUnreadableReason(row.reason_key, details, language) ??
    localizeStoreReason(row.reason_key, details, language) ??
    row.reason
  );
}

/** The receipt columns the raw-file page joins (issue 30). */
type TReceiptColumns = {
  receipt_id?: number | null;
  receipt_status?: 'pending' | 'done' | 'failed' | 'held' | null;
  receipt_finding_count?: number | null;
  receipt_open_count?: number | null;
  receipt_max_severity?: 'info' | 'warning' | 'error' | null;
};

function receiptOf(row: TReceiptColumns): TRawFile['receipt'] {
  if (row.receipt_id === null || row.receipt_id === undefined) return null;
  return {
    id: row.receipt_id,
    status: row.receipt_status ?? 'pending',
    findingCount: row.receipt_finding_count ?? 0,
    openCount: row.receipt_open_count ?? 0,
    maxSeverity: row.receipt_max_severity ?? null,
  };
}

function toRawFile(row: TRawFileRow & TReceiptColumns, language: Language): TRawFile {
  return {
    id: row.id,
    stationId: row.station_id,
    fileName: row.file_name,
    sizeBytes: row.size_bytes,
    sha256: row.sha256.trim(),
    source: row.source,
    status: row.status,
    progress: row.progress,
    reasonKey: row.reason_key,
    reason: reasonOf(row, language),
    recognizedKind: row.recognized_kind,
    firstTime: row.first_time?.toISOString() ?? null,
    lastTime: row.last_time?.toISOString() ?? null,
    valueCount: row.value_count,
    uploaderName: displayPersonName(row.uploader_name, language),
    createTime: row.created_at.toISOString(),
    parseTime: row.parsed_at?.toISOString() ?? null,
    receipt: receiptOf(row),
  };
}

function toRuleRecord(
  row: TParseRuleRow & { station_count?: number | null },
  language: Language,
): TParseRuleRecord {
  return {
    id: row.id,
    name: row.name,
    rule: ruleOfRow(row),
    channels: row.channels as TRecognizedChannel[],
    notes: row.notes,
    stationCount: Number(row.station_count ?? 0),
    updaterName: displayPersonName(row.updater_name, language),
    updateTime: row.updated_at.toISOString(),
  };
}

/** A file received in an upload, staged but not yet recorded. */
export interface TReceivedFile {
  fileName: string;
  staged: TStagedFile;
}

/**
 * The ingestion calls of SPEC §7 behind their routes: every station-scoped call goes through station
 * access first (404 unknown site, 403 no access); function permissions are checked on the routes.
 */
export class IngestionApi {
  private readonly rawFiles: RawFileRepository;
  private readonly rules: ParseRuleRepository;
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly ingestion: IngestionService,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
  ) {
    this.rawFiles = new RawFileRepository(db);
    this.rules = new ParseRuleRepository(db);
    this.store = openTimeSeriesStore(db);
  }

  assertCanEdit(user: TAuthUser, stationId: number) {
    return this.access.assertCanEdit(user, stationId);
  }

  // Uploads.

  /** Records and parses received files (inline), in arrival order; returns each outcome. */
  async ingestReceived(
    user: TAuthUser,
    stationId: number,
    received: readonly TReceivedFile[],
    language: Language,
  ): Promise<TIngestOutcome[]> {
    await this.access.assertCanEdit(user, stationId);
    const outcomes: TIngestOutcome[] = [];
    for (const file of received) {
      const stored = await this.ingestion.recordStaged(file.staged, {
        stationId,
        fileName: file.fileName,
        source: 'upload',
        actor: user,
      });
      let row = stored.row;
      if (!stored.isDuplicate && row.status === 'pending') {
        if (this.ingestion.parsesHere) {
          // All in one process: the uploader sees the parse result at once.
          await this.ingestion.parseRawFile(row.id);
          row = (await this.rawFiles.findById(row.id))!;
        } else {
          // An API-only process (JOBS_ENABLED=false): a worker parses it; the answer is 'pending'.
          await this.ingestion.enqueueParse(row.id, user.id);
        }
      }
      outcomes.push({
        fileName: file.fileName,
        rawFileId: row.id,
        status: stored.isDuplicate ? 'duplicate' : row.status === 'parsing' ? 'pending' : row.status,
        reasonKey: stored.isDuplicate ? null : row.reason_key,
        reason: stored.isDuplicate ? null : reasonOf(row, language),
      });
    }
    return outcomes;
  }

  async discardReceived(received: readonly TReceivedFile[]): Promise<void> {
    for (const file of received) await file.staged.discard();
  }

  // Raw files.

  async pageRawFiles(user: TAuthUser, request: TRawFilePageRequest, language: Language) {
    await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.rawFiles.pageByStation({
      stationId: request.stationId,
      status: request.status,
      fileName: request.fileName,
      offset: (request.pageNo - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return presentPage(request, { rows, total }, (r) => toRawFile(r, language));
  }

  async reparse(user: TAuthUser, rawFileId: number): Promise<TParseTask> {
    const row = await this.rawFiles.findById(rawFileId);
    if (!row || row.station_id === null) throw new AppError('NOT_FOUND');
    await this.access.assertCanEdit(user, row.station_id);
    await this.ingestion.reparse(rawFileId, null, user.id);
    return this.task(user, rawFileId, 'zh');
  }

  // Parsing calls.

  async confirm(user: TAuthUser, body: TRecognizeConfirm): Promise<TParseTask> {
    await this.access.assertCanEdit(user, body.stationId);
    const snapshot: TRuleSnapshot | null = body.rule
      ? { rule: body.rule, channels: body.channels ?? [], kind: 'confirmed' }
      : null;
    let token = body.token;
    if (!token) {
      // A stored raw file (held, failed) confirmed with a rule: previewed again, so its doubts are checked.
      const row = await this.rawFiles.findById(body.rawFileId!);
      if (!row || row.station_id !== body.stationId) throw new AppError('NOT_FOUND');
      token = (await this.ingestion.previews.previewStored(user, row)).token;
    }
    const result = await this.ingestion.previews.confirm(user, token, {
      stationId: body.stationId,
      snapshot,
      acceptedDoubts: body.acceptedDoubts,
      rememberLayout: body.rememberLayout,
    });
    const task = await this.task(user, result.rawFileId, 'zh');
    return result.status === 'duplicate' && task.status === 'parsed'
      ? { ...task, status: 'duplicate' }
      : task;
  }

  /** The preview of a stored raw file of a site the caller may edit (a held file's confirmation, issue 40). */
  async previewStored(user: TAuthUser, rawFileId: number) {
    const row = await this.rawFiles.findById(rawFileId);
    if (!row || row.station_id === null) throw new AppError('NOT_FOUND');
    await this.access.assertCanEdit(user, row.station_id);
    return this.ingestion.previews.previewStored(user, row);
  }

  async task(user: TAuthUser, taskId: number, language: Language): Promise<TParseTask> {
    const row = await this.rawFiles.findById(taskId);
    if (!row || row.station_id === null) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, row.station_id);
    return {
      taskId: row.id,
      rawFileId: row.id,
      status: row.status,
      progress: row.status === 'pending' ? 0 : row.progress,
      reasonKey: row.reason_key,
      reason: reasonOf(row, language),
    };
  }

  // File-rule preview.

  /**
   * How each site's files arrive and are read: the file-match rules that route files to it (fixed to the
   * site, or taking the site code from the file name), its parse rule, its file count and latest file.
   * Every site must be visible to the user.
   */
  async fileRulePreview(user: TAuthUser, stationIds: readonly number[]): Promise<TFileRulePreviewRow[]> {
    const ids = [...new Set(stationIds)];
    await this.access.assertCanView(user, ids);
    const ingestion = new IngestionRepository(this.db);
    const [stations, rules, files] = await Promise.all([
      ingestion.listStationsWithParseRule(ids),
      ingestion.listMatchRulesFor(ids),
      ingestion.countRawFiles(ids),
    ]);
    const lastIds = files.map((f) => Number(f.last_id));
    const lastRows = lastIds.length > 0 ? await this.rawFiles.listByIds(lastIds) : [];
    const lastByStation = new Map(lastRows.map((r) => [r.station_id, r]));
    const countByStation = new Map(files.map((f) => [f.station_id, Number(f.n)]));
    const byId = new Map(stations.map((s) => [s.id, s]));
    return ids.flatMap((id) => {
      const station = byId.get(id);
      if (!station) return [];
      const last = lastByStation.get(id);
      return [
        {
          stationId: id,
          stationCode: station.station_code,
          projectName: station.project_name,
          parseRuleName: station.parse_rule_name ?? null,
          rules: rules
            .filter((r) => r.station_mode === 'fromName' || r.station_id === id)
            .map((r) => ({
              id: r.id,
              name: r.name,
              stationMode: r.station_mode,
              dataSourceName: r.data_source_name ?? null,
              folder: r.folder,
              inbox: r.inbox,
              fileTypes: r.file_type_suffixes,
              isEnabled: r.is_enabled,
            })),
          lastFile: last
            ? {
                fileName: last.file_name,
                status: last.status,
                source: last.source,
                createTime: last.created_at.toISOString(),
              }
            : null,
          fileCount: countByStation.get(id) ?? 0,
        },
      ];
    });
  }

  // Original files.

  async exportOriginal(
    user: TAuthUser,
    request: {
      stationId?: number | undefined;
      stationIds?: number[] | undefined;
      ids?: number[] | undefined;
      startTime?: string | undefined;
      endTime?: string | undefined;
    },
    language: Language,
  ): Promise<{ fileName: string; stream: Readable; sizeBytes: number | null; isZip: boolean }> {
    let rows: TRawFileRow[];
    if (request.ids && request.ids.length > 0) {
      rows = await this.rawFiles.listByIds(request.ids);
      if (rows.length !== new Set(request.ids).size || rows.some((r) => r.station_id === null)) {
        throw new AppError('NOT_FOUND');
      }
      await this.access.assertCanView(user, [...new Set(rows.map((r) => r.station_id!))]);
    } else {
      // One site or the site list's selection: every site must be visible, else nothing is given.
      const stationIds = [...new Set(request.stationIds ?? [request.stationId!])];
      await this.access.assertCanView(user, stationIds);
      rows = [];
      for (const stationId of stationIds) {
        rows.push(
          ...(await this.rawFiles.listForExport({
            stationId,
            from: request.startTime ? new Date(request.startTime) : undefined,
            to: request.endTime ? new Date(request.endTime) : undefined,
          })),
        );
      }
      if (rows.length === 0) throw new AppError('RAW_FILES_NONE');
    }
    if (rows.length > 65_000) throw new AppError('VALIDATION_FAILED');
    if (rows.length === 1) {
      const row = rows[0]!;
      const blob = await this.files.open(row.sha256.trim());
      if (!blob) throw new AppError('NOT_FOUND');
      return { fileName: row.file_name, stream: blob.stream, sizeBytes: blob.sizeBytes, isZip: false };
    }
    const codes = await this.access.listAccess(user, [...new Set(rows.map((r) => r.station_id!))]);
    const codeOf = new Map(codes.map((c) => [c.stationId, c.stationCode]));
    const used = new Set<string>();
    const entries: TZipEntry[] = rows.map((row) => {
      const folder = codes.length > 1 ? `${codeOf.get(row.station_id!) ?? row.station_id}/` : '';
      let name = `${folder}${row.file_name}`;
      if (used.has(name)) name = `${folder}${row.id}_${row.file_name}`;
      used.add(name);
      return {
        name,
        modifiedAt: row.created_at,
        open: async () => {
          const blob = await this.files.open(row.sha256.trim());
          if (!blob) throw new Error(`raw file ${row.id} content missing`);
          return blob.stream;
        },
      };
    });
    const label = say(language, 'rawFiles.zipName');
    const fileName =
      codes.length === 1 ? `${codes[0]?.stationCode ?? 'raw'}_${label}.zip` : `${label}_${codes.length}.zip`;
    return { fileName, stream: zipStream(entries), sizeBytes: null, isZip: true };
  }

  // Versions.

  async versions(
    user: TAuthUser,
    stationIds: readonly number[],
    language: Language,
  ): Promise<Map<number, TDatasetVersion[]>> {
    await this.access.assertCanView(user, stationIds);
    const rows = await this.store.listVersions(stationIds);
    const byStation = new Map<number, TDatasetVersion[]>(stationIds.map((id) => [id, []]));
    for (const v of rows) {
      byStation.get(v.stationId)?.push(presentVersion(v, language));
    }
    return byStation;
  }

  // Parse rules.

  ruleOptions() {
    return this.rules.options();
  }

  async pageRules(
    request: { pageNo: number; pageSize: number; name?: string | undefined },
    language: Language,
  ) {
    const { rows, total } = await this.rules.page({
      name: request.name,
      offset: (request.pageNo - 1) * request.pageSize,
      limit: request.pageSize,
    });
    return presentPage(request, { rows, total }, (r) => toRuleRecord(r, language));
  }

  async ruleDetail(id: number, language: Language): Promise<TParseRuleRecord> {
    const row = await this.rules.findById(id);
    if (!row) throw new AppError('NOT_FOUND');
    return toRuleRecord({ ...row, station_count: await this.rules.countStations(id) }, language);
  }

  async saveRule(user: TAuthUser, body: TParseRuleSave): Promise<{ id: number }> {
    return this.db.transaction().execute(async (trx) => {
      const rules = new ParseRuleRepository(trx);
      const sameName = await rules.findByName(body.name);
      if (sameName && sameName.id !== body.id)
        throw new AppError('PARSE_RULE_NAME_TAKEN', { name: body.name });
      const write = {
        name: body.name,
        rule: body.rule,
        channels: body.channels,
        notes: body.notes,
        updaterId: user.id,
        updaterName: user.userName,
      };
      if (body.id === undefined) return { id: await rules.insert(write) };
      if (!(await rules.update(body.id, write))) throw new AppError('NOT_FOUND');
      return { id: body.id };
    });
  }

  async deleteRule(id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const rules = new ParseRuleRepository(trx);
      const count = await rules.countStations(id);
      if (count > 0) throw new AppError('PARSE_RULE_IN_USE', { count });
      if (!(await rules.delete(id))) throw new AppError('NOT_FOUND');
    });
  }

  async setStationRule(user: TAuthUser, stationId: number, parseRuleId: number | null): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
    if (parseRuleId !== null && !(await this.rules.findById(parseRuleId))) throw new AppError('NOT_FOUND');
    await this.rules.setStationRule(stationId, parseRuleId);
  }
}
