import { AppError, type Language, type TLongTermBasis, type TSuitabilityRequest } from '@masthub/shared';
import {
  airDensitySeries,
  applyFlagMask,
  buildCalendarIndex,
  type PeriodsPerYear,
  periodicMaxima,
  type SiteSuitability,
  siteSuitability,
  standardAtmosphereDensity,
  windShear,
} from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import { coldClimateOfSeries } from '../cold-climate/index.ts';
import {
  deriveSdFromTi,
  loadForAnalysis,
  loadSeries,
  openTimeSeriesStore,
  type TChannelRow,
  type TLoadedSeries,
} from '../timeseries/index.ts';
import { presentSuitability, type TSuitabilityRun } from './suitability-present.ts';
import type { TSuitabilityNoteInput } from './suitability-texts.ts';

/** WIND-ANALYSIS §6: α = 1/7 without a second height. */
const DEFAULT_ALPHA = 1 / 7;
/** Coverage of a year before its maximum counts (§8.6 months, §14). */
const MIN_COVERAGE = 0.8;

/**
 * A site suitability check as it crosses to a worker thread: the request with every channel chosen and
 * checked (access already decided), the range clipped, the site's altitude, the long-term version (plain
 * data, cloned cheaply).
 */
export interface TSuitabilityJob {
  language: Language;
  utcOffsetMinutes: number;
  request: TSuitabilityRequest;
  version: { id: number; stationId: number; name: string; kind: string };
  speed: TChannelRow;
  vane: TChannelRow | undefined;
  sd: TChannelRow | undefined;
  gust: TChannelRow | undefined;
  vertical: TChannelRow | undefined;
  shearSpeeds: TChannelRow[];
  temperature: TChannelRow | undefined;
  pressure: TChannelRow | undefined;
  humidity: TChannelRow | undefined;
  fromMs: number;
  toMs: number;
  /** The altitude for the standard atmosphere: the request's or the site's; null when neither. */
  altitudeM: number | null;
  longTerm: {
    id: number;
    name: string;
    speed: TChannelRow;
    fromMs: number;
    toMs: number;
    basis: TLongTermBasis | null;
  } | null;
  /** The channels of the cold-climate section (issue 45 §2), read as stored; null without temperature. */
  coldClimate: { channels: TChannelRow[]; heatedChannelIds: number[] } | null;
}

/** The masked values of one loaded channel. */
function masked(loaded: TLoadedSeries, row: TChannelRow, includeSuspicious: boolean): Float64Array {
  const s = loaded.channels.find((c) => c.row.id === row.id);
  if (!s) throw new Error(`channel ${row.id} was not loaded`);
  return applyFlagMask(s.values, s.flags, { includeSuspicious });
}

const scaled = (values: Float64Array, factor: number): Float64Array =>
  factor === 1 ? values : values.map((v) => v * factor);

/**
 * Reads the job's series and runs the IEC 61400-1 class check (WIND-ANALYSIS §14, packages/wind
 * `siteSuitability`), presented in the caller's language. The speed (with its σ and gusts, TI kept) is
 * carried to hub height by the power law with the site's α (1/7 without a second height); the long-term
 * version, when given, supplies V_ave and its annual maxima (for the Gumbel on given maxima unless the
 * caller typed some). In a worker thread of the compute pool with its own connection when there is one.
 */
export async function suitabilityResult(db: Database, job: TSuitabilityJob) {
  const store = openTimeSeriesStore(db);
  const { request, speed } = job;
  const include = request.includeSuspicious;
  const wanted = new Map<number, TChannelRow>();
  for (const c of [
    speed,
    job.vane,
    job.sd,
    job.gust,
    job.vertical,
    ...job.shearSpeeds,
    job.temperature,
    job.pressure,
    job.humidity,
  ]) {
    if (c) wanted.set(c.id, c);
  }
  // The one analysis read (issue 41 §1): invalid, icing and values outside physical limits out, suspicious
  // and filled records by the request's options. A TI channel chosen as σ is turned into σ = TI·V̄.
  const policy = { includeSuspicious: include, includeFilled: request.includeFilled };
  const analysed = await loadForAnalysis(
    store,
    job.version.id,
    [...wanted.values()],
    job.fromMs,
    job.toMs,
    policy,
  );
  const loaded = deriveSdFromTi(analysed);
  const speedMeasured = masked(loaded, speed, include);
  if (!speedMeasured.some((v) => !Number.isNaN(v))) throw new AppError('STATISTICS_NO_DATA');
  const calendar = buildCalendarIndex(loaded.grid, job.utcOffsetMinutes / 60);
  const notes: TSuitabilityNoteInput[] = [];

  const shearProfile =
    job.shearSpeeds.length >= 2
      ? {
          heightsM: job.shearSpeeds.map((c) => c.heightM!),
          speedsMps: job.shearSpeeds.map((c) => masked(loaded, c, include)),
        }
      : undefined;
  const measuredHeight = speed.heightM!;
  let alpha: number | null = null;
  let isDefaultAlpha = false;
  if (measuredHeight !== request.hubHeight) {
    const fitted = shearProfile
      ? windShear(shearProfile.speedsMps, shearProfile.heightsM, { minCount: 30 })?.overall.exponent
      : undefined;
    alpha = fitted ?? DEFAULT_ALPHA;
    isDefaultAlpha = fitted === undefined;
    notes.push({
      key: 'extrapolated',
      params: {
        from: String(measuredHeight),
        hub: String(request.hubHeight),
        alpha: alpha.toFixed(3),
        source: { key: isDefaultAlpha ? 'alphaDefault' : 'alphaMeasured' },
      },
    });
  }
  const factorFor = (heightM: number) => (alpha === null ? 1 : (request.hubHeight / heightM) ** alpha);
  const factor = factorFor(measuredHeight);

  const density = densityOf(job, loaded, notes);
  const longTerm = await longTermInputs(db, job, factorFor, notes);
  const options = {
    checkRangeMps: [request.checkRangeMin, request.checkRangeMax] as const,
    turbulenceDefinition: request.turbulenceDefinition,
    sectors: request.sectors,
    periodsPerYear: request.periodsPerYear as PeriodsPerYear,
    extremeMethod: request.extremeMethod,
    minCoverage: MIN_COVERAGE,
  };
  const annualMaximaMps = request.annualMaximaMps ?? longTerm?.annualMaximaMps;
  const suitability: SiteSuitability = siteSuitability({
    grid: loaded.grid,
    calendar,
    hubHeightM: request.hubHeight,
    speedMps: scaled(speedMeasured, factor),
    ...(job.sd ? { speedSdMps: scaled(masked(loaded, job.sd, include), factor) } : {}),
    ...(job.vane ? { directionDeg: masked(loaded, job.vane, include) } : {}),
    ...(job.gust ? { gustMps: scaled(masked(loaded, job.gust, include), factorFor(job.gust.heightM!)) } : {}),
    ...(job.vertical ? { verticalSpeedMps: masked(loaded, job.vertical, include) } : {}),
    ...(density ? { densityKgM3: density.value } : {}),
    ...(shearProfile ? { shearProfile } : {}),
    ...(longTerm?.meanSpeedMps !== undefined ? { meanSpeedMps: longTerm.meanSpeedMps } : {}),
    ...(annualMaximaMps ? { annualMaximaMps } : {}),
    options,
  });
  const speedFlags = loaded.channels.find((c) => c.row.id === speed.id)!.flags;
  const run: TSuitabilityRun = {
    job,
    suitability,
    grid: loaded.grid,
    basis: analysed.basis,
    speedFlags,
    extrapolation: { fromHeightM: measuredHeight, exponent: alpha, isDefaultExponent: isDefaultAlpha },
    densitySource: density?.source ?? null,
    longTerm: job.longTerm
      ? {
          id: job.longTerm.id,
          name: job.longTerm.name,
          meanSpeedMps: longTerm?.meanSpeedMps ?? null,
          annualMaxima: longTerm?.annualMaximaMps.length ?? 0,
          basis: job.longTerm.basis,
        }
      : null,
    inputAnnualMaxima: annualMaximaMps ?? null,
    notes,
    coldClimate: await coldClimateSection(db, job),
  };
  return presentSuitability(run);
}

/**
 * The cold-climate section (issue 45 §2): icing periods, IEA ice class per year and the IEC 61400-1
 * temperature figures over the check's period, from the records as stored (icing symptoms are read from the
 * values the QC rule flagged, so the flag policy does not apply here).
 */
async function coldClimateSection(db: Database, job: TSuitabilityJob) {
  if (!job.coldClimate) return null;
  const loaded = await loadSeries(openTimeSeriesStore(db), job.coldClimate.channels, job.fromMs, job.toMs);
  return coldClimateOfSeries(loaded, job.utcOffsetMinutes, job.coldClimate.heatedChannelIds, job.language);
}

/** Air density at hub height: measured T (and p, RH), or the altitude plus the hub by the standard atmosphere. */
function densityOf(
  job: TSuitabilityJob,
  loaded: TLoadedSeries,
  notes: TSuitabilityNoteInput[],
): { value: Float64Array | number; source: 'measured' | 'altitude' } | undefined {
  const include = job.request.includeSuspicious;
  const altitude = job.altitudeM;
  if (job.request.densitySource === 'measured' && job.temperature) {
    const t = masked(loaded, job.temperature, include);
    let p: Float64Array;
    if (job.pressure) {
      p = masked(loaded, job.pressure, include);
      notes.push({ key: 'densityMeasured', params: {} });
    } else {
      // No barometer: the standard-atmosphere pressure at the site, hPa (WIND-ANALYSIS §8.5).
      const z = (altitude ?? 0) + job.request.hubHeight;
      p = new Float64Array(t.length).fill(1013.25 * (1 - 2.25577e-5 * z) ** 5.25588);
      notes.push({ key: 'densityNoPressure', params: { altitude: String(altitude ?? 0) } });
    }
    const rh = job.humidity ? masked(loaded, job.humidity, include) : undefined;
    return { value: airDensitySeries(t, p, rh), source: 'measured' };
  }
  if (altitude === null) return undefined;
  if (job.request.densitySource === 'measured') notes.push({ key: 'densityFallback', params: {} });
  notes.push({ key: 'densityAltitude', params: { altitude: String(altitude) } });
  return { value: standardAtmosphereDensity(altitude + job.request.hubHeight), source: 'altitude' };
}

/** V_ave and the annual maxima of the long-term version's speed at hub height (same α as the measured). */
async function longTermInputs(
  db: Database,
  job: TSuitabilityJob,
  factorFor: (heightM: number) => number,
  notes: TSuitabilityNoteInput[],
): Promise<{ meanSpeedMps: number | undefined; annualMaximaMps: number[] } | undefined> {
  const lt = job.longTerm;
  if (!lt) return undefined;
  const loaded = await loadForAnalysis(openTimeSeriesStore(db), lt.id, [lt.speed], lt.fromMs, lt.toMs, {
    includeSuspicious: job.request.includeSuspicious,
    includeFilled: job.request.includeFilled,
  });
  const values = scaled(
    masked(loaded, lt.speed, job.request.includeSuspicious),
    factorFor(lt.speed.heightM ?? job.request.hubHeight),
  );
  let sum = 0;
  let n = 0;
  for (const v of values) {
    if (Number.isNaN(v)) continue;
    sum += v;
    n++;
  }
  const meanSpeedMps = n > 0 ? sum / n : undefined;
  const calendar = buildCalendarIndex(loaded.grid, job.utcOffsetMinutes / 60);
  const annual = periodicMaxima(values, calendar, { periodsPerYear: 1, minCoverage: MIN_COVERAGE });
  const annualMaximaMps = annual.periods
    .filter((p) => p.isUsed && p.maxMps !== undefined)
    .map((p) => p.maxMps!);
  if (meanSpeedMps !== undefined) {
    const mean = meanSpeedMps.toFixed(2);
    notes.push(
      job.request.annualMaximaMps
        ? { key: 'longTermUserMaxima', params: { name: lt.name, mean } }
        : { key: 'longTerm', params: { name: lt.name, mean, maxima: String(annualMaximaMps.length) } },
    );
  }
  return { meanSpeedMps, annualMaximaMps };
}
