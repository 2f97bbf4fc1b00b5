import { Readable } from 'node:stream';
import { buffer as readStream } from 'node:stream/consumers';
import {
  AppError,
  type Language,
  localMinute,
  PAIR_EXPORT_FORMATS,
  type TChartData,
  type TChartRequest,
  type TDataPage,
  type TDataPageRequest,
  type TVersionExportRequest,
  versionDisplayName,
  ZChartData,
  ZDataPage,
} from '@masthub/shared';
import { EXPORT_FORMATS } from '@masthub/wind';
import { say } from '../../../i18n/index.ts';
import type { TAuthUser } from '../../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../../platform/compute/compute-task.ts';
import { runTask } from '../../../platform/compute/run-task.ts';
import type { Database } from '../../../platform/db/database.ts';
import type { TFileStore } from '../../../platform/files/file-store.ts';
import { PreSerialized } from '../../../platform/http/pre-serialized.ts';
import type { IngestionApi, IngestionService } from '../../ingestion/index.ts';
import { applyParsedFile, StoreRefusal, UnreadableFileError } from '../../ingestion/index.ts';
import {
  isMeanOf,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  type TVersionRow,
} from '../../timeseries/index.ts';
import { exportNames } from '../export-names.ts';
import { ResultCache } from '../statistics/result-cache.ts';
import { ProcessingFailure, type ProcessingTaskService, type TTaskContext } from '../tasks.service.ts';
import { VersionRepository } from '../versions.repository.ts';
import type { VersionService } from '../versions.service.ts';
import {
  CHART_POOL_MIN_VALUES,
  chartBuckets,
  chartJobSize,
  groupByInterval,
  type TChartJob,
} from './chart-run.ts';
import { roundForChart } from './downsample.ts';
import { exportChunks, exportStreamFromPool, type TExportJob } from './export-run.ts';

/** Data-table pages and charts kept for repeats (a page of 500 rows × 40 channels is ≈ 0.3 MB of JSON). */
const ANSWER_ENTRIES = 1024;
const ANSWER_MAX_AGE_MS = 10 * 60_000;
/** Characters of answer JSON kept (32 M; up to three times that in memory with the envelope bytes). */
const ANSWER_MAX_CHARS = 32 * 1024 * 1024;

/** A file received for an import into a working version, already in the file store. */
export interface TImportFile {
  fileName: string;
  sha256: string;
  sizeBytes: number;
}

/** An export ready to stream. */
export interface TVersionExport {
  fileName: string;
  contentType: string;
  stream: Readable;
}

/**
 * The wind data of a version (MeasureWind, issue 7): the table (≤ 500 rows a page), charts downsampled
 * on the server, export in the six formats of SPEC §9, and import of logger files into a working
 * version (a processing task).
 */
export class WindDataService {
  private readonly store: TTimeSeriesStore;
  private readonly answers = new ResultCache<PreSerialized>(ANSWER_ENTRIES, ANSWER_MAX_AGE_MS, Date.now, {
    of: (answer) => answer.json.length,
    max: ANSWER_MAX_CHARS,
  });

  constructor(
    private readonly db: Database,
    private readonly versions: VersionService,
    private readonly tasks: ProcessingTaskService,
    private readonly ingestion: IngestionService,
    private readonly ingestionApi: IngestionApi,
    private readonly files: TFileStore,
    /** Worker threads for long chart reads, and the database they read from. */
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
    tasks.register('import', (ctx) => this.importFiles(ctx));
  }

  /** Data-table pages and charts kept for repeats (the tests tell a cached answer from a computed one by it). */
  get cachedAnswers(): number {
    return this.answers.size;
  }

  /** Channels of the version by id (all when `ids` is absent), in the version's column order. */
  private async channelsOf(versionId: number, ids: readonly number[] | undefined): Promise<TChannelRow[]> {
    const all = await this.store.listChannels(versionId);
    if (!ids) return all;
    const byId = new Map(all.map((c) => [c.id, c]));
    const chosen = [...new Set(ids)].map((id) => byId.get(id));
    if (chosen.some((c) => c === undefined)) throw new AppError('NOT_FOUND');
    return chosen as TChannelRow[];
  }

  /** [from, to) of a request: the given times, else the version's data range. */
  private async rangeOf(
    version: TVersionRow,
    channels: readonly TChannelRow[],
    request: { startTime?: string | undefined; endTime?: string | undefined },
  ): Promise<{ fromMs: number; toMs: number } | undefined> {
    const summary = (await this.store.listVersions([version.stationId])).find(
      (v) => v.id === version.id,
    )?.summary;
    const maxInterval = Math.max(600, ...channels.map((c) => c.intervalS)) * 1000;
    const fromMs = request.startTime ? Date.parse(request.startTime) : summary?.firstTime?.getTime();
    const toMs = request.endTime
      ? Date.parse(request.endTime)
      : summary?.lastTime
        ? summary.lastTime.getTime() + maxInterval
        : undefined;
    if (fromMs === undefined || toMs === undefined || !(toMs > fromMs)) return undefined;
    return { fromMs, toMs };
  }

  /**
   * One page of rows on the finest interval of the chosen channels (every grid slot is a row, so gaps
   * show); a coarser channel has values on its own stamps only.
   */
  async page(user: TAuthUser, request: TDataPageRequest): Promise<PreSerialized> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    return this.answer(['page', request], version.id, async () =>
      ZDataPage.encode(await this.computePage(version, request)),
    );
  }

  /**
   * An answer computed from a version's data, as JSON checked against its response schema, cached under
   * the version's data revision: the data table and charts of a mast are read by many users alike, and
   * a repeat is then one small query and no serialisation. Access is checked before, on every request.
   */
  private async answer(
    key: unknown[],
    versionId: number,
    compute: () => Promise<unknown>,
  ): Promise<PreSerialized> {
    const revision = await this.store.dataRevision(versionId);
    const { value } = await this.answers.getOrCompute(
      JSON.stringify([versionId, revision, ...key]),
      async () => new PreSerialized(JSON.stringify(await compute())),
    );
    return value;
  }

  private async computePage(version: TVersionRow, request: TDataPageRequest): Promise<TDataPage> {
    const channels = await this.channelsOf(version.id, request.channelIds);
    const presented = await this.versions.presentChannels(version.id);
    const presentedById = new Map(presented.map((c) => [c.id, c]));
    const empty: TDataPage = {
      channels: channels.map((c) => presentedById.get(c.id)!),
      records: [],
      total: 0,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
    if (channels.length === 0) return empty;
    const range = await this.rangeOf(version, channels, request);
    if (!range) return empty;
    const stepMs = Math.min(...channels.map((c) => c.intervalS)) * 1000;
    const gridStart = Math.ceil(range.fromMs / stepMs) * stepMs;
    const total = Math.max(0, Math.ceil((range.toMs - gridStart) / stepMs));
    const firstRow = (request.pageNo - 1) * request.pageSize;
    const rowCount = Math.max(0, Math.min(request.pageSize, total - firstRow));
    if (rowCount === 0) return { ...empty, total };
    const pageStart = gridStart + firstRow * stepMs;
    const pageEnd = pageStart + rowCount * stepMs;
    // Channels grouped by interval: one read per interval over the page's time span.
    const columns = new Map<
      number,
      { values: Float32Array; flags: Uint8Array; startMs: number; stepMs: number }
    >();
    const byInterval = groupByInterval(channels);
    for (const [intervalS, group] of byInterval) {
      const read = await this.store.readChannels(group, pageStart, pageEnd);
      for (const c of group) {
        const s = read.series.get(c.id)!;
        columns.set(c.id, { ...s, startMs: read.startMs, stepMs: intervalS * 1000 });
      }
    }
    const records = [];
    for (let r = 0; r < rowCount; r++) {
      const t = pageStart + r * stepMs;
      const values: (number | null)[] = [];
      const flags: number[] = [];
      for (const c of channels) {
        const col = columns.get(c.id)!;
        const k = (t - col.startMs) / col.stepMs;
        const v = Number.isInteger(k) && k >= 0 && k < col.values.length ? col.values[k]! : Number.NaN;
        values.push(Number.isNaN(v) ? null : roundForChart(v));
        flags.push(Number.isInteger(k) && k >= 0 && k < col.flags.length ? col.flags[k]! : 0);
      }
      records.push({ time: new Date(t).toISOString(), values, flags });
    }
    return { ...empty, records, total };
  }

  /** Chart series over a range, aggregated into at most `maxPoints` buckets (min/avg/max, worst flag). */
  async chart(user: TAuthUser, request: TChartRequest): Promise<PreSerialized> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    return this.answer(['chart', request], version.id, async () =>
      ZChartData.encode(await this.computeChart(version, request)),
    );
  }

  private async computeChart(version: TVersionRow, request: TChartRequest): Promise<TChartData> {
    const channels = await this.channelsOf(version.id, request.channelIds);
    const range = await this.rangeOf(version, channels, request);
    const base = { times: [], bucketSeconds: 0, isAggregated: false, startTime: null, endTime: null };
    if (!range) {
      return {
        ...base,
        series: channels.map((c) => ({
          channelId: c.id,
          name: c.name,
          unit: c.unit,
          avg: [],
          min: [],
          max: [],
          flag: [],
        })),
      };
    }
    const maxIntervalMs = Math.max(...channels.map((c) => c.intervalS)) * 1000;
    const spanMs = range.toMs - range.fromMs;
    // Buckets: a whole number of the coarsest interval, so every bucket holds whole slots.
    const bucketMs = Math.max(1, Math.ceil(spanMs / request.maxPoints / maxIntervalMs)) * maxIntervalMs;
    const bucketStart = Math.floor(range.fromMs / bucketMs) * bucketMs;
    const bucketCount = Math.max(1, Math.ceil((range.toMs - bucketStart) / bucketMs));
    const job: TChartJob = {
      channels: channels.map((c) => ({ id: c.id, intervalS: c.intervalS })),
      fromMs: range.fromMs,
      toMs: range.toMs,
      bucketStartMs: bucketStart,
      bucketMs,
      bucketCount,
    };
    // Long ranges are read, inflated and downsampled in a worker thread; short ones here (see the limit).
    const buckets = await runTask(
      chartJobSize(job) >= CHART_POOL_MIN_VALUES ? this.compute : undefined,
      { kind: 'chart', job },
      () => chartBuckets(this.db, job),
    );
    const seriesById = new Map(buckets.map((b) => [b.channelId, b]));
    return {
      times: Array.from({ length: bucketCount }, (_, b) => bucketStart + b * bucketMs),
      bucketSeconds: bucketMs / 1000,
      isAggregated: channels.some((c) => c.intervalS * 1000 !== bucketMs),
      startTime: new Date(range.fromMs).toISOString(),
      endTime: new Date(range.toMs).toISOString(),
      series: channels.map((c) => {
        const { channelId: _, ...b } = seriesById.get(c.id)!;
        return { channelId: c.id, name: c.name, unit: c.unit, ...b };
      }),
    };
  }

  /** Export in one of the formats of SPEC §9 (EXPORTS.md) or Parquet / Arrow (issue 32), streamed. */
  async export(
    user: TAuthUser,
    request: TVersionExportRequest,
    utcOffsetMinutes: number,
    language: Language,
  ): Promise<TVersionExport> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    const versionName = versionDisplayName(version, language);
    const station = await new VersionRepository(this.db).findStationForExport(version.stationId);
    const format = EXPORT_FORMATS.find((f) => f.code === request.format)!;
    const baseName = `${station.station_code}_${versionName}`.replace(/[\\/:*?"<>|\s]+/g, '_');
    if (request.format === 0) {
      // Raw data: the original logger files of the site in the range (one file as is, several as ZIP).
      const original = await this.ingestionApi.exportOriginal(
        user,
        { stationId: version.stationId, startTime: request.startTime, endTime: request.endTime },
        language,
      );
      return {
        fileName: original.fileName,
        contentType: original.isZip ? 'application/zip' : 'application/octet-stream',
        stream: original.stream,
      };
    }
    const all = await this.store.listChannels(version.id);
    const needsPair = PAIR_EXPORT_FORMATS.includes(request.format);
    let chosen: TChannelRow[];
    if (needsPair) {
      const speed = pickChannel(all, request.speedChannelId, 'ws');
      const direction = pickChannel(all, request.directionChannelId, 'wd', speed?.heightM ?? null);
      if (!speed || !direction) throw new AppError('VERSION_NO_DATA');
      const sd = all.find(
        (c) =>
          c.element === 'ws' &&
          c.statistic === 'sd' &&
          c.heightM === speed.heightM &&
          c.intervalS === speed.intervalS,
      );
      chosen = sd ? [speed, direction, sd] : [speed, direction];
    } else {
      chosen = await this.channelsOf(version.id, request.channelIds);
    }
    const interval = chosen[0]?.intervalS;
    chosen = chosen.filter((c) => c.intervalS === interval);
    const range = await this.rangeOf(version, chosen, request);
    if (!range || chosen.length === 0) throw new AppError('VERSION_NO_DATA');
    const job: TExportJob = {
      format: request.format,
      channels: chosen,
      fromMs: range.fromMs,
      toMs: range.toMs,
      utcOffsetMinutes,
      versionId: version.id,
      includeSuspicious: request.includeSuspicious,
      includeFilled: request.includeFilled,
      tab: { sectors: request.tabSectors, bins: request.tabBins },
      // The column names the data table shows (unique over the whole version, whatever is picked).
      names: [...exportNames(all)],
      station: {
        code: station.station_code,
        latitude: station.latitude,
        longitude: station.longitude,
        altitudeM: station.altitude_m,
      },
      versionName,
      // On the clock of the file's time stamps (the export's zone), as its header says.
      createdAt: localMinute(Date.now(), utcOffsetMinutes),
    };
    return {
      fileName: `${baseName}${climateNameOf(request.format, chosen[0]!.heightM ?? 10, language)}${format.extension}`,
      contentType: CONTENT_TYPES[request.format] ?? 'text/plain; charset=utf-8',
      // Written in a worker thread when there is a pool (a five-year csv is seconds of formatting).
      stream: this.compute
        ? await exportStreamFromPool(this.compute, job)
        : Readable.from(await exportChunks(this.db, job), { objectMode: false }),
    };
  }

  /** Starts an import of stored files into a working version (a processing task). */
  async startImport(user: TAuthUser, versionId: number, files: TImportFile[], language: Language) {
    const version = await this.tasks.writableVersion(user, versionId);
    return this.tasks.start(user, { kind: 'import', version, params: { files }, language });
  }

  /** The import task: each file is read with the site's rule and its values replace the version's. */
  private async importFiles(ctx: TTaskContext): Promise<Record<string, unknown>> {
    const files = (ctx.task.params['files'] ?? []) as TImportFile[];
    const results: {
      fileName: string;
      valueCount: number;
      firstTime: string | null;
      lastTime: string | null;
    }[] = [];
    for (const [index, file] of files.entries()) {
      const blob = await this.files.open(file.sha256);
      if (!blob)
        throw new ProcessingFailure('file_unreadable', { fileName: file.fileName, reasonKey: 'empty_file' });
      const bytes = await readStream(blob.stream);
      try {
        const { parsed, configured, intervalHintMinutes } = await this.ingestion.parseForImport(
          ctx.version.stationId,
          file.fileName,
          bytes,
        );
        const applied = await applyParsedFile(ctx.store, {
          versionId: ctx.version.id,
          sha256: file.sha256,
          parsed,
          configured,
          intervalHintMinutes,
          keepSources: false,
          overwrite: true,
        });
        results.push({
          fileName: file.fileName,
          valueCount: applied.valueCount,
          firstTime: applied.firstTimeMs === null ? null : new Date(applied.firstTimeMs).toISOString(),
          lastTime: applied.lastTimeMs === null ? null : new Date(applied.lastTimeMs).toISOString(),
        });
      } catch (err) {
        if (err instanceof UnreadableFileError || err instanceof StoreRefusal) {
          throw new ProcessingFailure('file_unreadable', {
            fileName: file.fileName,
            reasonKey: err.reasonKey,
            ...(err.details ?? {}),
          });
        }
        throw err;
      }
      await ctx.progress(((index + 1) / files.length) * 95);
    }
    return { files: results };
  }
}

/**
 * The wind climates of flow models (8 WAsP .owc, 9 windIO) name their height and kind in the file name
 * (`M1_原始版本_80m_风资源.yaml`), in the reader's language; other formats add nothing.
 */
function climateNameOf(format: number, heightM: number, language: Language): string {
  if (format === 8) return `_${heightM}m_${say(language, 'statistics.exportName.waspOwc')}`;
  if (format === 9) return `_${heightM}m_${say(language, 'statistics.exportName.windioResource')}`;
  return '';
}

const CONTENT_TYPES: Record<number, string> = {
  1: 'text/csv; charset=utf-8',
  6: 'application/vnd.apache.parquet',
  7: 'application/vnd.apache.arrow.stream',
  8: 'application/xml; charset=utf-8',
  // RFC 9512.
  9: 'application/yaml; charset=utf-8',
};

/** Channels grouped by interval: each group is read onto one grid. */
function pickChannel(
  all: readonly TChannelRow[],
  id: number | undefined,
  element: 'ws' | 'wd',
  nearHeight: number | null = null,
): TChannelRow | undefined {
  if (id !== undefined) {
    const found = all.find((c) => c.id === id);
    if (!found) throw new AppError('NOT_FOUND');
    return found;
  }
  const candidates = all.filter(isMeanOf(element));
  if (candidates.length === 0) return undefined;
  if (nearHeight === null) return candidates.reduce((a, b) => ((b.heightM ?? 0) > (a.heightM ?? 0) ? b : a));
  return candidates.reduce((a, b) =>
    Math.abs((b.heightM ?? 0) - nearHeight) < Math.abs((a.heightM ?? 0) - nearHeight) ? b : a,
  );
}
