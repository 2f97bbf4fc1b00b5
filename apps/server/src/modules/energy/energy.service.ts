import { randomUUID } from 'node:crypto';
import {
  AppError,
  type Language,
  longTermBasisOf,
  STATISTICS_FIELD_MESSAGES,
  type TEnergyRequest,
  type TEnergyResult,
  type TLineageStep,
} from '@masthub/shared';
import { primarySpeedChannels } from '@masthub/wind';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import { runComputeTask, type TComputeAccess } from '../../platform/compute/compute-task.ts';
import type { Database } from '../../platform/db/database.ts';
import {
  openTimeSeriesStore,
  speedSensorKind,
  type TChannelRow,
  type TTimeSeriesStore,
  toWindElement,
  toWindStatistic,
} from '../timeseries/index.ts';
import type { VersionService } from '../wind-data/index.ts';
import { EnergyRepository } from './energy.repository.ts';
import { energyResult, type TEnergyJob } from './energy-run.ts';
import { buildEyaDef } from './eya-def/build-eya-def.ts';
import type { TurbineService } from './turbines.service.ts';

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ field, message }]);
}

const isAvg = (c: TChannelRow) => toWindStatistic(c.statistic) === 'avg';
const isSpeed = (c: TChannelRow) => toWindElement(c.element) === 'ws' && isAvg(c);
const isVane = (c: TChannelRow) => toWindElement(c.element) === 'wd' && isAvg(c);

/**
 * Energy yield of turbines on a site's data version (issue 16, WIND-ANALYSIS §11): the chosen speed
 * channel carried to hub height with the site's own shear (overall, by sector or by hour), air density
 * from the site's T and p (or its altitude by the standard atmosphere, or a fixed value), the
 * density-corrected curve of each turbine, gross AEP from the time series (average-year weighted) and
 * from the Weibull, losses, P50/P75/P90 and the breakdowns. packages/wind computes; this feeds it.
 */
export class EnergyService {
  private readonly store: TTimeSeriesStore;

  constructor(
    private readonly db: Database,
    private readonly versions: VersionService,
    private readonly turbines: TurbineService,
    /** Worker threads for the computation and the database they read from; without, the event loop. */
    private readonly compute?: TComputeAccess,
  ) {
    this.store = openTimeSeriesStore(db);
  }

  async calculate(
    user: TAuthUser,
    request: TEnergyRequest,
    ctx: { language: Language; utcOffsetMinutes: number },
  ): Promise<TEnergyResult> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    const turbines = await this.turbines.byIds(request.turbineIds);
    const all = await this.store.listChannels(version.id);
    const byId = new Map(all.map((c) => [c.id, c]));
    const speed = byId.get(request.speedChannelId);
    if (!speed || !isSpeed(speed)) {
      throw fieldError('speedChannelId', STATISTICS_FIELD_MESSAGES.notSpeedChannel[ctx.language]);
    }
    if (speed.heightM === null || !(speed.heightM > 0)) {
      throw fieldError('speedChannelId', STATISTICS_FIELD_MESSAGES.notSpeedChannel[ctx.language]);
    }
    const sameInterval = (c: TChannelRow) => c.intervalS === speed.intervalS;
    let vane: TChannelRow | undefined;
    if (request.directionChannelId !== undefined) {
      vane = byId.get(request.directionChannelId);
      if (!vane || !isVane(vane) || !sameInterval(vane)) throw fieldError('directionChannelId', 'v.oneOf');
    }
    if (request.shearMode === 'sector' && !vane) throw fieldError('directionChannelId', 'v.required');
    const ranges = await this.store.channelRanges(version.id);
    // Shear heights: the two chosen, or one primary cup per height of the speed's interval — the
    // statistics' default (packages/wind primarySpeedChannels), so both show the same α.
    let shearSpeeds: TChannelRow[];
    if (request.shearChannelIds.length === 2) {
      shearSpeeds = request.shearChannelIds.map((id) => byId.get(id)).filter((c): c is TChannelRow => !!c);
      if (
        shearSpeeds.length !== 2 ||
        !shearSpeeds.every((c) => isSpeed(c) && sameInterval(c) && c.heightM !== null) ||
        shearSpeeds[0]!.heightM === shearSpeeds[1]!.heightM
      ) {
        throw fieldError('shearChannelIds', 'v.shearTwoHeights');
      }
    } else {
      shearSpeeds = primarySpeedChannels(
        all
          .filter((c) => isSpeed(c) && sameInterval(c) && c.heightM !== null)
          .map((row) => ({
            id: String(row.id),
            heightM: row.heightM!,
            sensorKind: speedSensorKind(row),
            valueCount: ranges.get(row.id)?.valueCount ?? 0,
            row,
          })),
      ).map((candidate) => candidate.row);
    }
    const avgOf = (element: string) =>
      all
        .filter((c) => toWindElement(c.element) === element && isAvg(c) && sameInterval(c))
        .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0))[0];
    // The σ (or TI) and gust at the speed's height, for the site's IEC class beside each turbine's.
    const atSpeed = (c: TChannelRow) => sameInterval(c) && c.element === 'ws' && c.heightM === speed.heightM;
    const sd =
      all.find((c) => atSpeed(c) && c.statistic === 'sd') ??
      all.find((c) => atSpeed(c) && /(^|_)ti(_|$)/i.test(c.dataKey));
    const gust = all.find((c) => atSpeed(c) && c.statistic === 'max');
    const temperature = avgOf('T');
    const pressure = avgOf('p');
    const humidity = avgOf('RH');

    const r = ranges.get(speed.id);
    if (!r?.firstTime || !r.lastTime) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const fromMs = Math.max(r.firstTime.getTime(), request.startTime ? Date.parse(request.startTime) : 0);
    const toMs = Math.min(
      r.lastTime.getTime() + speed.intervalS * 1000,
      request.endTime ? Date.parse(request.endTime) : Number.POSITIVE_INFINITY,
    );
    if (!(fromMs < toMs)) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const station = await new EnergyRepository(this.db).findStationAltitude(version.stationId);
    const detail = await this.store.findVersionDetail(version.id);
    const job: TEnergyJob = {
      request,
      language: ctx.language,
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      version: { id: version.id, name: version.name, kind: version.kind },
      speed,
      vane,
      shearSpeeds,
      sd,
      gust,
      temperature,
      pressure,
      humidity,
      fromMs,
      toMs,
      altitudeM:
        station?.altitude_m === null || station?.altitude_m === undefined ? null : Number(station.altitude_m),
      turbines,
      longTerm: longTermBasisOf((detail?.lineage ?? []) as TLineageStep[], ctx.language),
    };
    return this.compute
      ? runComputeTask<TEnergyResult>(this.compute.pool, {
          kind: 'energy',
          databaseUrl: this.compute.databaseUrl,
          job,
        })
      : energyResult(this.db, job);
  }

  /**
   * The energy yield as an IEC 61400-15-2 EYA DEF document (issue 32): the same calculation, its site,
   * turbines and caller as the document's project, power curves and author (eya-def/build-eya-def.ts).
   */
  async eyaDocument(
    user: TAuthUser,
    request: TEnergyRequest,
    ctx: { language: Language; utcOffsetMinutes: number },
  ): Promise<{ fileName: string; content: Buffer }> {
    const result = await this.calculate(user, request, ctx);
    const version = await this.versions.visibleVersion(user, request.versionId);
    const site = await new EnergyRepository(this.db).findStationForDocument(version.stationId);
    const turbines = await this.turbines.byIds(request.turbineIds);
    const siteName = site?.project_name ?? '';
    const document = buildEyaDef({
      result,
      request,
      turbines,
      site: {
        code: site?.station_code ?? '',
        name: siteName,
        longitude: Number(site?.longitude ?? 0),
        latitude: Number(site?.latitude ?? 0),
        altitudeM:
          site?.altitude_m === null || site?.altitude_m === undefined ? null : Number(site.altitude_m),
      },
      author: { name: user.userName, organisation: user.companyName ?? 'MastHub' },
      issuedAt: new Date(),
      utcOffsetMinutes: ctx.utcOffsetMinutes,
      documentId: randomUUID(),
      texts: {
        title: say(ctx.language, 'energyWorkbook.eyaTitle', { site: siteName, version: result.versionName }),
        assumedPeriod: say(ctx.language, 'energyWorkbook.eyaAssumedPeriod'),
        scenario: (model, hubHeight) => say(ctx.language, 'energyWorkbook.eyaScenario', { model, hubHeight }),
      },
    });
    const fileName = `${say(ctx.language, 'energyWorkbook.eyaFileName')}_${result.versionName}.json`;
    return { fileName, content: Buffer.from(`${JSON.stringify(document, null, 2)}\n`) };
  }
}
