import {
  AppError,
  ENERGY_LOSS_KEYS,
  type Language,
  type TEnergyRequest,
  type TEnergyResult,
  type TEnergyTurbineResult,
  type TLongTermBasis,
  type TTurbine,
  turbineClassVerdict,
  versionDisplayName,
} from '@masthub/shared';
import {
  AVERAGE_YEAR_MONTH_HOURS,
  aepSensitivity,
  airDensitySeries,
  applyFlagMask,
  buildCalendarIndex,
  type CalendarIndex,
  capacityFactor,
  densityCorrectedPower,
  directionSectorIndices,
  energyYield,
  exceedanceEnergies,
  fullLoadHours,
  netEnergy,
  type PowerCurve,
  sectorLabels,
  siteSuitability,
  standardAtmosphereDensity,
  type TimeGrid,
  windShear,
} from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import {
  deriveSdFromTi,
  loadForAnalysis,
  openTimeSeriesStore,
  type TChannelRow,
} from '../timeseries/index.ts';
import {
  energyUncertainty,
  meanOf,
  measuredYearsOf,
  type TUncertaintyJobInputs,
  type TUncertaintySite,
} from './energy-uncertainty.ts';

/** WIND-ANALYSIS §6: without a second height α = 1/7. */
const DEFAULT_ALPHA = 1 / 7;
const SHEAR_MIN_COUNT = 30;
const STANDARD_DENSITY = 1.225;

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
 * An energy-yield calculation as it crosses to a worker thread: the request with its channels chosen
 * and checked, the range clipped, the site's altitude and the turbines read (plain data).
 */
export interface TEnergyJob {
  request: TEnergyRequest;
  language: Language;
  utcOffsetMinutes: number;
  version: { id: number; name: string; kind: string };
  speed: TChannelRow;
  vane: TChannelRow | undefined;
  shearSpeeds: TChannelRow[];
  /** σ (or TI) and gust at the speed's height: the site's IEC class beside the turbines' (issue 29). */
  sd?: TChannelRow | undefined;
  gust?: TChannelRow | undefined;
  temperature: TChannelRow | undefined;
  pressure: TChannelRow | undefined;
  humidity: TChannelRow | undefined;
  fromMs: number;
  toMs: number;
  altitudeM: number | null;
  turbines: TTurbine[];
  /** The long-term correction the version stands on (its lineage): u_AEP is given on such a version. */
  longTerm: TLongTermBasis | null;
  /** The uncertainty chain's inputs besides the series (issue 46 §1). */
  uncertainty: TUncertaintyJobInputs;
}

/**
 * WIND-ANALYSIS §13: the gross AEP's sensitivity to the mean speed — every speed × 0.99 and × 1.01, the
 * same yield otherwise — from which u_AEP = S·u_total on a long-term version.
 */
function speedSensitivity(
  grossKwh: number | undefined,
  speeds: Float64Array,
  yieldOf: (speedsMps: Float64Array) => ReturnType<typeof energyYield>,
): number | undefined {
  if (grossKwh === undefined) return undefined;
  return aepSensitivity((factor) => {
    if (factor === 1) return grossKwh;
    const scaled = yieldOf(speeds.map((v) => v * factor));
    return scaled.timeSeries.energyKwh ?? scaled.timeSeries.plainEnergyKwh ?? Number.NaN;
  });
}

/**
 * Reads the job's series and computes the energy yield of every turbine (WIND-ANALYSIS §11): in a
 * worker thread of the compute pool with its own connection when there is one — five years of speed,
 * vane, shear heights and density at hub height for each turbine is seconds of CPU.
 */
export async function energyResult(db: Database, job: TEnergyJob): Promise<TEnergyResult> {
  const store = openTimeSeriesStore(db);
  const ctx = { language: job.language, utcOffsetMinutes: job.utcOffsetMinutes };
  const {
    request,
    version,
    speed,
    vane,
    shearSpeeds,
    temperature,
    pressure,
    humidity,
    fromMs,
    toMs,
    turbines,
  } = job;
  const wantsMeasured = request.densityMode === 'measured' && temperature && pressure;
  const wanted = new Map<number, TChannelRow>();
  for (const c of [
    speed,
    vane,
    job.sd,
    job.gust,
    ...shearSpeeds,
    ...(wantsMeasured ? [temperature, pressure, humidity] : []),
  ]) {
    if (c) wanted.set(c.id, c);
  }
  // The one analysis read (issue 41 §1): invalid, icing and values outside physical limits never used.
  const analysed = await loadForAnalysis(store, version.id, [...wanted.values()], fromMs, toMs, {
    includeSuspicious: request.includeSuspicious,
    includeFilled: request.includeFilled,
  });
  const loaded = deriveSdFromTi(analysed);
  const seriesOf = (c: TChannelRow) => {
    const s = loaded.channels.find((x) => x.row.id === c.id)!;
    return applyFlagMask(s.values, s.flags, { includeSuspicious: request.includeSuspicious });
  };
  const speeds = seriesOf(speed);
  if (!speeds.some((v) => !Number.isNaN(v))) throw new AppError('ENERGY_NO_CURVE_OVERLAP');
  const calendar = buildCalendarIndex(loaded.grid, ctx.utcOffsetMinutes / 60);
  const sectors = 360 / request.sectorWidth;
  const sectorIndex = vane ? directionSectorIndices(seriesOf(vane), sectors) : undefined;

  const { alpha, shearIsDefault, shearBySector, shearByHour, shearMeans } = shearOf(
    shearSpeeds.map(seriesOf),
    shearSpeeds.map((c) => c.heightM!),
    { minCount: SHEAR_MIN_COUNT, calendar, ...(sectorIndex ? { sectorIndex, sectors } : {}) },
  );

  const { density, densitySource } = densityOf(job, wantsMeasured ? seriesOf : undefined);
  const siteClass = siteClassAtHub(job, {
    speeds,
    seriesOf,
    grid: loaded.grid,
    calendar,
    alpha,
    density,
    shearSpeeds,
  });
  const lossFactors = ENERGY_LOSS_KEYS.map((k) => request.losses[k] / 100);
  const uncertainty = request.uncertainties.map((u) => u.value / 100);
  const labels = sectorLabels(sectors);
  const uncertaintySite = uncertaintySiteOf(job, speeds, seriesOf, shearMeans);
  const hubFactor = (request.hubHeight / speed.heightM!) ** alpha;
  let meanDensity = typeof density === 'number' ? density : STANDARD_DENSITY;
  const results: TEnergyTurbineResult[] = turbines.map((t) => {
    const curve = toPowerCurve(t);
    const yieldOf = (speedsMps: Float64Array) =>
      energyYield({
        speedsMps,
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
    const y = yieldOf(speeds);
    meanDensity = y.meanDensityKgM3;
    const grossKwh = y.timeSeries.energyKwh ?? y.timeSeries.plainEnergyKwh;
    const sensitivity = job.longTerm ? speedSensitivity(grossKwh, speeds, yieldOf) : undefined;
    const uTotal = job.longTerm?.uTotal ?? null;
    const netKwh = grossKwh === undefined ? undefined : netEnergy(grossKwh, lossFactors);
    const p = netKwh === undefined ? undefined : exceedanceEnergies(netKwh, uncertainty);
    const mwh = (kwh: number | undefined) => (kwh === undefined ? null : kwh / 1000);
    const uncertaintyOfTurbine = energyUncertainty(uncertaintySite, {
      curve,
      netMwh: mwh(netKwh),
      yieldSensitivity: sensitivity,
      hubSpeeds: () => speeds.map((v) => v * hubFactor),
      meanDensity: y.meanDensityKgM3,
    });
    const last = curve.speedsMps.at(-1) ?? 25;
    const siteSpeeds = Array.from({ length: Math.floor(last / 0.5) + 1 }, (_, i) => i * 0.5);
    return {
      turbineId: t.id,
      model: t.model,
      manufacturer: t.manufacturer,
      ratedKw: t.ratedKw,
      regulation: t.regulation,
      iecClass: t.iecClass,
      classSuitable: siteClass ? turbineClassVerdict(t.iecClass, siteClass.verdicts) : null,
      hubMeanSpeed: num(y.hubMeanSpeedMps),
      count: y.count,
      grossMwh: mwh(y.timeSeries.energyKwh),
      plainGrossMwh: mwh(y.timeSeries.plainEnergyKwh),
      missingMonths: [...y.timeSeries.missingMonths],
      aepSensitivity: num(sensitivity),
      uAep: sensitivity === undefined || uTotal === null ? null : num(sensitivity * uTotal),
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
      uncertainty: uncertaintyOfTurbine,
      byMonth: y.timeSeries.byMonth.map((m, i) => ({
        month: m.month,
        count: m.count,
        meanPowerKw: num(m.meanPowerKw),
        grossMwh: m.meanPowerKw === undefined ? null : (m.meanPowerKw * AVERAGE_YEAR_MONTH_HOURS[i]!) / 1000,
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
    uncertaintyOverrides: job.uncertainty.overrides,
    longTerm: job.longTerm,
    siteClass,
    turbines: results,
    basis: analysed.basis,
  };
}

/** The site's side of the uncertainty chain: each measured height's mean speed, the shear fit, the years. */
function uncertaintySiteOf(
  job: TEnergyJob,
  speeds: Float64Array,
  seriesOf: (c: TChannelRow) => Float64Array,
  shear: TUncertaintySite['shear'],
): TUncertaintySite {
  const { speed, shearSpeeds, request } = job;
  return {
    heights: [speed, ...shearSpeeds.filter((c) => c.id !== speed.id && c.heightM !== speed.heightM)].map(
      (channel) => ({ channel, meanSpeedMps: meanOf(seriesOf(channel)) }),
    ),
    shear,
    measuredHeightM: speed.heightM!,
    hubHeightM: request.hubHeight,
    measuredYears: measuredYearsOf(speeds, speed.intervalS),
    longTerm: job.longTerm,
    inputs: job.uncertainty,
    other: request.uncertainties,
  };
}

/**
 * Shear (WIND-ANALYSIS §6): α of the mean speeds over heights (1/7 with fewer than two), by sector and by
 * hour as well, and the overall fit's heights and mean speeds (the uncertainty chain's vertical component).
 */
function shearOf(
  speeds: Float64Array[],
  heightsM: number[],
  options: Parameters<typeof windShear>[2],
): {
  alpha: number;
  shearIsDefault: boolean;
  shearBySector: (number | null)[];
  shearByHour: (number | null)[];
  shearMeans: TUncertaintySite['shear'];
} {
  const none = { heightsM: [], meanSpeedsMps: [] };
  if (speeds.length < 2) {
    return {
      alpha: DEFAULT_ALPHA,
      shearIsDefault: true,
      shearBySector: [],
      shearByHour: [],
      shearMeans: none,
    };
  }
  const shear = windShear(speeds, heightsM, options);
  const fitted = shear?.overall.exponent !== undefined;
  return {
    alpha: fitted ? shear!.overall.exponent! : DEFAULT_ALPHA,
    shearIsDefault: !fitted,
    shearBySector: (shear?.bySector ?? []).map((c) => num(c.exponent)),
    shearByHour: (shear?.byHour ?? []).map((c) => num(c.exponent)),
    shearMeans: fitted
      ? { heightsM: [...shear!.heightsM], meanSpeedsMps: [...shear!.overall.meanSpeedsMps] }
      : none,
  };
}

/**
 * The site's IEC 61400-1 class at hub height (WIND-ANALYSIS §14) from the energy's own hub series: the
 * speed carried up with the overall α, its σ and gust with the same factor (TI kept), the vane, the shear
 * heights and the density; the checks' defaults (turbulence judged on 10–25 m/s bins by σ_rep, the highest
 * offered 50-year estimate). Null when the mean speed and extreme cannot be judged at all.
 */
function siteClassAtHub(
  job: TEnergyJob,
  input: {
    speeds: Float64Array;
    seriesOf: (c: TChannelRow) => Float64Array;
    grid: TimeGrid;
    calendar: CalendarIndex;
    alpha: number;
    density: number | Float64Array;
    shearSpeeds: TChannelRow[];
  },
): TEnergyResult['siteClass'] {
  const { request, speed } = job;
  const factorAt = (heightM: number) => (request.hubHeight / heightM) ** input.alpha;
  const scale = (values: Float64Array, heightM: number) => values.map((v) => v * factorAt(heightM));
  const s = siteSuitability({
    grid: input.grid,
    calendar: input.calendar,
    hubHeightM: request.hubHeight,
    speedMps: scale(input.speeds, speed.heightM!),
    ...(job.sd ? { speedSdMps: scale(input.seriesOf(job.sd), speed.heightM!) } : {}),
    ...(job.gust ? { gustMps: scale(input.seriesOf(job.gust), job.gust.heightM ?? speed.heightM!) } : {}),
    ...(job.vane ? { directionDeg: input.seriesOf(job.vane) } : {}),
    densityKgM3: input.density,
    ...(input.shearSpeeds.length >= 2
      ? {
          shearProfile: {
            heightsM: input.shearSpeeds.map((c) => c.heightM!),
            speedsMps: input.shearSpeeds.map(input.seriesOf),
          },
        }
      : {}),
  });
  if (s.siteClass.windClass === undefined && s.siteClass.category === undefined) return null;
  return {
    windClass: s.siteClass.windClass ?? null,
    category: s.siteClass.category ?? null,
    verdicts: s.verdicts.map((v) => ({ key: v.key, isSuitable: v.isSuitable ?? null })),
  };
}

/** Air density (WIND-ANALYSIS §8.5): measured T and p (RH), a fixed value, the altitude, else standard. */
function densityOf(
  job: TEnergyJob,
  seriesOf: ((c: TChannelRow) => Float64Array) | undefined,
): { density: number | Float64Array; densitySource: TEnergyResult['densitySource'] } {
  const { request, temperature, pressure, humidity } = job;
  if (seriesOf && temperature && pressure) {
    return {
      density: airDensitySeries(
        seriesOf(temperature),
        seriesOf(pressure),
        humidity ? seriesOf(humidity) : undefined,
      ),
      densitySource: 'measured',
    };
  }
  if (request.densityMode === 'fixed' && request.fixedDensity !== undefined) {
    return { density: request.fixedDensity, densitySource: 'fixed' };
  }
  if (job.altitudeM !== null) {
    return { density: standardAtmosphereDensity(job.altitudeM), densitySource: 'altitude' };
  }
  return { density: STANDARD_DENSITY, densitySource: 'fixed' };
}
