import { Readable } from 'node:stream';
import {
  AppError,
  type Language,
  MESOSCALE_FILES_MAX,
  SCALING_METHOD_NAMES,
  type TLocalized,
  type TMesoscaleDataset,
  type TMesoscalePageRequest,
  type TPage,
  type TScaleGenerateRequest,
  type TScaleRequest,
  type TScaleResult,
  type TScaleResultRecord,
  text,
} from '@masthub/shared';
import { applySectorScaling, fitLinearLeastSquares, scaleBySector, sectorLabels } from '@masthub/wind';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
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
import type { StationLogService } from '../station-log/index.ts';
import {
  loadForAnalysis,
  openTimeSeriesStore,
  type TChannelRow,
  type TTimeSeriesStore,
  toWindElement,
  toWindStatistic,
} from '../timeseries/index.ts';
import { writeLongTermVersion } from '../wind-data/index.ts';
import { MesoscaleRepository } from './mesoscale.repository.ts';
import { presentDataset, presentMesoscaleReason, scalingTexts } from './mesoscale-present.ts';
import {
  concurrentPairs,
  f32,
  f64,
  HOUR_MS,
  meanOf,
  monthlyMeans,
  SCALING_METHOD_OF,
} from './mesoscale-scaling.ts';

/** Fewer concurrent hours than this give no scaling (the sector rule's 30, WIND-ANALYSIS §12). */
const MIN_CONCURRENT_HOURS = 30;
const SCATTER_MAX = 2000;

export interface TUploadedMesoFile {
  fileName: string;
  content: Buffer;
}

/**
 * Wind source assessment (issue 16): mesoscale datasets of a site (files stored unchanged with SHA-256;
 * a text .wnd read by the logger-file recognition and parse rules, a binary or unreadable one stored and
 * reported as such), their scaling to a measured version (WIND-ANALYSIS §12) and the long-term version it
 * generates, with lineage. Access follows the site, as every data function.
 */
export class MesoscaleService {
  private readonly store: TTimeSeriesStore;
  private readonly mesoscale: MesoscaleRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly files: TFileStore,
    private readonly parser: TParserPort,
    private readonly stationLog: StationLogService,
    private readonly archiveLimits: TArchiveLimits,
  ) {
    this.store = openTimeSeriesStore(db);
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
    return {
      records: rows.map((r) => presentDataset(r, language)),
      total,
      pageNo: request.pageNo,
      pageSize: request.pageSize,
    };
  }

  async assertCanUpload(user: TAuthUser, stationId: number): Promise<void> {
    await this.access.assertCanEdit(user, stationId);
  }

  /**
   * Unpacks zips under the archive limits (entries, unpacked size and ratio counted while inflating,
   * platform/files/archive-limits.ts) and counts the files against MESOSCALE_FILES_MAX before anything
   * is inflated. Runs before anything is stored, so a refused upload leaves no file and no row.
   */
  private async expand(files: readonly TUploadedMesoFile[]): Promise<TUploadedMesoFile[]> {
    const out: TUploadedMesoFile[] = [];
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
    uploaded: readonly TUploadedMesoFile[],
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

  private async visibleDataset(user: TAuthUser, id: number) {
    const row = await this.mesoscale.findDataset(id);
    if (!row) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, Number(row.station_id));
    return row;
  }

  async delete(user: TAuthUser, id: number): Promise<void> {
    const row = await this.visibleDataset(user, id);
    await this.access.assertCanEdit(user, Number(row.station_id));
    await this.mesoscale.deleteDataset(id);
    // Content-addressed: each file goes only when nothing else names the same bytes.
    await removeUnreferenced(this.db, this.files, [row.wnd_sha256, ...row.files.map((f) => f.sha256)]);
  }

  // --- Scaling ----------------------------------------------------------------------------------

  async results(user: TAuthUser, stationId: number, language: Language): Promise<TScaleResultRecord[]> {
    await this.access.assertCanView(user, stationId);
    const rows = await this.mesoscale.listResults(stationId);
    return rows.map((r) => {
      const summary = r.summary as {
        r: number | null;
        concurrentHours: number;
        verdict: TLocalized;
        method: keyof typeof SCALING_METHOD_NAMES;
      };
      return {
        id: Number(r.id),
        datasetId: Number(r.dataset_id),
        datasetName: r.dataset_name,
        versionId: r.version_id === null ? null : Number(r.version_id),
        methodName: SCALING_METHOD_NAMES[summary.method]?.[language] ?? String(summary.method),
        concurrentHours: summary.concurrentHours,
        r: summary.r,
        verdict: summary.verdict?.[language] ?? '',
        generatedVersionId: r.generated_version_id === null ? null : Number(r.generated_version_id),
        generatedVersionName: r.generated_version_name ?? null,
        creatorName: r.creator_name,
        createTime: r.created_at.toISOString(),
      };
    });
  }

  /** temp_data_scale_calculate: fits, wording and charts of a dataset against a measured version. */
  async calculate(
    user: TAuthUser,
    request: TScaleRequest,
    ctx: { language: Language; utcOffsetMinutes: number },
    generatedVersionId: number | null = null,
  ): Promise<
    TScaleResult & {
      scaled: { startMs: number; intervalMinutes: number; speed: Float64Array; direction: Float64Array };
      mastChannel: TChannelRow;
      mastDirection: TChannelRow | undefined;
      datasetRow: Awaited<ReturnType<MesoscaleService['visibleDataset']>>;
    }
  > {
    const dataset = await this.visibleDataset(user, request.datasetId);
    if (dataset.status !== 'parsed' || !dataset.times) {
      throw new AppError('MESOSCALE_NOT_PARSED', {
        reason: presentMesoscaleReason(dataset.reason, ctx.language),
      });
    }
    const version = await this.store.findVersion(request.versionId);
    if (!version) throw new AppError('NOT_FOUND');
    await this.access.assertCanView(user, version.stationId);
    if (version.stationId !== Number(dataset.station_id)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'versionId', message: 'v.unknownOption' }]);
    }
    const channels = await this.store.listChannels(version.id);
    const mast = channels.find((c) => c.id === request.speedChannelId);
    if (!mast || toWindElement(mast.element) !== 'ws' || toWindStatistic(mast.statistic) !== 'avg') {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'speedChannelId', message: 'v.oneOf' }]);
    }
    const mastDir =
      request.directionChannelId !== undefined
        ? channels.find((c) => c.id === request.directionChannelId)
        : undefined;
    if (
      request.directionChannelId !== undefined &&
      (!mastDir || mastDir.intervalS !== mast.intervalS || toWindElement(mastDir.element) !== 'wd')
    ) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'directionChannelId', message: 'v.oneOf' }]);
    }
    const known = new Set(dataset.channels.map((c) => c.key));
    if (!known.has(request.mesoSpeedKey)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'mesoSpeedKey', message: 'v.oneOf' }]);
    }
    if (!known.has(request.mesoDirectionKey)) {
      throw new AppError('VALIDATION_FAILED', {}, [{ field: 'mesoDirectionKey', message: 'v.oneOf' }]);
    }
    const cols = await this.mesoscale.listChannelValues(dataset.id, [
      request.mesoSpeedKey,
      request.mesoDirectionKey,
    ]);
    const times = f64(dataset.times);
    const mesoSpeed = f32(cols.find((c) => c.key === request.mesoSpeedKey)!.values);
    const mesoDir = f32(cols.find((c) => c.key === request.mesoDirectionKey)!.values);
    const mesoInterval = Number(dataset.interval_minutes ?? 60);

    // Mast hourly means over the dataset's span.
    const ranges = await this.store.channelRanges(version.id);
    const r = ranges.get(mast.id);
    const fromMs = Math.max(times[0]!, r?.firstTime?.getTime() ?? Number.POSITIVE_INFINITY);
    const toMs = Math.min(
      times[times.length - 1]! + mesoInterval * 60_000,
      (r?.lastTime?.getTime() ?? 0) + mast.intervalS * 1000,
    );
    const pairs =
      fromMs < toMs
        ? concurrentPairs(
            await loadForAnalysis(this.store, version.id, mastDir ? [mast, mastDir] : [mast], fromMs, toMs, {
              includeSuspicious: request.includeSuspicious,
              includeFilled: request.includeFilled,
            }),
            { timesMs: times, speed: mesoSpeed, direction: mesoDir, intervalMinutes: mesoInterval },
            { includeSuspicious: request.includeSuspicious, minCoverage: request.minCoverage },
            mastDir !== undefined,
          )
        : [];
    if (pairs.length < MIN_CONCURRENT_HOURS) {
      throw new AppError('MESOSCALE_NO_CONCURRENT', { minimum: MIN_CONCURRENT_HOURS });
    }
    const sectors = 360 / request.sectorWidth;
    const x = pairs.map((p) => p.x);
    const y = pairs.map((p) => p.y);
    const scaling = scaleBySector({
      x,
      y,
      xDirectionDeg: pairs.map((p) => p.xd),
      yDirectionDeg: mastDir ? pairs.map((p) => p.yd) : undefined,
      sectors,
      method: SCALING_METHOD_OF[request.method],
    });
    const ols = fitLinearLeastSquares(x, y)!;
    const labels = sectorLabels(sectors);
    // Long-term series at the mast: the whole mesoscale record, scaled.
    const scaled = applySectorScaling(scaling, mesoSpeed, mesoDir);
    const scaledMean = meanOf(scaled.speedMps);
    const mastConcurrentMean = meanOf(y);
    const step = Math.max(1, Math.ceil(pairs.length / SCATTER_MAX));
    const { words, verdict } = scalingTexts({
      r: ols.r,
      hours: pairs.length,
      method: request.method,
      scaledMean,
      mastConcurrentMean,
    });
    const num = (v: number | undefined | null) =>
      v === undefined || v === null || !Number.isFinite(v) ? null : v;
    const summary = {
      method: request.method,
      r: num(ols.r),
      concurrentHours: pairs.length,
      verdict: { zh: verdict('zh'), en: verdict('en') },
    };
    const resultId = await this.mesoscale.insertResult({
      dataset_id: dataset.id,
      station_id: Number(dataset.station_id),
      version_id: version.id,
      params: JSON.stringify(request),
      summary: JSON.stringify(summary),
      generated_version_id: generatedVersionId,
      creator_id: user.id,
      creator_name: user.userName,
    });
    return {
      resultId,
      method: request.method,
      methodName: SCALING_METHOD_NAMES[request.method][ctx.language],
      concurrentStart: new Date(pairs[0]!.h).toISOString(),
      concurrentEnd: new Date(pairs[pairs.length - 1]!.h + HOUR_MS).toISOString(),
      concurrentHours: pairs.length,
      overall: {
        count: ols.count,
        slope: num(scaling.overall?.slope),
        intercept: num(scaling.overall?.intercept),
        r: num(ols.r),
        biasMps: num(scaling.overall?.biasMps),
        ratioOfMeans: num(scaling.overall?.ratioOfMeans),
        strength: words(ctx.language),
      },
      sectors: scaling.bySector.map((s) => ({
        label: labels[s.sector] ?? String(s.sector),
        count: s.count,
        isMerged: s.isMerged,
        slope: num(s.fit?.slope),
        intercept: num(s.fit?.intercept),
        r: num(s.isMerged ? undefined : s.fit?.r),
        biasMps: num(s.isMerged ? undefined : s.fit?.biasMps),
        ratioOfMeans: num(s.isMerged ? undefined : s.fit?.ratioOfMeans),
        directionOffsetDeg: s.directionOffsetDeg,
      })),
      scatter: {
        x: pairs.filter((_, i) => i % step === 0).map((p) => Math.round(p.x * 100) / 100),
        y: pairs.filter((_, i) => i % step === 0).map((p) => Math.round(p.y * 100) / 100),
      },
      // Monthly means side by side (local months of the reader).
      monthly: monthlyMeans(pairs, ctx.utcOffsetMinutes),
      longTerm: {
        start: new Date(times[0]!).toISOString(),
        end: new Date(times[times.length - 1]! + mesoInterval * 60_000).toISOString(),
        mesoMean: num(meanOf(mesoSpeed)),
        scaledMean: num(scaledMean),
        mastConcurrentMean: num(mastConcurrentMean),
      },
      verdict: verdict(ctx.language),
      generatedVersionId,
      scaled: {
        startMs: times[0]!,
        intervalMinutes: mesoInterval,
        speed: scaled.speedMps,
        direction: scaled.directionDeg,
      },
      mastChannel: mast,
      mastDirection: mastDir,
      datasetRow: dataset,
    };
  }

  /**
   * temp_data_scale_generate: a new working version of the site holding the scaled long-term series at the
   * mast's height (speed and direction, flagged as written by processing), with its lineage.
   */
  async generate(
    user: TAuthUser,
    request: TScaleGenerateRequest,
    ctx: { language: Language; utcOffsetMinutes: number },
  ): Promise<TScaleResult> {
    const { scaled, mastChannel, mastDirection, datasetRow, ...result } = await this.calculate(
      user,
      request,
      ctx,
    );
    await this.access.assertCanEdit(user, Number(datasetRow.station_id));
    const times = f64(datasetRow.times!);
    const stepMs = scaled.intervalMinutes * 60_000;
    const n = Math.round((times[times.length - 1]! - times[0]!) / stepMs) + 1;
    const speed = new Float64Array(n).fill(Number.NaN);
    const direction = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < times.length; i++) {
      const k = Math.round((times[i]! - times[0]!) / stepMs);
      if (k >= 0 && k < n) {
        speed[k] = scaled.speed[i]!;
        direction[k] = scaled.direction[i]!;
      }
    }
    const versionId = await this.db.transaction().execute(async (trx) => {
      const store = openTimeSeriesStore(trx);
      const generatedId = await writeLongTermVersion(store, user, {
        stationId: Number(datasetRow.station_id),
        name: request.name,
        sourceVersionId: request.versionId,
        step: 'mesoscale_scale',
        params: {
          datasetId: datasetRow.id,
          datasetName: datasetRow.name,
          files: datasetRow.files.map((f) => ({ fileName: f.fileName, sha256: f.sha256 })),
          method: request.method,
          sectorWidth: request.sectorWidth,
          minCoverage: request.minCoverage,
          mesoSpeedKey: request.mesoSpeedKey,
          mesoDirectionKey: request.mesoDirectionKey,
          mastChannel: mastChannel.name,
          concurrentHours: result.concurrentHours,
          r: result.overall.r,
        },
        speedChannel: mastChannel,
        directionChannel: mastDirection,
        intervalMinutes: scaled.intervalMinutes,
        startMs: times[0]!,
        speedMps: speed,
        directionDeg: direction,
      });
      await this.stationLog.record(trx, {
        operator: user,
        type: 'add',
        stationId: Number(datasetRow.station_id),
        location: 'dataProcessing',
        objects: text('stationLog.scaledVersion', {
          dataset: datasetRow.name,
          name: request.name,
          method: text(`scalingMethod.${request.method}`),
        }),
        details: { versionId: generatedId, datasetId: datasetRow.id, resultId: result.resultId },
      });
      await new MesoscaleRepository(trx).setGeneratedVersion(result.resultId, generatedId);
      return generatedId;
    });
    return { ...result, generatedVersionId: versionId };
  }
}
