import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { AppError, localizeDoubt, type TDoubt, type TRecognition } from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { FileTooLargeError, type TFileStore } from '../../platform/files/file-store.ts';
import type { Logger } from '../../platform/logger.ts';
import type { TRuleSnapshot } from './file-reading.ts';
import type { TIngestResult } from './ingestion.types.ts';
import {
  cleanFileName,
  DEFAULT_LOGGER_UTC_OFFSET,
  ingestResultOf,
  readStagedOrCommit,
  withLoggerZone,
} from './ingestion-support.ts';
import type { TParserPort } from './parser-port.ts';
import { openDoubts } from './parsers/index.ts';
import { RawFileRepository, type TRawFileRow } from './raw-files.repository.ts';
import type { StationLayoutRepository } from './station-layouts.repository.ts';

/** What a preview answers: its token, the file and what recognition read (null for a file stored only). */
export interface TPreviewAnswer {
  token: string;
  fileName: string;
  sizeBytes: number;
  recognition: TRecognition | null;
  storeOnly: boolean;
}

/** What the previews need of ingestion: storing a confirmed file and parsing it again. */
export interface TPreviewIngestion {
  storeRawFile(input: {
    stationId: number;
    fileName: string;
    source: 'upload';
    stream: Readable;
    actor: TAuthUser;
    ruleSnapshot?: TRuleSnapshot;
  }): Promise<{ row: TRawFileRow; isDuplicate: boolean }>;
  enqueueParse(rawFileId: number, userId?: number | null): Promise<void>;
  reparse(rawFileId: number, snapshot: TRuleSnapshot | null, userId: number | null): Promise<void>;
  readContent(sha256: string): Promise<Buffer | undefined>;
}

/** A confirmation: the preview's token or a stored (held, failed) raw file, the rule as confirmed. */
export interface TConfirmation {
  stationId: number;
  snapshot: TRuleSnapshot | null;
  acceptedDoubts: readonly string[];
  rememberLayout: boolean;
}

/**
 * The upload preview (preview_recognize → recognize, SPEC §7) and its confirmation under issue 40's rule:
 * every doubt of the preview is resolved (by changing what it is about) or accepted as it is before the
 * file is stored, the values are judged again as confirmed, and the confirmed layout is remembered for
 * the site's later files — read the same way whether a person is watching or not.
 */
export class Previews {
  constructor(
    private readonly db: Database,
    private readonly files: TFileStore,
    private readonly parser: TParserPort,
    private readonly rawFiles: RawFileRepository,
    private readonly layouts: StationLayoutRepository,
    private readonly ingestion: TPreviewIngestion,
    private readonly log: Logger,
  ) {}

  /**
   * Stores an uploaded file and recognises it; the token confirms it later. Unreadable content throws
   * UnreadableFileError and nothing is kept.
   */
  async preview(
    user: TAuthUser,
    stationId: number | null,
    file: { fileName: string; source: Readable; maxBytes: number },
    /** The uploader's time zone: files of no site that name no zone are read in it. */
    uploaderUtcOffsetMinutes = DEFAULT_LOGGER_UTC_OFFSET,
  ): Promise<TPreviewAnswer> {
    const fileName = cleanFileName(file.fileName);
    let staged: Awaited<ReturnType<TFileStore['stage']>>;
    try {
      staged = await this.files.stage(file.source, { maxBytes: file.maxBytes });
    } catch (error) {
      if (error instanceof FileTooLargeError) throw new AppError('PAYLOAD_TOO_LARGE');
      throw error;
    }
    let recognition: TRecognition | null = null;
    let storeOnly = false;
    try {
      const bytes = await readStagedOrCommit(staged, this.files);
      if (this.parser.classifyFile(fileName, bytes) === 'store_only') storeOnly = true;
      else recognition = await this.recognizeFor(stationId, fileName, bytes, uploaderUtcOffsetMinutes);
    } catch (error) {
      await this.removeIfUnreferenced(staged.sha256);
      throw error;
    }
    const token = randomUUID();
    await this.rawFiles.insertPreview({
      token,
      sha256: staged.sha256,
      fileName,
      sizeBytes: staged.sizeBytes,
      userId: user.id,
      stationId,
      recognition: recognition ?? { storeOnly: true },
    });
    return { token, fileName, sizeBytes: staged.sizeBytes, recognition, storeOnly };
  }

  /**
   * The preview of a stored raw file of a site (a held file, or one that failed): what recognition reads in
   * it now, with a token that confirms it (the file is parsed again with the confirmed rule).
   */
  async previewStored(user: TAuthUser, row: TRawFileRow): Promise<TPreviewAnswer> {
    const bytes = await this.ingestion.readContent(row.sha256.trim());
    if (!bytes) throw new AppError('NOT_FOUND');
    const stationId = Number(row.station_id);
    const storeOnly = this.parser.classifyFile(row.file_name, bytes) === 'store_only';
    const recognition = storeOnly ? null : await this.recognizeFor(stationId, row.file_name, bytes);
    const token = randomUUID();
    await this.rawFiles.insertPreview({
      token,
      sha256: row.sha256.trim(),
      fileName: row.file_name,
      sizeBytes: Number(row.size_bytes),
      userId: user.id,
      stationId,
      recognition: recognition ?? { storeOnly: true },
    });
    return { token, fileName: row.file_name, sizeBytes: Number(row.size_bytes), recognition, storeOnly };
  }

  private async recognizeFor(
    stationId: number | null,
    fileName: string,
    bytes: Uint8Array,
    uploaderUtcOffsetMinutes = DEFAULT_LOGGER_UTC_OFFSET,
  ): Promise<TRecognition> {
    const siteZone = stationId === null ? undefined : await this.rawFiles.findStationLoggerOffset(stationId);
    return withLoggerZone(
      this.parser.recognize(fileName, bytes),
      siteZone ?? uploaderUtcOffsetMinutes,
      siteZone === undefined ? 'uploader' : 'site',
    );
  }

  /**
   * Confirms a preview: refuses while a doubt is open (DOUBTS_OPEN, nothing stored), remembers the
   * confirmed layout for the site, records the raw file with the (edited) rule and queues its parse — or
   * parses again the stored file the preview was of (a held or failed one).
   */
  async confirm(user: TAuthUser, token: string, confirmation: TConfirmation): Promise<TIngestResult> {
    const preview = await this.rawFiles.findPreview(token);
    if (!preview || preview.user_id !== user.id) throw new AppError('NOT_FOUND');
    const sha256 = preview.sha256.trim();
    const recognition = (preview.recognition as { storeOnly?: boolean } & TRecognition) ?? null;
    let snapshot = confirmation.snapshot;
    // A file the preview said is stored but not parsed (a WAsP .tab, a flag log) has no doubts to check.
    const isNotParsed = recognition?.warnings?.includes('storedNotParsed') === true;
    if (recognition && !recognition.storeOnly && !isNotParsed) {
      const bytes = await this.ingestion.readContent(sha256);
      if (!bytes) throw new AppError('NOT_FOUND');
      snapshot = this.checkDoubts(recognition, snapshot, bytes, confirmation.acceptedDoubts);
      if (confirmation.rememberLayout && recognition.layoutKey) {
        await this.layouts.save({
          stationId: confirmation.stationId,
          layoutKey: recognition.layoutKey,
          kind: recognition.kind,
          rule: snapshot.rule,
          channels: snapshot.channels,
          acceptedDoubts: snapshot.acceptedDoubts ?? [],
          fileName: preview.file_name,
          confirmedBy: user.id,
          confirmerName: user.userName,
        });
      }
    }
    const blob = await this.files.open(sha256);
    if (!blob) throw new AppError('NOT_FOUND');
    const stored = await this.ingestion.storeRawFile({
      stationId: confirmation.stationId,
      fileName: preview.file_name,
      source: 'upload',
      stream: blob.stream,
      actor: user,
      ...(snapshot ? { ruleSnapshot: snapshot } : {}),
    });
    await this.rawFiles.deletePreview(token);
    if (stored.isDuplicate) {
      // The same file again: parse it again only when it did not go in (held, or with a corrected rule).
      const status = stored.row.status;
      if (status === 'failed' || status === 'stored_not_parsed' || status === 'held') {
        await this.ingestion.reparse(stored.row.id, snapshot, user.id);
      }
      return { rawFileId: stored.row.id, status: 'duplicate' };
    }
    if (stored.row.status === 'pending') await this.ingestion.enqueueParse(stored.row.id, user.id);
    return ingestResultOf(stored.row);
  }

  /**
   * The rule as confirmed, with the doubts accepted; refuses (DOUBTS_OPEN, 422, with the first open doubt
   * in the caller's words) while a doubt of the confirmed rule is neither resolved nor accepted.
   */
  private checkDoubts(
    recognition: TRecognition,
    confirmed: TRuleSnapshot | null,
    bytes: Uint8Array,
    accepted: readonly string[],
  ): TRuleSnapshot {
    const snapshot: TRuleSnapshot = confirmed ?? {
      rule: recognition.rule,
      channels: recognition.channels,
      kind: recognition.kind,
      remoteSensing: recognition.remoteSensing,
    };
    const parsed = this.parser.parseFile('confirmed', bytes, snapshot.rule, snapshot.channels);
    const open = openDoubts(recognition, snapshot.rule, snapshot.channels, parsed);
    const acceptedSet = new Set(accepted);
    const unanswered: TDoubt[] = open.filter((doubt) => !acceptedSet.has(doubt.id));
    if (unanswered.length > 0) {
      const first = unanswered[0]!;
      throw new AppError('DOUBTS_OPEN', {
        count: unanswered.length,
        first: { zh: localizeDoubt(first, 'zh'), en: localizeDoubt(first, 'en') },
        ids: unanswered.map((d) => d.id).join(','),
      });
    }
    return {
      ...snapshot,
      layoutKey: recognition.layoutKey,
      acceptedDoubts: open.map((doubt) => doubt.id),
    };
  }

  /** Drops previews older than a day, with their content unless something else names it. */
  async cleanPreviews(maxAgeMs = 24 * 3600 * 1000): Promise<void> {
    const hashes = await this.rawFiles.deletePreviewsBefore(new Date(Date.now() - maxAgeMs));
    for (const sha of new Set(hashes)) await this.removeIfUnreferenced(sha.trim());
  }

  private async removeIfUnreferenced(sha256: string): Promise<void> {
    try {
      await this.db.transaction().execute(async (trx) => {
        const rawFiles = new RawFileRepository(trx);
        await rawFiles.lockContent(sha256);
        if (!(await rawFiles.isContentReferenced(sha256))) await this.files.remove(sha256);
      });
    } catch (err) {
      this.log.warn({ err, sha256 }, 'unreferenced content left in the file store');
    }
  }
}
