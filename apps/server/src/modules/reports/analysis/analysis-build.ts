import { Readable } from 'node:stream';
import {
  ANALYSIS_SECTIONS,
  AppError,
  longTermBasisOf,
  type TAnalysisReportRequest,
  type TAnalysisSection,
  type TLineageStep,
  type TStatisticsResult,
  text,
} from '@masthub/shared';
import type { Database } from '../../../platform/db/database.ts';
import { NO_OUTBOUND_EVENTS, type OutboundEvents } from '../../../platform/events/outbound-events.ts';
import { lockContent, removeUnreferenced } from '../../../platform/files/content-references.ts';
import type { TFileStore } from '../../../platform/files/file-store.ts';
import type { TReaderContext } from '../../../platform/http/route.ts';
import type { Logger } from '../../../platform/logger.ts';
import { presentStoredError, storedError } from '../../../platform/stored-error.ts';
import { windSpeedUncertainty } from '../../energy/index.ts';
import type { MessageService } from '../../messages/index.ts';
import type { SuitabilityService } from '../../suitability/index.ts';
import {
  openTimeSeriesStore,
  type TTimeSeriesStore,
  type TVersionRow,
  toWindElement,
  toWindStatistic,
} from '../../timeseries/index.ts';
import type { StatisticsService } from '../../wind-data/index.ts';
import { DataReportRepository } from '../data/data-reports.repository.ts';
import { renderDocx, renderPdf } from '../render/render.ts';
import { composeAnalysisReport, type TAnalysisReportMeta } from './analysis-report.ts';

const DAY_MS = 86_400_000;

/** The analysis request as stored with the report (the job replays it in the owner's time zone). */
export type TStoredParams = TAnalysisReportRequest & { utcOffsetMinutes: number };

/** Local 'YYYY-MM-DD' 00:00 as an instant. */
function localMidnight(date: string, utcOffsetMinutes: number): number {
  return Date.parse(`${date}T00:00:00Z`) - utcOffsetMinutes * 60_000;
}

/** The build of analysis reports: statistics, composition, rendering, the files stored, the owner told. */
export class AnalysisReportBuilder {
  private readonly store: TTimeSeriesStore;
  private readonly reports: DataReportRepository;
  private readonly statistics: StatisticsService;
  private readonly suitability: SuitabilityService;

  constructor(
    private readonly db: Database,
    private readonly files: TFileStore,
    analysis: { statistics: StatisticsService; suitability: SuitabilityService },
    private readonly messages: Pick<MessageService, 'send'>,
    private readonly log: Logger,
    private readonly events: OutboundEvents = NO_OUTBOUND_EVENTS,
  ) {
    this.store = openTimeSeriesStore(db);
    this.reports = new DataReportRepository(db);
    this.statistics = analysis.statistics;
    this.suitability = analysis.suitability;
  }

  /**
   * Builds one analysis report (the 'reports.analysis' job): the statistics of the chosen channels over
   * the report period (plus the wind year when chosen), composed and rendered; a failure is stored with
   * its reason and the owner is told either way.
   */
  async run(reportId: number, now = new Date()): Promise<'success' | 'failure'> {
    const report = await this.reports.findForAnalysis(reportId);
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
        includeFilled: params.includeFilled,
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
      const suitability = sections.includes('suitability')
        ? await this.siteSuitability(version, params, { startMs, endMs }, ctx)
        : undefined;
      const longTerm = longTermBasisOf(
        ((await this.store.findVersionDetail(version.id))?.lineage ?? []) as TLineageStep[],
        language,
      );
      const uncertainty = sections.includes('period')
        ? await this.speedUncertainty(version, result, params.targetHeight, longTerm)
        : undefined;
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
          longTerm,
          startDate: params.reportStartDate,
          endDate: params.reportEndDate,
          targetHeightM: params.targetHeight,
          sectorWidthDeg: params.sectorWidth,
          windYear,
          generatedAt: now,
          utcOffsetMinutes: params.utcOffsetMinutes,
          ownerName: report.owner_name,
          suitability,
          uncertainty,
        },
        sections,
        language,
      );
      const [docx, pdf] = await Promise.all([
        renderDocx(blocks, charts),
        renderPdf(blocks, charts, report.report_name),
      ]);
      const [docxFile, pdfFile] = await Promise.all([this.storeContent(docx), this.storeContent(pdf)]);
      const updated = await this.reports.updateIfPresent(reportId, {
        status: 'success',
        reason: '',
        docx_sha256: docxFile,
        docx_size: docx.length,
        pdf_sha256: pdfFile,
        pdf_size: pdf.length,
        build_time: new Date(),
      });
      // Deleted while it was being built: its new files go with it.
      await removeUnreferenced(this.db, this.files, [
        report.docx_sha256,
        report.pdf_sha256,
        ...(updated ? [] : [docxFile, pdfFile]),
      ]);
      if (updated) await this.announce(report, 'success');
      if (updated)
        await this.events.emit({
          kind: 'report.ready',
          stationIds: [version.stationId],
          data: { reportId, reportKind: 'analysis', name: report.report_name },
        });
      return 'success';
    } catch (error) {
      const reason = error instanceof AppError ? error : new AppError('INTERNAL');
      if (!(error instanceof AppError)) this.log.error({ err: error, reportId }, 'analysis report failed');
      await this.reports.update(reportId, {
        status: 'failure',
        reason: storedError(reason),
        build_time: new Date(),
      });
      await this.announce(report, 'failure');
      return 'failure';
    }
  }

  /**
   * The site suitability of the report's chapter (issue 29): at the target height from the highest chosen
   * speed, its σ (or TI) and gust, the vane nearest to it and the chosen shear heights, over the report
   * period; the site's long-term version gives V_ave when it has one. A check that cannot be made (no
   * data in the period) is said in the chapter, the rest of the report is built.
   */
  private async siteSuitability(
    version: TVersionRow,
    params: TStoredParams,
    range: { startMs: number; endMs: number },
    ctx: TReaderContext,
  ): Promise<TAnalysisReportMeta['suitability']> {
    try {
      const result = await this.suitability.checkWithDefaults(
        version,
        {
          hubHeight: params.targetHeight,
          speedChannelIds: params.speedChannelIds,
          directionChannelIds: params.directionChannelIds,
          shearChannelIds: params.shearChannelIds,
          includeSuspicious: params.includeSuspicious,
          includeFilled: params.includeFilled,
          startTime: new Date(range.startMs).toISOString(),
          endTime: new Date(range.endMs).toISOString(),
        },
        ctx,
      );
      return { result };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return { reason: presentStoredError(storedError(error), ctx.language) };
    }
  }

  /**
   * The wind-speed uncertainty at the target height (issue 46 §1) from the statistics' shear fit (its
   * heights and mean speeds), the register's anemometers and the version's long-term correction, typed
   * components and reconstruction (energy/wind-speed-uncertainty.ts); null without a shear fit.
   */
  private async speedUncertainty(
    version: TVersionRow,
    result: TStatisticsResult,
    targetHeightM: number,
    longTerm: ReturnType<typeof longTermBasisOf>,
  ): Promise<TAnalysisReportMeta['uncertainty']> {
    const shear = result.shear;
    if (!shear || shear.heightsM.length === 0) return null;
    const channels = new Map((await this.store.listChannels(version.id)).map((c) => [c.id, c]));
    const heights = shear.channelIds.flatMap((id, i) => {
      const c = channels.get(id);
      const mean = shear.meanSpeeds[i];
      return c && mean !== null && mean !== undefined
        ? [{ dataKey: c.dataKey, heightM: shear.heightsM[i]!, meanSpeedMps: mean }]
        : [];
    });
    return windSpeedUncertainty(this.db, {
      versionId: version.id,
      stationId: version.stationId,
      fromMs: Date.parse(result.startTime),
      heights,
      targetHeightM,
      shear: {
        heightsM: heights.map((h) => h.heightM),
        meanSpeedsMps: heights.map((h) => h.meanSpeedMps),
      },
      longTerm,
      // The report period's records over an average year (8766 h).
      measuredYears: (result.recordCount * result.intervalMinutes) / 60 / 8766,
    });
  }

  private async announce(
    report: { owner_id: number | null; report_name: string; station_code: string; station_id: number },
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
        stationIds: [Number(report.station_id)],
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
}
