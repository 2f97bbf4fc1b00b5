import { createReadStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer as readStream } from 'node:stream/consumers';
import {
  AppError,
  type Language,
  localizeDoubt,
  localizeStoreReason,
  localizeUnreadableReason,
  type TDoubt,
} from '@masthub/shared';
import type { Database } from '../../platform/db/database.ts';
import {
  FileTooLargeError,
  LocalFileStore,
  type TFileStore,
  type TStagedFile,
} from '../../platform/files/file-store.ts';
import type { TJobs } from '../../platform/jobs/jobs.ts';
import type { Logger } from '../../platform/logger.ts';
import { configuredChannelsAt } from '../station-assets/index.ts';
import type { StationLogService } from '../station-log/index.ts';
import { openTimeSeriesStore, type TTimeSeriesStore } from '../timeseries/index.ts';
import { applyParsedFile, offGridNote, StoreRefusal, type TConfiguredChannel } from './apply-parsed.ts';
import {
  announceFailed,
  announceHeld,
  type TDataArrivedEvent,
  type TDataArrivedListener,
} from './data-arrived.ts';
import { FileReading, type TRuleSnapshot } from './file-reading.ts';
import type { TIngestFileInput, TIngestion, TIngestResult } from './ingestion.types.ts';
import { cleanFileName, ingestResultOf, storedFileText } from './ingestion-support.ts';
import { ParseRuleRepository } from './parse-rules.repository.ts';
import type { TParsedData, TParserPort } from './parser-port.ts';
import { UnreadableFileError } from './parsers/unreadable-file-error.ts';
import { Previews } from './previews.ts';
import { RawFileRepository, type TRawFileRow } from './raw-files.repository.ts';
import { StationLayoutRepository } from './station-layouts.repository.ts';

export type { TRuleSnapshot } from './file-reading.ts';

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
/** A raw file the parser reads whole: larger text files are stored but not parsed. */
const MAX_PARSE_BYTES = 1024 * 1024 * 1024;

/** A file the recogniser could not read, with its reason already localised. */
export function unreadableToAppError(error: UnreadableFileError, language: Language): AppError {
  return new AppError('FILE_UNREADABLE', {
    reason:
      localizeUnreadableReason(error.reasonKey, error.details, language) ??
      localizeStoreReason(error.reasonKey, error.details, language) ??
      error.reason,
    reasonKey: error.reasonKey,
  });
}

/**
 * Ingestion (issue 5, DESIGN §3): every file is stored first (content-addressed, a raw_file row), then
 * parsed with the site's rule (or auto-recognition) and applied to the site's original version in one
 * transaction. Idempotent (same content for the same site → 'duplicate'), order-free (see
 * mergeFileIntoChunk) and crash-safe (a file left 'pending'/'parsing' is parsed again at start).
 */
export class IngestionService implements TIngestion {
  private readonly rawFiles: RawFileRepository;
  private readonly store: TTimeSeriesStore;
  private readonly reading: FileReading;
  /** The files layouts confirmed for sites (issue 40). */
  readonly layouts: StationLayoutRepository;
  /** The upload preview and its confirmation. */
  readonly previews: Previews;

  constructor(
    private readonly db: Database,
    private readonly files: TFileStore,
    private readonly parser: TParserPort,
    private readonly jobs: TJobs,
    private readonly log: Logger,
    private readonly stationLog: Pick<StationLogService, 'recordAs'>,
    /** Who hears that a file's data is stored (wiring/data-arrived.ts), in this order. */
    private readonly dataArrived: readonly TDataArrivedListener[],
    /** Files parsed at once by this process's worker (INGEST_CONCURRENCY). */
    private readonly parseConcurrency = 2,
  ) {
    this.rawFiles = new RawFileRepository(db);
    this.store = openTimeSeriesStore(db);
    this.layouts = new StationLayoutRepository(db);
    this.reading = new FileReading(parser, this.rawFiles, new ParseRuleRepository(db), this.layouts);
    this.previews = new Previews(db, files, parser, this.rawFiles, this.layouts, this, log);
  }

  get timeSeries(): TTimeSeriesStore {
    return this.store;
  }

  get rawFileRepository(): RawFileRepository {
    return this.rawFiles;
  }

  async hasSourceRef(source: TIngestFileInput['source'], sourceRef: string): Promise<boolean> {
    return (await this.rawFiles.findBySourceRef(source, sourceRef)) !== undefined;
  }

  async ingestFile(input: TIngestFileInput): Promise<TIngestResult> {
    const stored = await this.storeRawFile(input);
    if (stored.isDuplicate) return { rawFileId: stored.row.id, status: 'duplicate' };
    if (stored.row.status !== 'pending') return ingestResultOf(stored.row);
    return this.parseRawFile(stored.row.id);
  }

  /** Stores the bytes and records the raw file (status pending, or stored_not_parsed without a site). */
  async storeRawFile(
    input: TIngestFileInput & { ruleSnapshot?: TRuleSnapshot },
  ): Promise<{ row: TRawFileRow; isDuplicate: boolean }> {
    const sourceRef = input.sourceRef ?? null;
    if (sourceRef !== null) {
      const seen = await this.rawFiles.findBySourceRef(input.source, sourceRef);
      if (seen) return { row: seen, isDuplicate: true };
    }
    const source =
      input.stream ??
      (input.bytes ? Readable.from([Buffer.from(input.bytes)]) : undefined) ??
      (input.path ? createReadStream(input.path) : undefined);
    if (!source) throw new Error('ingestFile needs path, bytes or stream');
    const staged = await this.stage(source, input.maxBytes ?? DEFAULT_MAX_BYTES);
    return this.recordStaged(staged, input);
  }

  /** Streams content into the file store (not yet published); 413 past maxBytes. */
  async stage(source: Readable, maxBytes: number): Promise<TStagedFile> {
    try {
      return await this.files.stage(source, { maxBytes });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
  }

  /** Publishes staged content and records its raw_file row; a known (site, content) is a duplicate. */
  async recordStaged(
    staged: TStagedFile,
    input: Omit<TIngestFileInput, 'path' | 'bytes' | 'stream'> & { ruleSnapshot?: TRuleSnapshot },
  ): Promise<{ row: TRawFileRow; isDuplicate: boolean }> {
    const fileName = cleanFileName(input.fileName);
    const sourceRef = input.sourceRef ?? null;
    try {
      return await this.db.transaction().execute(async (trx) => {
        const rawFiles = new RawFileRepository(trx);
        await rawFiles.lockContent(staged.sha256);
        const existing = await rawFiles.findByStationAndSha(input.stationId, staged.sha256);
        if (existing) {
          await staged.discard();
          return { row: existing, isDuplicate: true };
        }
        await staged.commit();
        const row = await rawFiles.insert({
          sha256: staged.sha256,
          fileName,
          sizeBytes: staged.sizeBytes,
          stationId: input.stationId,
          source: input.source,
          sourceRef,
          status: input.stationId === null ? 'stored_not_parsed' : 'pending',
          reasonKey: input.stationId === null ? 'no_station' : null,
          reason: input.stationId === null ? localizeStoreReason('no_station', {}, 'zh') : null,
          ruleSnapshot: input.ruleSnapshot,
          uploaderId: input.actor?.id ?? null,
          uploaderName: input.actor?.userName ?? '',
        });
        if (!row) {
          // (source, sourceRef) raced with another fetch of the same item.
          const seen =
            sourceRef === null ? undefined : await rawFiles.findBySourceRef(input.source, sourceRef);
          if (!seen) throw new Error('raw file insert conflicted without a visible row');
          return { row: seen, isDuplicate: true };
        }
        return { row, isDuplicate: false };
      });
    } catch (error) {
      await staged.discard();
      throw error;
    }
  }

  /** Queues the parse of a stored file on the job queue; returns at once. */
  /** Whether this process runs the job queues (JOBS_ENABLED): else uploads are parsed by a worker. */
  get parsesHere(): boolean {
    return this.jobs.isWorking;
  }

  async enqueueParse(rawFileId: number, userId?: number | null): Promise<void> {
    await this.jobs.send(
      'ingestion.parse',
      { rawFileId, userId: userId ?? null },
      { singletonKey: `raw-file:${rawFileId}` },
    );
  }

  /**
   * Parses one stored file and applies it. Failures of the content are recorded on the row
   * (status failed + reason) and returned, never thrown.
   */
  async parseRawFile(rawFileId: number): Promise<TIngestResult> {
    const claimed = await this.rawFiles.claimForParsing(rawFileId);
    if (!claimed) {
      const row = await this.rawFiles.findById(rawFileId);
      if (!row) throw new AppError('NOT_FOUND');
      return ingestResultOf(row);
    }
    const stationId = claimed.station_id!;
    const sha256 = claimed.sha256.trim();
    let kind: string | null = null;
    const timings: Record<string, number> = {};
    let mark = performance.now();
    const lap = (name: string) => {
      const now = performance.now();
      timings[name] = Math.round(now - mark);
      mark = now;
    };
    try {
      if (claimed.size_bytes > MAX_PARSE_BYTES) {
        return await this.fail(
          claimed,
          'stored_not_parsed',
          'too_large',
          { maxMb: MAX_PARSE_BYTES / 1048576 },
          null,
        );
      }
      const bytes = await this.readContent(sha256);
      if (!bytes) throw new Error(`raw file ${rawFileId} has no stored content`);
      lap('readMs');
      const fileClass = this.parser.classifyFile(claimed.file_name, bytes);
      if (fileClass === 'store_only') {
        return await this.fail(claimed, 'stored_not_parsed', 'store_only', {}, 'store_only');
      }
      await this.rawFiles.setProgress(rawFileId, 20);
      const plan = await this.reading.plan(claimed, bytes);
      if (plan.kind === 'hold') return await this.hold(claimed, plan.reasonKey, plan.doubts, plan.layoutKey);
      const { snapshot } = plan;
      kind = snapshot.kind ?? null;
      // A WAsP .tab or a flag log is no time series: kept as it is, as its preview said.
      if (
        snapshot.kind === 'wasp_tab' ||
        (snapshot.kind === 'store_only' && snapshot.channels.length === 0)
      ) {
        return await this.fail(
          claimed,
          'stored_not_parsed',
          'not_time_series',
          { kind: snapshot.kind },
          kind,
        );
      }
      lap('ruleMs');
      await this.rawFiles.setProgress(rawFileId, 40);
      const parsed = this.parser.parseFile(claimed.file_name, bytes, snapshot.rule, snapshot.channels);
      lap('parseMs');
      // A file nobody watched is stored only when its values agree with what the rule says they are.
      const doubts = FileReading.unacceptedValueDoubts(plan, parsed);
      if (doubts.length > 0)
        return await this.hold(claimed, 'held_doubts', doubts, snapshot.layoutKey ?? null);
      await this.rawFiles.setProgress(rawFileId, 70);
      const configured = await this.configuredChannels(stationId, parsed.timesMs[0]);
      const applied = await this.db.transaction().execute(async (trx) => {
        const store = openTimeSeriesStore(trx);
        const rawFiles = new RawFileRepository(trx);
        const version = await store.ensureOriginalVersion(stationId, claimed.uploader_id);
        await store.lockVersion(version.id);
        // The row may have been parsed by another process meanwhile (re-queue after a restart).
        const current = await rawFiles.findById(rawFileId);
        if (!current || current.status === 'parsed') return null;
        const result = await applyParsedFile(store, {
          versionId: version.id,
          sha256,
          parsed,
          configured,
          intervalHintMinutes: snapshot.rule.intervalMinutes ?? null,
          keepSources: true,
        });
        const summary = await store.refreshSummary(version.id);
        await rawFiles.updateStationDataTime(stationId, summary, snapshot.remoteSensing);
        // The subscribers that must hold with the data (the hub's days, the alarms' site status).
        const event: TDataArrivedEvent = {
          stationId,
          versionId: version.id,
          firstTimeMs: result.firstTimeMs,
          lastTimeMs: result.lastTimeMs,
          rawFileId,
          source: claimed.source,
          fileName: claimed.file_name,
        };
        for (const listener of this.dataArrived) await listener.inTransaction?.(trx, event);
        await rawFiles.markParsed(rawFileId, {
          recognizedKind: kind,
          ruleSnapshot: snapshot,
          firstTimeMs: result.firstTimeMs,
          lastTimeMs: result.lastTimeMs,
          valueCount: result.valueCount,
          note: offGridNote(result),
        });
        await this.stationLog.recordAs(
          trx,
          { userId: claimed.uploader_id, systemName: claimed.source },
          {
            type: 'add',
            stationId,
            location: 'dataFiles',
            objects: storedFileText(claimed.file_name, result),
            details: {
              rawFileId,
              fileName: claimed.file_name,
              source: claimed.source,
              valueCount: result.valueCount,
              firstTime: result.firstTimeMs === null ? null : new Date(result.firstTimeMs).toISOString(),
              lastTime: result.lastTimeMs === null ? null : new Date(result.lastTimeMs).toISOString(),
              offGridRows: result.offGridRowCount,
              offGridTimes: result.offGridCount,
            },
          },
        );
        return { ...result, versionId: version.id, event };
      });
      lap('storeMs');
      if (!applied) return ingestResultOf((await this.rawFiles.findById(rawFileId))!);
      // After the commit (e.g. the QC rules over the new period: a bad sensor is seen minutes after its
      // file lands). A failure is logged; the stored file stays stored.
      for (const listener of this.dataArrived) {
        await listener
          .afterCommit?.(applied.event)
          .catch((error: unknown) =>
            this.log.warn({ err: error, rawFileId }, 'a data-arrived subscriber failed'),
          );
      }
      lap('afterCommitMs');
      this.log.debug(
        { rawFileId, ...timings, ...applied.timings, chunks: applied.chunkCount, values: applied.valueCount },
        'raw file parsed',
      );
      return { rawFileId, status: 'parsed' };
    } catch (error) {
      if (error instanceof UnreadableFileError) {
        return this.fail(claimed, 'failed', error.reasonKey, error.details ?? {}, kind, error.reason);
      }
      if (error instanceof StoreRefusal) {
        return this.fail(claimed, 'failed', error.reasonKey, error.details, kind);
      }
      this.log.error({ err: error, rawFileId }, 'raw file could not be parsed');
      return this.fail(claimed, 'failed', 'internal_error', {}, kind);
    }
  }

  /** The whole stored content (one read on the local store, not a stream of 64 KB pieces). */
  async readContent(sha256: string): Promise<Buffer | undefined> {
    if (this.files instanceof LocalFileStore) {
      try {
        return await readFile(this.files.pathOf(sha256));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
    }
    const blob = await this.files.open(sha256);
    return blob ? readStream(blob.stream) : undefined;
  }

  /** Re-queues files a crash or stop left in 'pending' or 'parsing' (called at start). */
  async requeueUnfinished(): Promise<number> {
    const ids = await this.rawFiles.listUnfinished();
    // A job of its own, not the file's singleton: a worker killed mid-parse leaves its job active until it
    // expires, and this start must not wait for it. Two parses are safe: the version lock orders them.
    for (const id of ids) {
      await this.jobs.send(
        'ingestion.parse',
        { rawFileId: id, userId: null },
        { singletonKey: `raw-file:${id}:requeue:${Date.now()}` },
      );
    }
    if (ids.length > 0) this.log.info({ count: ids.length }, 'unfinished raw files queued for parsing again');
    return ids.length;
  }

  /** Registers the parse worker and re-queues unfinished files. */
  async startWorkers(): Promise<void> {
    await this.jobs.work(
      'ingestion.parse',
      async (job) => {
        await this.parseRawFile(job.data.rawFileId);
      },
      // Parsing waits on the database more than on the CPU (commits): several files at once keep the
      // cores busy; files of one site still go one at a time (the version lock).
      { concurrency: this.parseConcurrency },
    );
    await this.jobs.work('ingestion.clean-previews', () => this.cleanPreviews());
    await this.jobs.schedule('ingestion.clean-previews', '17 3 * * *', {});
    await this.requeueUnfinished();
  }

  /**
   * Reads a data file of a site for an import into a working version (MeasureWind import): the same
   * rule choice as ingestion (site parse rule, else recognition) and the channel configuration in force.
   * Throws UnreadableFileError for content no parser can read, and for vendor binaries.
   */
  async parseForImport(
    stationId: number,
    fileName: string,
    bytes: Uint8Array,
  ): Promise<{ parsed: TParsedData; configured: TConfiguredChannel[]; intervalHintMinutes: number | null }> {
    if (this.parser.classifyFile(fileName, bytes) === 'store_only') {
      throw new UnreadableFileError('vendor binary or mesoscale file', 'store_only');
    }
    const snapshot = await this.reading.ruleForImport(stationId, fileName, bytes);
    const parsed = this.parser.parseFile(fileName, bytes, snapshot.rule, snapshot.channels);
    const configured = await this.configuredChannels(stationId, parsed.timesMs[0]);
    return { parsed, configured, intervalHintMinutes: snapshot.rule.intervalMinutes ?? null };
  }

  /** The channels of the configuration in force at `atMs` (the latest effective at or before it). */
  private async configuredChannels(
    stationId: number,
    atMs: number | undefined,
  ): Promise<TConfiguredChannel[]> {
    // The latest configuration in force then; data older than every configuration use the first one.
    const at = new Date(atMs ?? Date.now());
    const channels = await configuredChannelsAt(this.db, stationId, at);
    return channels.map((c) => ({
      channelName: c.channel_name,
      dataKey: c.data_key,
      element: c.element,
      heightM: c.height_m,
      statistic: c.statistic,
      unit: c.unit,
    }));
  }

  private async fail(
    row: TRawFileRow,
    status: 'failed' | 'stored_not_parsed',
    reasonKey: string,
    details: Record<string, unknown>,
    kind: string | null,
    fallbackReason?: string,
  ): Promise<TIngestResult> {
    const reason =
      localizeUnreadableReason(reasonKey, details, 'zh') ??
      localizeStoreReason(reasonKey, details, 'zh') ??
      fallbackReason ??
      reasonKey;
    await this.rawFiles.markFailed(row.id, status, reasonKey, reason, details, kind);
    if (status === 'failed') await announceFailed(this.dataArrived, row, reasonKey);
    return { rawFileId: row.id, status, reasonKey, reason };
  }

  // Previews (preview_recognize → recognize): previews.ts.

  preview(...args: Parameters<Previews['preview']>): ReturnType<Previews['preview']> {
    return this.previews.preview(...args);
  }

  /** Parses a stored file again (after its rule was fixed); a parsed file is left as is. */
  async reparse(rawFileId: number, snapshot: TRuleSnapshot | null, userId: number | null): Promise<void> {
    const row = await this.rawFiles.findById(rawFileId);
    if (!row || row.station_id === null) throw new AppError('NOT_FOUND');
    if (row.status === 'parsed' || row.status === 'parsing') {
      throw new AppError('RAW_FILE_ALREADY_PARSED', { fileName: row.file_name });
    }
    await this.rawFiles.resetForParsing(rawFileId, snapshot ?? (row.status === 'failed' ? null : undefined));
    await this.enqueueParse(rawFileId, userId);
  }

  /** Drops previews older than a day, with their content unless something else names it. */
  cleanPreviews(maxAgeMs?: number): Promise<void> {
    return this.previews.cleanPreviews(maxAgeMs);
  }

  /**
   * Holds a file (issue 40): kept raw, nothing stored as data, until a user confirms it in the preview; the
   * site's data administrator hears of it (message, receipt) through the data-arrived port.
   */
  private async hold(
    row: TRawFileRow,
    reasonKey: 'held_new_layout' | 'held_doubts',
    doubts: TDoubt[],
    layoutKey: string | null,
  ): Promise<TIngestResult> {
    const first = doubts[0];
    const details = {
      count: doubts.length,
      first: first ? localizeDoubt(first, 'zh') : '',
      doubts,
      layoutKey,
    };
    const reason = localizeUnreadableReason(reasonKey, details, 'zh') ?? reasonKey;
    await this.rawFiles.markHeld(row.id, reasonKey, reason, details);
    await announceHeld(this.dataArrived, row, reasonKey, doubts);
    return { rawFileId: row.id, status: 'held', reasonKey, reason };
  }
}
