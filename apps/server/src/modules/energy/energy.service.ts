import {
  AppError,
  ENERGY_LOSS_KEYS,
  type Language,
  STATISTICS_FIELD_MESSAGES,
  type TEnergyRequest,
  type TEnergyResult,
  type TEnergyTurbineResult,
  type TTurbine,
  versionDisplayName,
} from '@masthub/shared';
import {
  AVERAGE_YEAR_MONTH_HOURS,
  airDensitySeries,
  applyFlagMask,
  buildCalendarIndex,
  capacityFactor,
  densityCorrectedPower,
  directionSectorIndices,
  energyYield,
  exceedanceEnergies,
  fullLoadHours,
  netEnergy,
  type PowerCurve,
  sectorLabels,
  standardAtmosphereDensity,
  windShear,
} from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import type { TAuthUser } from '../identity/identity.types.ts';
import { type TChannelRow, TimeSeriesRepository } from '../ingestion/store/timeseries.repository.ts';
import { loadSeries, toWindElement, toWindStatistic } from '../wind-data/version-series.ts';
import type { VersionService } from '../wind-data/versions.service.ts';
import type { TurbineService } from './turbines.service.ts';

/** WIND-ANALYSIS §6: without a second height α = 1/7. */
const DEFAULT_ALPHA = 1 / 7;
const SHEAR_MIN_COUNT = 30;
const STANDARD_DENSITY = 1.225;

function fieldError(field: string, message: string): AppError {
  return new AppError('VALIDATION_FAILED', {}, [{ field, message }]);
}

const isAvg = (c: TChannelRow) => toWindStatistic(c.statistic) === 'avg';
const isSpeed = (c: TChannelRow) => toWindElement(c.element) === 'ws' && isAvg(c);
const isVane = (c: TChannelRow) => toWindElement(c.element) === 'wd' && isAvg(c);

function num(v: number | undefined | null): number | null {
  return v === undefined || v === null || !Number.isFinite(v) ? null : v;
}

export function toPowerCurve(t: TTurbine): PowerCurve {
  return {
    speedsMps: t.curve.map((p) => p.speed),
    powerKw: t.curve.map((p) => p.power),
    ratedKw: t.ratedKw,
    referenceDensityKgM3: t.referenceDensity,
    regulation: t.regulation,
  };
}

/**
 * Energy yield of turbines on a site's data version (issue 16, WIND-ANALYSIS §11): the chosen speed
 * channel carried to hub height with the site's own shear (overall, by sector or by hour), air density
 * from the site's T and p (or its altitude by the standard atmosphere, or a fixed value), the
 * density-corrected curve of each turbine, gross AEP from the time series (average-year weighted) and
 * from the Weibull, losses, P50/P75/P90 and the breakdowns. packages/wind computes; this feeds it.
 */
export class EnergyService {
  private readonly store: TimeSeriesRepository;

  constructor(
    private readonly db: Database,
    private readonly versions: VersionService,
    private readonly turbines: TurbineService,
  ) {
    this.store = new TimeSeriesRepository(db);
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
    // Shear heights: the two chosen, or one speed average per height of the speed's interval.
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
      const perHeight = new Map<number, TChannelRow>();
      for (const c of all.filter((c) => isSpeed(c) && sameInterval(c) && c.heightM !== null)) {
        if (c.id === speed.id || !perHeight.has(c.heightM!)) perHeight.set(c.heightM!, c);
      }
      shearSpeeds = [...perHeight.values()].sort((a, b) => a.heightM! - b.heightM!);
    }
    const avgOf = (element: string) =>
      all
        .filter((c) => toWindElement(c.element) === element && isAvg(c) && sameInterval(c))
        .sort((a, b) => (a.heightM ?? 0) - (b.heightM ?? 0))[0];
    const temperature = avgOf('T');
    const pressure = avgOf('p');
    const humidity = avgOf('RH');
    const wantsMeasured = request.densityMode === 'measured' && temperature && pressure;

    const ranges = await this.store.channelRanges(version.id);
    const r = ranges.get(speed.id);
    if (!r?.firstTime || !r.lastTime) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const fromMs = Math.max(r.firstTime.getTime(), request.startTime ? Date.parse(request.startTime) : 0);
    const toMs = Math.min(
      r.lastTime.getTime() + speed.intervalS * 1000,
      request.endTime ? Date.parse(request.endTime) : Number.POSITIVE_INFINITY,
    );
    if (!(fromMs < toMs)) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const wanted = new Map<number, TChannelRow>();
    for (const c of [
      speed,
      vane,
      ...shearSpeeds,
      ...(wantsMeasured ? [temperature, pressure, humidity] : []),
    ]) {
      if (c) wanted.set(c.id, c);
    }
    const loaded = await loadSeries(this.store, [...wanted.values()], fromMs, toMs);
    const seriesOf = (c: TChannelRow) => {
      const s = loaded.channels.find((x) => x.row.id === c.id)!;
      return applyFlagMask(s.values, s.flags, { includeSuspicious: request.includeSuspicious });
    };
    const speeds = seriesOf(speed);
    if (!speeds.some((v) => !Number.isNaN(v))) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
    const calendar = buildCalendarIndex(loaded.grid, ctx.utcOffsetMinutes / 60);
    const sectors = 360 / request.sectorWidth;
    const sectorIndex = vane ? directionSectorIndices(seriesOf(vane), sectors) : undefined;

    // Shear (WIND-ANALYSIS §6): α of the mean speeds over heights, by sector and by hour as well.
    let alpha = DEFAULT_ALPHA;
    let shearIsDefault = true;
    let shearBySector: (number | null)[] = [];
    let shearByHour: (number | null)[] = [];
    if (shearSpeeds.length >= 2) {
      const shear = windShear(
        shearSpeeds.map(seriesOf),
        shearSpeeds.map((c) => c.heightM!),
        { minCount: SHEAR_MIN_COUNT, calendar, ...(sectorIndex ? { sectorIndex, sectors } : {}) },
      );
      if (shear?.overall.exponent !== undefined) {
        alpha = shear.overall.exponent;
        shearIsDefault = false;
      }
      shearBySector = (shear?.bySector ?? []).map((c) => num(c.exponent));
      shearByHour = (shear?.byHour ?? []).map((c) => num(c.exponent));
    }

    // Air density.
    const station = await this.db
      .selectFrom('station')
      .select('altitude_m')
      .where('id', '=', version.stationId)
      .executeTakeFirst();
    let density: number | Float64Array;
    let densitySource: TEnergyResult['densitySource'];
    if (wantsMeasured) {
      density = airDensitySeries(
        seriesOf(temperature),
        seriesOf(pressure),
        humidity ? seriesOf(humidity) : undefined,
      );
      densitySource = 'measured';
    } else if (request.densityMode === 'fixed' && request.fixedDensity !== undefined) {
      density = request.fixedDensity;
      densitySource = 'fixed';
    } else if (station?.altitude_m !== null && station?.altitude_m !== undefined) {
      density = standardAtmosphereDensity(Number(station.altitude_m));
      densitySource = 'altitude';
    } else {
      density = STANDARD_DENSITY;
      densitySource = 'fixed';
    }

    const lossFactors = ENERGY_LOSS_KEYS.map((k) => request.losses[k] / 100);
    const uncertainty = request.uncertainties.map((u) => u.value / 100);
    const labels = sectorLabels(sectors);
    let meanDensity = typeof density === 'number' ? density : STANDARD_DENSITY;
    const results: TEnergyTurbineResult[] = turbines.map((t) => {
      const curve = toPowerCurve(t);
      const y = energyYield({
        speedsMps: speeds,
        measuredHeightM: speed.heightM!,
        hubHeightM: request.hubHeight,
        shear:
          request.shearMode === 'sector'
            ? { mode: 'sector', exponent: alpha, bySector: shearBySector.map((a) => a ?? undefined) }
            : request.shearMode === 'hour'
              ? { mode: 'hour', exponent: alpha, byHour: shearByHour.map((a) => a ?? undefined) }
              : { mode: 'overall', exponent: alpha },
        hourOfDay: calendar.hourOfDay,
        monthOfYear: calendar.monthOfYear,
        sectorIndex,
        sectors: sectorIndex ? sectors : 0,
        densityKgM3: density,
        curve,
        weibullMethod: request.weibullMethod,
      });
      meanDensity = y.meanDensityKgM3;
      const grossKwh = y.timeSeries.energyKwh ?? y.timeSeries.plainEnergyKwh;
      const netKwh = grossKwh === undefined ? undefined : netEnergy(grossKwh, lossFactors);
      const p = netKwh === undefined ? undefined : exceedanceEnergies(netKwh, uncertainty);
      const mwh = (kwh: number | undefined) => (kwh === undefined ? null : kwh / 1000);
      const last = curve.speedsMps.at(-1) ?? 25;
      const siteSpeeds = Array.from({ length: Math.floor(last / 0.5) + 1 }, (_, i) => i * 0.5);
      return {
        turbineId: t.id,
        model: t.model,
        manufacturer: t.manufacturer,
        ratedKw: t.ratedKw,
        regulation: t.regulation,
        hubMeanSpeed: num(y.hubMeanSpeedMps),
        count: y.count,
        grossMwh: mwh(y.timeSeries.energyKwh),
        plainGrossMwh: mwh(y.timeSeries.plainEnergyKwh),
        missingMonths: [...y.timeSeries.missingMonths],
        meanPowerKw: num(y.timeSeries.meanPowerKw),
        // From the average-year figure, or from the plain mean when a calendar month has no data.
        grossBasis: y.timeSeries.energyKwh === undefined ? 'plain' : 'averageYear',
        capacityFactor: grossKwh === undefined ? null : capacityFactor(grossKwh, t.ratedKw),
        fullLoadHours: grossKwh === undefined ? null : fullLoadHours(grossKwh, t.ratedKw),
        weibull: y.weibull
          ? {
              scale: y.weibull.fit.scaleMps,
              shape: y.weibull.fit.shape,
              grossMwh: y.weibull.energyKwh / 1000,
              capacityFactor: y.weibull.capacityFactor,
              fullLoadHours: y.weibull.fullLoadHours,
            }
          : null,
        weibullBySectorMwh: mwh(y.weibullBySectorEnergyKwh),
        netMwh: mwh(netKwh),
        lossFactor: 1 - lossFactors.reduce((f, l) => f * (1 - l), 1),
        exceedance: {
          sigma: p?.sigma ?? 0,
          P50: mwh(p?.P50),
          P75: mwh(p?.P75),
          P90: mwh(p?.P90),
          P99: mwh(p?.P99),
        },
        byMonth: y.timeSeries.byMonth.map((m, i) => ({
          month: m.month,
          count: m.count,
          meanPowerKw: num(m.meanPowerKw),
          grossMwh:
            m.meanPowerKw === undefined ? null : (m.meanPowerKw * AVERAGE_YEAR_MONTH_HOURS[i]!) / 1000,
        })),
        byHour: y.byHour.map((h) => ({ hour: h.hour, meanPowerKw: num(h.meanPowerKw) })),
        bySector: y.bySector.map((s) => ({
          label: labels[s.sector] ?? String(s.sector),
          frequency: s.frequency,
          meanSpeed: num(s.meanSpeedMps),
          meanPowerKw: num(s.meanPowerKw),
          energyShare: num(s.energyShare),
          weibullScale: num(s.weibull?.scaleMps),
          weibullShape: num(s.weibull?.shape),
        })),
        siteCurve: {
          speed: siteSpeeds,
          power: siteSpeeds.map((v) => densityCorrectedPower(curve, v, y.meanDensityKgM3)),
        },
      };
    });
    return {
      versionId: version.id,
      versionName: versionDisplayName(version, ctx.language),
      startTime: new Date(loaded.grid.startMs).toISOString(),
      endTime: new Date(
        loaded.grid.startMs + loaded.grid.length * loaded.grid.intervalMinutes * 60_000,
      ).toISOString(),
      speedChannel: { id: speed.id, name: speed.name, heightM: speed.heightM! },
      hubHeight: request.hubHeight,
      shearMode: request.shearMode,
      shearExponent: alpha,
      shearIsDefault,
      shearBySector,
      shearByHour,
      densitySource,
      meanDensity,
      sectorLabels: sectorIndex ? labels : [],
      losses: Object.fromEntries(ENERGY_LOSS_KEYS.map((k) => [k, request.losses[k]])),
      uncertaintySigma: Math.sqrt(uncertainty.reduce((s, u) => s + u * u, 0)),
      turbines: results,
    };
  }
}
