import {
  AppError,
  type Language,
  SCALING_METHOD_NAMES,
  type TLocalized,
  type TScaleGenerateRequest,
  type TScaleRequest,
  type TScaleResult,
  type TScaleResultRecord,
  text,
} from '@masthub/shared';
import { applySectorScaling, fitLinearLeastSquares, scaleBySector, sectorLabels } from '@masthub/wind';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import type { StationAccess } from '../access/index.ts';
import {
  type MesoscaleDatasetService,
  presentMesoscaleReason,
  readMesoscaleColumns,
  type TMesoscaleDatasetRow,
} from '../reference-data/index.ts';
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
import { concurrentPairs, HOUR_MS, meanOf, monthlyMeans, SCALING_METHOD_OF } from './mesoscale-scaling.ts';
import { ScalingRepository } from './scaling.repository.ts';
import { scalingTexts } from './scaling-present.ts';

/** Fewer concurrent hours than this give no scaling (the sector rule's 30, WIND-ANALYSIS §12). */
const MIN_CONCURRENT_HOURS = 30;
const SCATTER_MAX = 2000;

/**
 * The scaling of a mesoscale dataset to a measured version (issue 16, WIND-ANALYSIS §12), one long-term
 * correction method: per-sector fits over the concurrent hours, the site's list of results, and the
 * long-term version it generates, with lineage. Access follows the site, as every data function.
 */
export class ScalingService {
  private readonly store: TTimeSeriesStore;
  private readonly scalingResults: ScalingRepository;

  constructor(
    private readonly db: Database,
    private readonly access: StationAccess,
    private readonly datasets: Pick<MesoscaleDatasetService, 'findVisible'>,
    private readonly stationLog: StationLogService,
  ) {
    this.store = openTimeSeriesStore(db);
    this.scalingResults = new ScalingRepository(db);
  }

  async results(user: TAuthUser, stationId: number, language: Language): Promise<TScaleResultRecord[]> {
    await this.access.assertCanView(user, stationId);
    const rows = await this.scalingResults.listResults(stationId);
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
    ctx: TReaderContext,
    generatedVersionId: number | null = null,
  ): Promise<
    TScaleResult & {
      scaled: { startMs: number; intervalMinutes: number; speed: Float64Array; direction: Float64Array };
      mastChannel: TChannelRow;
      mastDirection: TChannelRow | undefined;
      datasetRow: TMesoscaleDatasetRow;
      datasetTimesMs: Float64Array;
    }
  > {
    const dataset = await this.datasets.findVisible(user, request.datasetId);
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
    const { timesMs: times, columns } = await readMesoscaleColumns(this.db, dataset.id, [
      request.mesoSpeedKey,
      request.mesoDirectionKey,
    ]);
    const mesoSpeed = columns.get(request.mesoSpeedKey)!;
    const mesoDir = columns.get(request.mesoDirectionKey)!;
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
    const resultId = await this.scalingResults.insertResult({
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
      datasetTimesMs: times,
    };
  }

  /**
   * temp_data_scale_generate: a new working version of the site holding the scaled long-term series at the
   * mast's height (speed and direction, flagged as written by processing), with its lineage.
   */
  async generate(
    user: TAuthUser,
    request: TScaleGenerateRequest,
    ctx: TReaderContext,
  ): Promise<TScaleResult> {
    const { scaled, mastChannel, mastDirection, datasetRow, datasetTimesMs, ...result } =
      await this.calculate(user, request, ctx);
    await this.access.assertCanEdit(user, Number(datasetRow.station_id));
    const times = datasetTimesMs;
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
      await new ScalingRepository(trx).setGeneratedVersion(result.resultId, generatedId);
      return generatedId;
    });
    return { ...result, generatedVersionId: versionId };
  }
}
