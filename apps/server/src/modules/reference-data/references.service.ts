import {
  AppError,
  type Language,
  localizeStoreReason,
  localizeUnreadableReason,
  REFERENCE_SOURCE_NAMES,
  type TMcpReference,
  type TPage,
  type TReferencePageRequest,
  type TReferenceSeries,
  type TReferenceSourceKey,
  type TReferenceUpdateRequest,
  type TReferenceUploadFields,
} from '@masthub/shared';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import { presentPage } from '../../platform/db/paging.ts';
import { removeUnreferenced } from '../../platform/files/content-references.ts';
import type { TFileStore } from '../../platform/files/file-store.ts';
import type { StationAccess } from '../access/index.ts';
import {
  fileExtension,
  readTextReportHead,
  type TParserPort,
  UnreadableFileError,
} from '../ingestion/index.ts';
import { toBytes, toFloat64 } from './reference-columns.ts';
import {
  createReferenceSeries,
  defaultReferenceKeys,
  type TReferenceColumnInput,
} from './reference-store.ts';
import { ReferencesRepository } from './references.repository.ts';

/** Extensions a reference file may have: text time series only. */
const TEXT_EXTENSIONS = new Set(['csv', 'txt', 'dat', 'tsv', 'prn', 'asc', 'wnd']);
/** The columns a reference keeps. */
const KEPT_ELEMENTS = new Set(['ws', 'wd', 'T', 'p']);

type TReferenceRow = NonNullable<Awaited<ReturnType<ReferencesRepository['find']>>>;

/** A reference as the lists show it. */
function presentReference(row: TReferenceRow, language: Language): TReferenceSeries {
  const keys = defaultReferenceKeys(row.channels);
  return {
    id: Number(row.id),
    name: row.name,
    source: row.source,
    sourceName: REFERENCE_SOURCE_NAMES[row.source][language],
    latitude: row.latitude,
    longitude: row.longitude,
    heightM: row.height_m,
    utcOffsetMinutes: row.utc_offset_minutes,
    files: row.files,
    intervalMinutes: Number(row.interval_minutes),
    firstTime: row.first_time?.toISOString() ?? null,
    lastTime: row.last_time?.toISOString() ?? null,
    recordCount: row.record_count,
    channels: row.channels,
    speedKey: keys.speedKey,
    directionKey: keys.directionKey,
    stationId: Number(row.station_id),
    stationName: row.station_name,
    distanceKm: row.distance_km === null ? null : Math.round(Number(row.distance_km) * 100) / 100,
    uploaderName: row.uploader_name,
    createTime: row.created_at.toISOString(),
  };
}

/** The source a file most likely is, when the uploader did not say. */
function guessSource(fileName: string, head: string): TReferenceSourceKey {
  if (/merra/i.test(fileName) || /WS50m/i.test(head)) return 'merra2';
  if (/vortex/i.test(`${fileName} ${head}`)) return 'vortex';
  if (/era5/i.test(fileName) || /\b[uv]100\b|valid_time/i.test(head)) return 'era5';
  if (fileExtension(fileName) === 'wnd') return 'wnd';
  return 'csv';
}

/**
 * Reference series of the long-term workbench (issue 28). Visibility rule: a reference is visible to
 * whoever may view its home site (the site it was uploaded from); uploading, editing and deleting need
 * `data.process` (the routes) and the edit right on the home site (here). A reference serves every site:
 * the candidate ranking lists the visible references within a radius of the target site.
 */
export class ReferenceSeriesService {
  private readonly references: ReferencesRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly parser: TParserPort,
  ) {
    this.references = new ReferencesRepository(db);
  }

  async page(
    user: TAuthUser,
    request: TReferencePageRequest,
    language: Language,
  ): Promise<TPage<TReferenceSeries>> {
    if (request.stationId !== undefined) await this.access.assertCanView(user, request.stationId);
    let near: { latitude: number; longitude: number; radiusKm: number } | undefined;
    if (request.nearStationId !== undefined) {
      await this.access.assertCanView(user, request.nearStationId);
      const point = await this.references.findStationPoint(request.nearStationId);
      if (!point) throw new AppError('NOT_FOUND');
      near = { latitude: point.latitude, longitude: point.longitude, radiusKm: request.radiusKm };
    }
    const filter = { ...(request.stationId === undefined ? {} : { stationId: request.stationId }), near };
    const { rows, total } = await this.references.page(user, filter, request);
    return presentPage(request, { rows, total }, (r) => presentReference(r, language));
  }

  /** One reference the caller may see (its home site's view right). */
  async get(user: TAuthUser, id: number, language: Language): Promise<TReferenceSeries> {
    return presentReference(await this.visible(user, id), language);
  }

  private async visible(user: TAuthUser, id: number): Promise<TReferenceRow> {
    const row = await this.references.find(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, Number(row.station_id));
    return row;
  }

  /** The edit right on the home site (uploads check it as soon as the site field arrives). */
  async assertCanManage(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /**
   * Reads an uploaded reference through the logger-file recognition (a text .wnd as the text it is; ERA5
   * u/v components become speed and direction in the parser port), then stores it unchanged with its
   * columns. A file of another type is refused with 415, one that cannot be read or holds no speed with
   * 422 — in each case before anything is stored.
   */
  async upload(
    user: TAuthUser,
    fields: TReferenceUploadFields,
    file: { fileName: string; content: Buffer },
    language: Language,
  ): Promise<{ id: number }> {
    await this.assertCanManage(user, fields.stationId);
    if (!TEXT_EXTENSIONS.has(fileExtension(file.fileName))) {
      throw new AppError('REFERENCE_FILE_TYPE', { fileName: file.fileName });
    }
    const parsed = this.read(file, fields.utcOffsetMinutes, language);
    const head = readTextReportHead(file.content).headText;
    const id = await createReferenceSeries(this.db, this.files, {
      stationId: fields.stationId,
      name: fields.name,
      source: fields.source ?? guessSource(file.fileName, head),
      latitude: fields.latitude,
      longitude: fields.longitude,
      // A height the file states wins over the form's (WS50m → 50).
      heightM: parsed.speedHeightM ?? fields.heightM,
      utcOffsetMinutes: fields.utcOffsetMinutes,
      intervalMinutes: parsed.intervalMinutes,
      timesMs: parsed.timesMs,
      columns: parsed.columns,
      file,
      uploader: { id: user.id, userName: user.userName },
    });
    return { id };
  }

  /** The file's stamps (UTC) and its speed, direction, temperature and pressure columns. */
  private read(
    file: { fileName: string; content: Buffer },
    utcOffsetMinutes: number,
    language: Language,
  ): {
    timesMs: Float64Array;
    columns: TReferenceColumnInput[];
    intervalMinutes: number;
    speedHeightM: number | undefined;
  } {
    // The logger parsers file .wnd under Kintech's binary format: a text .wnd is read as the text it is.
    const asText = file.fileName.replace(/\.wnd$/i, '.txt');
    const unreadable = (key: string, details?: Record<string, unknown>) =>
      new AppError('FILE_UNREADABLE', {
        reason:
          localizeUnreadableReason(key, details, language) ??
          localizeStoreReason(key, details, language) ??
          key,
      });
    if (readTextReportHead(file.content).isBinary) throw unreadable('binary_content');
    try {
      const recognition = this.parser.recognize(asText, file.content);
      if (recognition.kind === 'store_only' || recognition.kind === 'wasp_tab')
        throw unreadable('no_time_column');
      const rule = { ...recognition.rule, utcOffsetMinutes };
      const data = this.parser.parseFile(asText, file.content, rule, recognition.channels);
      const columns = data.columns
        .filter((c) => KEPT_ELEMENTS.has(c.channel.element) && c.channel.statistic === 'mean')
        .map((c) => ({
          key: c.channel.dataKey,
          name: c.channel.name,
          element: c.channel.element,
          heightM: c.channel.heightM,
          unit: c.channel.unit,
          values: c.values,
        }));
      const { speedKey } = defaultReferenceKeys(columns);
      if (!speedKey || data.timesMs.length === 0) {
        throw new AppError('REFERENCE_NO_SPEED', { fileName: file.fileName });
      }
      const intervalMinutes = recognition.intervalMinutes;
      if (intervalMinutes === null || !(intervalMinutes > 0)) throw unreadable('irregular_interval');
      return {
        timesMs: data.timesMs,
        columns,
        intervalMinutes,
        speedHeightM: columns.find((c) => c.key === speedKey)?.heightM ?? undefined,
      };
    } catch (error) {
      if (error instanceof UnreadableFileError) throw unreadable(error.reasonKey, error.details);
      throw error;
    }
  }

  /**
   * Name, source, coordinates, height and time zone. A new time zone moves the stored stamps with it
   * (they were read in the old one).
   */
  async update(user: TAuthUser, request: TReferenceUpdateRequest): Promise<{ id: number }> {
    const row = await this.visible(user, request.id);
    await this.assertCanManage(user, Number(row.station_id));
    const shiftMs = (row.utc_offset_minutes - request.utcOffsetMinutes) * 60_000;
    await this.db.transaction().execute(async (trx) => {
      const references = new ReferencesRepository(trx);
      let moved: { times: Buffer; first_time: Date | null; last_time: Date | null } | undefined;
      if (shiftMs !== 0) {
        const { times } = await references.readColumns(request.id, []);
        const timesMs = toFloat64(times!).map((t) => t + shiftMs);
        moved = {
          times: toBytes(timesMs),
          first_time: timesMs.length > 0 ? new Date(timesMs[0]!) : null,
          last_time: timesMs.length > 0 ? new Date(timesMs[timesMs.length - 1]!) : null,
        };
      }
      await references.update(request.id, {
        name: request.name,
        source: request.source,
        latitude: request.latitude,
        longitude: request.longitude,
        height_m: request.heightM,
        utc_offset_minutes: request.utcOffsetMinutes,
        ...moved,
      });
    });
    return { id: request.id };
  }

  /**
   * Deletes a reference and, when nothing else names it, its file. Refused while a long-term version's
   * lineage names it (the lineage keeps its name, source and SHA-256 either way).
   */
  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.visible(user, id);
    await this.assertCanManage(user, Number(row.station_id));
    const count = await this.references.countVersionsNaming(id);
    if (count > 0) throw new AppError('REFERENCE_IN_USE', { name: row.name, count });
    await this.references.delete(id);
    await removeUnreferenced(
      this.db,
      this.files,
      row.files.map((f) => f.sha256),
    );
  }

  /** The visible references within a radius of a point (the candidate ranking). */
  listNear(user: TAuthUser, near: { latitude: number; longitude: number; radiusKm: number }) {
    return this.references.listNear(user, near);
  }
}

/**
 * The reference of a compare request naming a stored series: checked (it exists, the caller may view its
 * home site, the columns are a speed and a vane of it) and resolved to what the workbench reads, its name
 * and its lineage (name, source, files with their SHA-256: readable after the reference is gone).
 */
export async function resolveSeriesReference(
  db: Database,
  access: StationAccess,
  /** The caller; null for the system (a job resolving a site's default, issue 28 convergence). */
  user: TAuthUser | null,
  ref: Extract<TMcpReference, { kind: 'reference' }>,
) {
  const row = await new ReferencesRepository(db).find(ref.referenceId);
  if (!row) throw new AppError('NOT_FOUND');
  // The home site too: a reference beyond the caller is refused before anything is read.
  if (user) await access.assertCanView(user, Number(row.station_id));
  const column = (key: string | undefined, element: string, field: string) => {
    if (key === undefined) return undefined;
    const found = row.channels.find((c) => c.key === key);
    if (!found || found.element !== element) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field, message: 'v.oneOf' }]);
    }
    return found;
  };
  const speed = column(ref.speedKey, 'ws', 'reference.speedKey')!;
  column(ref.directionKey, 'wd', 'reference.directionKey');
  return {
    reference: {
      kind: 'reference' as const,
      referenceId: Number(row.id),
      speedKey: ref.speedKey,
      directionKey: ref.directionKey,
      intervalMinutes: Number(row.interval_minutes),
    },
    referenceName: `${row.name} · ${speed.name}`,
    hasReferenceDirection: ref.directionKey !== undefined,
    referenceStationId: Number(row.station_id),
    lineage: {
      kind: 'reference',
      referenceId: Number(row.id),
      referenceName: row.name,
      source: row.source,
      stationId: Number(row.station_id),
      latitude: row.latitude,
      longitude: row.longitude,
      heightM: row.height_m,
      files: row.files.map((f) => ({ fileName: f.fileName, sha256: f.sha256 })),
      speedKey: ref.speedKey,
      directionKey: ref.directionKey ?? null,
    } as Record<string, unknown>,
  };
}
