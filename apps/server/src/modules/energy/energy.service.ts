import { randomUUID } from 'node:crypto';
import {
  AppError,
  fieldError,
  longTermBasisOf,
  STATISTICS_FIELD_MESSAGES,
  type TEnergyRequest,
  type TEnergyResult,
  type TEnergyUncertaintyOverride,
  type TEnergyUncertaintyOverrideRequest,
  type TLineageStep,
} from '@masthub/shared';
import { say } from '../../i18n/index.ts';
import type { TAuthUser } from '../../platform/auth/auth-user.ts';
import type { TComputeAccess } from '../../platform/compute/compute-task.ts';
import { runTask } from '../../platform/compute/run-task.ts';
import type { Database } from '../../platform/db/database.ts';
import type { TReaderContext } from '../../platform/http/route.ts';
import type { StationAccess } from '../access/index.ts';
import { createColdClimateService } from '../cold-climate/index.ts';
import { anemometersOfChannels } from '../sensors/index.ts';
import {
  clippedRange,
  isMeanDirection,
  isMeanSpeed,
  lowestMeanOf,
  openTimeSeriesStore,
  primaryShearSpeeds,
  speedCompanions,
  type TChannelRow,
  type TTimeSeriesStore,
} from '../timeseries/index.ts';
import type { VersionService } from '../wind-data/index.ts';
import { EnergyRepository } from './energy.repository.ts';
import { energyResult, type TEnergyJob } from './energy-run.ts';
import { EnergyUncertaintyRepository } from './energy-uncertainty.repository.ts';
import { buildEyaDef } from './eya-def/build-eya-def.ts';
import type { TurbineService } from './turbines.service.ts';

/** A field's error whose message is already in the caller's language (the statistics' channel words). */
function fieldMessage(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ field, message }]);
}

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
    /** The edit right on a site, for the typed uncertainty components (issue 46 §1). */
    private readonly access?: StationAccess,
  ) {
    this.store = openTimeSeriesStore(db);
  }

  async calculate(user: TAuthUser, request: TEnergyRequest, ctx: TReaderContext): Promise<TEnergyResult> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    const turbines = await this.turbines.byIds(request.turbineIds);
    const all = await this.store.listChannels(version.id);
    const byId = new Map(all.map((c) => [c.id, c]));
    const speed = byId.get(request.speedChannelId);
    if (!speed || !isMeanSpeed(speed) || speed.heightM === null || !(speed.heightM > 0)) {
      throw fieldMessage('speedChannelId', STATISTICS_FIELD_MESSAGES.notSpeedChannel[ctx.language]);
    }
    const sameInterval = (c: TChannelRow) => c.intervalS === speed.intervalS;
    let vane: TChannelRow | undefined;
    if (request.directionChannelId !== undefined) {
      vane = byId.get(request.directionChannelId);
      if (!vane || !isMeanDirection(vane) || !sameInterval(vane))
        throw fieldError('directionChannelId', 'oneOf');
    }
    if (request.shearMode === 'sector' && !vane) throw fieldError('directionChannelId', 'required');
    const ranges = await this.store.channelRanges(version.id);
    // Shear heights: the two chosen, or one primary cup per height of the speed's interval — the
    // statistics' default (packages/wind primarySpeedChannels), so both show the same α.
    let shearSpeeds: TChannelRow[];
    if (request.shearChannelIds.length === 2) {
      shearSpeeds = request.shearChannelIds.map((id) => byId.get(id)).filter((c): c is TChannelRow => !!c);
      if (
        shearSpeeds.length !== 2 ||
        !shearSpeeds.every((c) => isMeanSpeed(c) && sameInterval(c) && c.heightM !== null) ||
        shearSpeeds[0]!.heightM === shearSpeeds[1]!.heightM
      ) {
        throw fieldError('shearChannelIds', 'shearTwoHeights');
      }
    } else {
      shearSpeeds = primaryShearSpeeds(all, speed.intervalS, ranges);
    }
    // The σ (or TI) and gust at the speed's height, for the site's IEC class beside each turbine's.
    const { sd, gust } = speedCompanions(all, speed);
    const temperature = lowestMeanOf(all, 'T', speed.intervalS);
    const pressure = lowestMeanOf(all, 'p', speed.intervalS);
    const humidity = lowestMeanOf(all, 'RH', speed.intervalS);

    const period = clippedRange(ranges.get(speed.id), speed.intervalS, request);
    if (!period) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const { fromMs, toMs } = period;
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
      uncertainty: await this.uncertaintyInputs(version.id, version.stationId, fromMs),
    };
    return runTask(this.compute, { kind: 'energy', job }, () => energyResult(this.db, job));
  }

  /** The typed uncertainty components of a version with who typed them and when. */
  async overrides(versionId: number): Promise<TEnergyUncertaintyOverride[]> {
    const rows = await new EnergyUncertaintyRepository(this.db).listOverrides(versionId);
    return rows.map((r) => ({
      key: r.component_key as TEnergyUncertaintyOverride['key'],
      valuePct: Number(r.value_pct),
      userName: r.updated_by_name,
      updatedAt: new Date(r.updated_at).toISOString(),
    }));
  }

  /**
   * Types a component's value for a version (null: back to its stated default), kept with the caller and
   * the time; the caller needs the edit right on the version's site. Answers the version's overrides.
   */
  async saveOverride(
    user: TAuthUser,
    request: TEnergyUncertaintyOverrideRequest,
  ): Promise<TEnergyUncertaintyOverride[]> {
    const version = await this.versions.visibleVersion(user, request.versionId);
    if (!this.access) throw new AppError('FORBIDDEN');
    await this.access.assertCanEdit(user, version.stationId);
    const repository = new EnergyUncertaintyRepository(this.db);
    if (request.valuePct === null) await repository.deleteOverride(version.id, request.key);
    else
      await repository.upsertOverride({
        versionId: version.id,
        key: request.key,
        valuePct: request.valuePct,
        userId: user.id,
        userName: user.userName,
      });
    return this.overrides(version.id);
  }

  private async uncertaintyInputs(versionId: number, stationId: number, fromMs: number) {
    const anemometers = await anemometersOfChannels(this.db, stationId, new Date(fromMs));
    return {
      anemometers: Object.fromEntries(anemometers),
      overrides: await this.overrides(versionId),
      reconstruction: (await new EnergyUncertaintyRepository(this.db).lastReconstruction(versionId)) ?? null,
    };
  }

  /**
   * The energy yield as an IEC 61400-15-2 EYA DEF document (issue 32): the same calculation, its site,
   * turbines and caller as the document's project, power curves and author (eya-def/build-eya-def.ts).
   */
  async eyaDocument(
    user: TAuthUser,
    request: TEnergyRequest,
    ctx: TReaderContext,
  ): Promise<{ fileName: string; content: Buffer }> {
    const result = await this.calculate(user, request, ctx);
    const version = await this.versions.visibleVersion(user, request.versionId);
    const site = await new EnergyRepository(this.db).findStationForDocument(version.stationId);
    const turbines = await this.turbines.byIds(request.turbineIds);
    const siteName = site?.project_name ?? '';
    const iceClass = await createColdClimateService(this.db).latestIceClass(version.stationId);
    const document = buildEyaDef({
      iceClass,
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
