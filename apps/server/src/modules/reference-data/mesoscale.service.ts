import { Readable } from 'node:stream';
import {
  AppError,
  type Language,
  MESOSCALE_FILES_MAX,
  type TMesoscaleDataset,
  type TMesoscalePageRequest,
  type TPage,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import {
  ArchiveUnreadableError,
  type TArchiveLimits,
  unzipUpload,
} from '../../platform/files/archive-limits.ts';
import { lockContent, removeUnreferenced } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { StationAccess } from '../access/index.ts';
import type { TParserPort } from '../ingestion/index.ts';
import { readTextReportHead, UnreadableFileError } from '../ingestion/index.ts';
import { MesoscaleRepository } from './mesoscale.repository.ts';
import { presentDataset } from './mesoscale-present.ts';
import type { TUploadedPart } from './upload-parts.ts';

/** A mesoscale dataset row as the scaling reads it (its .wnd's stamps and columns through readMesoscaleColumns). */
export type TMesoscaleDatasetRow = NonNullable<Awaited<ReturnType<MesoscaleRepository['findDataset']>>>;

/**
 * Wind source assessment (issue 16): mesoscale datasets of a site (files stored unchanged with SHA-256;
 * a text .wnd read by the logger-file recognition and parse rules, a binary or unreadable one stored and
 * reported as such). Their scaling to a measured version is a long-term method (longterm/scaling.service.ts).
 * Access follows the site, as every data function.
 */
export class MesoscaleDatasetService {
  private readonly mesoscale: MesoscaleRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly parser: TParserPort,
    private readonly archiveLimits: TArchiveLimits,
  ) {
    this.mesoscale = new MesoscaleRepository(db);
  }

  // --- Datasets ---------------------------------------------------------------------------------

  async page(
    user: TAuthUser,
    request: TMesoscalePageRequest,
    language: Language,
  ): Promise<TPage<TMesoscaleDataset>> {
    // A filter naming a site beyond the caller is refused as every station-scoped call is (issue 26 §1).
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    const { rows, total } = await this.mesoscale.page(user, request);
    return presentPage(request, { rows, total }, (r) => presentDataset(r, language));
  }

  async assertCanUpload(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /**
   * Unpacks zips under the archive limits (entries, unpacked size and ratio counted while inflating,
   * platform/files/archive-limits.ts) and counts the files against MESOSCALE_FILES_MAX before anything
   * is inflated. Runs before anything is stored, so a refused upload leaves no file and no row.
   */
  private async expand(files: readonly TUploadedPart[]): Promise<TUploadedPart[]> {
    const out: TUploadedPart[] = [];
    const tooMany = () => new AppError('UPLOAD_TOO_MANY_FILES', { max: MESOSCALE_FILES_MAX });
    let unpacked = 0;
    for (const file of files) {
      if (!/\.zip$/i.test(file.fileName)) {
        out.push(file);
        if (out.length > MESOSCALE_FILES_MAX) throw tooMany();
        continue;
      }
      let entries: { name: string; content: Buffer }[];
      try {
        entries = await unzipUpload(file.content, file.fileName, this.archiveLimits, {
          select: (listed) => {
            const kept = listed.filter((e) => !e.name.startsWith('__MACOSX/'));
            if (out.length + kept.length > MESOSCALE_FILES_MAX) throw tooMany();
            return kept;
          },
          unpackedBefore: unpacked,
        });
      } catch (error) {
        if (error instanceof ArchiveUnreadableError) {
          throw new AppError('MESOSCALE_ZIP_UNREADABLE', { fileName: file.fileName });
        }
        throw error;
      }
      for (const entry of entries) {
        unpacked += entry.content.length;
        out.push({ fileName: entry.name.split('/').pop()!, content: entry.content });
      }
    }
    return out;
  }

  /**
   * Stores a mesoscale upload (a zip or several files) unchanged and, when its .wnd is a text time series
   * the logger recognition reads (time, speed, direction at one or more heights), keeps its channels.
   * A binary or unreadable .wnd is stored and reported as such; nothing else changes.
   */
  async upload(
    user: TAuthUser,
    input: { stationId: number; name: string; utcOffsetMinutes: number },
    uploaded: readonly TUploadedPart[],
  ): Promise<{ id: number }> {
    await this.assertCanUpload(user, input.stationId);
    const files = await this.expand(uploaded);
    const wnd = files.find((f) => /\.wnd$/i.test(f.fileName));
    if (!wnd) throw new AppError('MESOSCALE_WND_REQUIRED');
    // Parse first (pure), store after: a crash in between leaves nothing recorded.
    let parsed:
      | {
          timesMs: Float64Array;
          columns: {
            key: string;
            name: string;
            element: string;
            heightM: number | null;
            unit: string;
            values: Float32Array;
          }[];
          intervalMinutes: number;
        }
      | undefined;
    let reason = '';
    const head = readTextReportHead(wnd.content);
    // The logger parsers file .wnd under Kintech's binary format: a text .wnd is read as the text it is.
    const asText = wnd.fileName.replace(/\.wnd$/i, '.txt');
    if (head.isBinary || this.parser.classifyFile(asText, wnd.content) === 'store_only') {
      reason = JSON.stringify({ key: 'binary' });
    } else {
      try {
        const recognition = this.parser.recognize(asText, wnd.content);
        const rule = { ...recognition.rule, utcOffsetMinutes: input.utcOffsetMinutes };
        const data = this.parser.parseFile(asText, wnd.content, rule, recognition.channels);
        const columns = data.columns
          .filter(
            (c) =>
              c.channel.element === 'ws' ||
              c.channel.element === 'wd' ||
              c.channel.element === 'T' ||
              c.channel.element === 'p',
          )
          .map((c) => ({
            key: c.channel.dataKey,
            name: c.channel.name,
            element: c.channel.element,
            heightM: c.channel.heightM,
            unit: c.channel.unit,
            values: c.values,
          }));
        if (!columns.some((c) => c.element === 'ws')) reason = JSON.stringify({ key: 'no_speed' });
        else if (!columns.some((c) => c.element === 'wd')) reason = JSON.stringify({ key: 'no_direction' });
        else parsed = { timesMs: data.timesMs, columns, intervalMinutes: recognition.intervalMinutes ?? 60 };
      } catch (error) {
        if (!(error instanceof UnreadableFileError)) throw error;
        reason = JSON.stringify({ key: error.reasonKey, details: error.details });
      }
    }
    const stored: {
      fileName: string;
      sha256: string;
      sizeBytes: number;
      isText: boolean;
      headText: string;
    }[] = [];
    return this.db.transaction().execute(async (trx) => {
      for (const f of files) {
        const staged = await this.files.stage(Readable.from([f.content]));
        await lockContent(trx, staged.sha256);
        await staged.commit();
        const h = readTextReportHead(f.content);
        stored.push({
          fileName: f.fileName.slice(-255),
          sha256: staged.sha256,
          sizeBytes: staged.sizeBytes,
          isText: !h.isBinary,
          headText: h.headText,
        });
      }
      const wndStored = stored[files.indexOf(wnd)]!;
      const times = parsed?.timesMs;
      const id = await new MesoscaleRepository(trx).insertDataset(
        {
          station_id: input.stationId,
          name: input.name,
          files: JSON.stringify(stored),
          wnd_sha256: wndStored.sha256,
          status: parsed ? 'parsed' : 'stored',
          reason,
          utc_offset_minutes: input.utcOffsetMinutes,
          interval_minutes: parsed?.intervalMinutes ?? null,
          first_time: times && times.length > 0 ? new Date(times[0]!) : null,
          last_time: times && times.length > 0 ? new Date(times[times.length - 1]!) : null,
          record_count: times?.length ?? 0,
          channels: JSON.stringify((parsed?.columns ?? []).map(({ values: _v, ...c }) => c)),
          times: times ? Buffer.from(times.buffer, times.byteOffset, times.byteLength) : null,
          uploader_id: user.id,
          uploader_name: user.userName,
        },
        (parsed?.columns ?? []).map((c) => ({
          key: c.key,
          values: Buffer.from(c.values.buffer, c.values.byteOffset, c.values.byteLength),
        })),
      );
      return { id };
    });
  }

  /** A dataset the caller may see: NOT_FOUND when there is none, the site's view right. */
  async findVisible(user: TAuthUser, id: number): Promise<TMesoscaleDatasetRow> {
    const row = await this.mesoscale.findDataset(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, Number(row.station_id));
    return row;
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.findVisible(user, id);
    await this.access.assertCanEdit(user, Number(row.station_id));
    await this.mesoscale.deleteDataset(id);
    // Content-addressed: each file goes only when nothing else names the same bytes.
    await removeUnreferenced(this.db, this.files, [row.wnd_sha256, ...row.files.map((f) => f.sha256)]);
  }
}
