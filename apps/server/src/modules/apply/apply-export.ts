import { Readable } from 'node:stream';
import {
  APPLY_FILE_TYPE_NAMES,
  AppError,
  ERROR_MESSAGES,
  interpolate,
  type Language,
  PAIR_EXPORT_FORMATS,
  text,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { lockContent } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import { type TZipEntry, zipStream } from '../../platform/files/zip-writer.ts';
import type { Logger } from '../../platform/logger.ts';
import type { StationAccess } from '../access/index.ts';
import type { IngestionApi } from '../ingestion/index.ts';
import type { MailOutbox } from '../mail/index.ts';
import type { MessageService } from '../messages/index.ts';
import type { WindDataService } from '../wind-data/index.ts';
import { ApplicationRepository } from './applications.repository.ts';
import type { ApplyNotices } from './apply-notices.ts';
import { applicantAsUser, assertApplicantSees } from './apply-support.ts';
import type { LinkSigner } from './link-signer.ts';

/** What the export of applications works with. */
export interface TApplyExportDeps {
  db: Database;
  access: StationAccess;
  files: TFileStore;
  windData: WindDataService;
  ingestionApi: IngestionApi;
  outbox: MailOutbox;
  messages: MessageService;
  signer: LinkSigner;
  log: Logger;
  notices: ApplyNotices;
}

/**
 * The export of an approved application ('apply.export'): the file built with the applicant's data
 * rights, stored once, and the signed link sent.
 */
export class ApplyExport {
  private readonly db: Database;
  private readonly applications: ApplicationRepository;
  private readonly access: StationAccess;
  private readonly files: TFileStore;
  private readonly windData: WindDataService;
  private readonly ingestionApi: IngestionApi;
  private readonly outbox: MailOutbox;
  private readonly messages: MessageService;
  private readonly signer: LinkSigner;
  private readonly log: Logger;
  private readonly notices: ApplyNotices;

  constructor(deps: TApplyExportDeps) {
    this.db = deps.db;
    this.applications = new ApplicationRepository(deps.db);
    this.access = deps.access;
    this.files = deps.files;
    this.windData = deps.windData;
    this.ingestionApi = deps.ingestionApi;
    this.outbox = deps.outbox;
    this.messages = deps.messages;
    this.signer = deps.signer;
    this.log = deps.log;
    this.notices = deps.notices;
  }

  /**
   * Builds the file of an approved application with the applicant's data rights, stores it once and
   * sends the link. Runs again after a crash (the job is retried): a stored file of equal content is
   * one blob.
   */
  async run(applicationId: number): Promise<void> {
    const row = await this.applications.find(applicationId);
    if (row?.audit_status !== 'approved' || row.export_status === 'ready') return;
    const language = row.language;
    const setProgress = async (progress: number, status: 'running' = 'running') => {
      await this.applications.update(applicationId, {
        export_status: status,
        export_progress: Math.max(0, Math.min(99, Math.round(progress))),
        updated_at: new Date(),
      });
    };
    await setProgress(1);
    try {
      const stations = await this.applications.listSites(applicationId);
      const subject =
        row.applicant_id === null ? undefined : await this.access.findSubject(Number(row.applicant_id));
      if (!subject) throw new AppError('APPLY_ACCESS_LOST');
      const applicant = applicantAsUser(subject, row.applicant_name);
      const stationIds = stations.map((s) => Number(s.id));
      await assertApplicantSees(this.access, subject, stationIds);
      const built = await this.buildFile(row, applicant, stations, setProgress);
      const staged = await this.files.stage(built.stream);
      await this.db.transaction().execute(async (trx) => {
        await lockContent(trx, staged.sha256);
        await staged.commit();
        await new ApplicationRepository(trx).update(applicationId, {
          export_status: 'ready',
          export_progress: 100,
          export_reason: '',
          export_notes: JSON.stringify(built.notes),
          file_name: built.fileName,
          file_sha256: staged.sha256,
          file_size: staged.sizeBytes,
          updated_at: new Date(),
        });
      });
      const ready = await this.applications.findOrThrow(applicationId);
      const url = ready.link_base === '' ? undefined : await this.linkOf(ready);
      const mailId = await this.db.transaction().execute(async (trx) => {
        const id = await this.notices.queueNotice(
          trx,
          ready,
          ready.data_source_id === null ? null : Number(ready.data_source_id),
          'ready',
          {
            url,
            expiresAt: ready.link_expires_at!,
            utcOffsetMinutes: ready.utc_offset_minutes,
          },
        );
        if (id !== null) {
          await new ApplicationRepository(trx).update(applicationId, { mail_id: id });
        }
        return id;
      });
      if (mailId !== null) await this.outbox.dispatch([mailId]);
      await this.notices.tellApplicant(ready, 'ready', '', stationIds);
    } catch (error) {
      const reasonIn = (lang: Language) =>
        error instanceof AppError
          ? interpolate(ERROR_MESSAGES[error.code][lang], error.details as Record<string, string | number>)
          : say(lang, 'apply.export.internalError');
      const reason = reasonIn(language);
      // Messages are read in their reader's language: the reason goes with them in both.
      const reasons = { zh: reasonIn('zh'), en: reasonIn('en') };
      if (!(error instanceof AppError))
        this.log.error({ err: error, applicationId }, 'application export failed');
      await this.applications.update(applicationId, {
        export_status: 'failed',
        export_reason: reason,
        updated_at: new Date(),
      });
      const stationIds = await this.applications.listStationIds(applicationId);
      await this.notices.tellApplicant(row, 'failed', reasons, stationIds);
      if (row.reviewer_id !== null) {
        await this.messages
          .send(Number(row.reviewer_id), {
            type: 'approval',
            message: text('message.applyFailedReviewer', { id: applicationId, reason: reasons }),
            messageType: 'error',
            stationIds,
          })
          .catch(() => undefined);
      }
    }
  }

  /** The signed link of an approved, exported application: the web page that opens it for the applicant. */
  private async linkOf(row: {
    id: number;
    link_base: string;
    applicant_id: number | null;
    link_expires_at: Date | null;
    file_sha256: string | null;
  }): Promise<string> {
    const exp = Math.floor(row.link_expires_at!.getTime() / 1000);
    const sig = await this.signer.signLink({
      applicationId: Number(row.id),
      applicantId: Number(row.applicant_id),
      expiresAt: exp,
      fileSha256: row.file_sha256!.trim(),
    });
    return `${row.link_base.replace(/\/$/, '')}/download/${row.id}?exp=${exp}&sig=${sig}`;
  }

  private async buildFile(
    row: {
      id: number;
      file_type: number;
      start_time: Date;
      end_time: Date;
      version_mode: 'original' | 'latest';
      language: Language;
      utc_offset_minutes: number;
    },
    applicant: TAuthUser,
    stations: { id: number; station_code: string }[],
    progress: (pct: number) => Promise<void>,
  ): Promise<{ fileName: string; stream: Readable; notes: { stationCode: string; reason: string }[] }> {
    const language = row.language;
    const range = { startTime: row.start_time.toISOString(), endTime: row.end_time.toISOString() };
    if (row.file_type === 0) {
      // The original logger files of the sites in the scope (one file as is, several as a ZIP).
      const original = await this.ingestionApi.exportOriginal(
        applicant,
        { stationIds: stations.map((s) => Number(s.id)), ...range },
        language,
      );
      await progress(50);
      return { fileName: original.fileName, stream: original.stream, notes: [] };
    }
    const noData = say(language, 'apply.export.noData');
    const pairMissing = say(language, 'apply.export.noPair');
    const notes: { stationCode: string; reason: string }[] = [];
    const exports: { station: { id: number; station_code: string }; versionId: number }[] = [];
    for (const station of stations) {
      const version = await this.versionOf(Number(station.id), row.version_mode);
      if (!version?.hasData(row.start_time, row.end_time)) {
        notes.push({ stationCode: station.station_code, reason: noData });
        continue;
      }
      if (PAIR_EXPORT_FORMATS.includes(row.file_type) && !version.hasPair) {
        notes.push({ stationCode: station.station_code, reason: pairMissing });
        continue;
      }
      exports.push({ station, versionId: version.id });
    }
    if (exports.length === 0) throw new AppError('VERSION_NO_DATA');
    const exportOne = (versionId: number) =>
      this.windData.export(
        applicant,
        {
          versionId,
          format: row.file_type,
          includeSuspicious: true,
          includeFilled: true,
          tabSectors: 12,
          tabBins: 'edges',
          ...range,
        },
        row.utc_offset_minutes,
        language,
      );
    if (exports.length === 1 && notes.length === 0) {
      const file = await exportOne(exports[0]!.versionId);
      return { fileName: file.fileName, stream: file.stream, notes };
    }
    let done = 0;
    // One file per site, named by its code, written one after the other into the ZIP.
    const named: TZipEntry[] = exports.map(({ station, versionId }) => ({
      name: `${station.station_code}${FORMAT_EXTENSIONS[row.file_type] ?? '.txt'}`,
      modifiedAt: new Date(),
      open: async () => {
        const file = await exportOne(versionId);
        done += 1;
        await progress((done / exports.length) * 95);
        return file.stream;
      },
    }));
    if (notes.length > 0) {
      const text = notes.map((n) => `${n.stationCode}\t${n.reason}`).join('\r\n');
      named.push({
        name: say(language, 'apply.export.notExportedFile'),
        modifiedAt: new Date(),
        open: async () => Readable.from([Buffer.from(`\uFEFF${text}\r\n`, 'utf8')]),
      });
    }
    const label = say(language, 'apply.export.zipLabel');
    return {
      fileName: `${label}_${row.id}_${APPLY_FILE_TYPE_NAMES[row.file_type]!.en.replace(/[^A-Za-z0-9]+/g, '_')}.zip`,
      stream: zipStream(named),
      notes,
    };
  }

  /** The version an application reads for a site, with whether it holds data in a period. */
  private async versionOf(stationId: number, mode: 'original' | 'latest') {
    const row = await this.applications.findVersion(stationId, mode);
    if (!row) return undefined;
    return {
      id: Number(row.id),
      hasPair: row.has_pair,
      hasData: (from: Date, to: Date) =>
        row.first_time !== null && row.last_time !== null && row.first_time <= to && row.last_time >= from,
    };
  }
}

const FORMAT_EXTENSIONS: Record<number, string> = {
  1: '.csv',
  2: '.tim',
  3: '.tws',
  4: '.txt',
  5: '.tab',
  6: '.parquet',
  7: '.arrows',
  8: '.owc',
  9: '.yaml',
};
