import { directionSectorIndices } from '../direction/direction-sector-indices.ts';
import type { CalendarIndex, NumericSeries, TimeGrid } from '../model/types.ts';
import { type WindShear, windShear } from '../shear/wind-shear.ts';
import { IEC_REFERENCE_TURBULENCE, type TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';
import { classVerdicts } from './class-verdicts.ts';
import {
  type ExtremeWindEstimates,
  type ExtremeWindOptions,
  extremeWindEstimates,
} from './extreme-wind-estimates.ts';
import { type Gust50, gust50 } from './gust50.ts';
import {
  CLASS_KEYS,
  type ClassKey,
  IEC_REFERENCE_SPEED,
  TURBULENCE_CATEGORIES,
  WIND_CLASSES,
  type WindClass,
} from './iec-classes.ts';
import { type InflowBySector, inflowBySector } from './inflow-by-sector.ts';
import { judgeTurbulence, type TurbulenceDefinition, type TurbulenceJudgement } from './judge-turbulence.ts';
import type {
  ClassVerdict,
  SuitabilityCheck,
  SuitabilityCheckKey,
  SuitabilityReason,
} from './suitability-types.ts';

/** Standard air density of IEC 61400-1, kg/m³. */
export const STANDARD_AIR_DENSITY = 1.225;
/** Shear exponent of the IEC normal wind profile (design value). */
export const DESIGN_SHEAR_EXPONENT = 0.2;

/** Options of {@link siteSuitability}, every one with its default. */
export interface SiteSuitabilityOptions extends ExtremeWindOptions {
  /** Speed bins judged for turbulence, bin centres inclusive, m/s (default [10, 25] [P]). */
  readonly checkRangeMps?: readonly [number, number];
  /** Records a bin needs to be judged (default 30 [P]). */
  readonly turbulenceMinCount?: number;
  /** Representative turbulence the verdict uses (default `sigma`, IEC σ_rep; `ti` shown beside it). */
  readonly turbulenceDefinition?: TurbulenceDefinition;
  /** Direction sectors for shear and inflow (default 12). */
  readonly sectors?: number;
  /** Shear: records with every height above this speed (default 5 m/s [P]) and cells of ≥ minCount (30). */
  readonly shearMinSpeedMps?: number;
  readonly shearMinCount?: number;
  /** Inflow: records with U ≥ this speed (default 5 m/s [P]); sectors judged with ≥ minCount (30). */
  readonly inflowMinSpeedMps?: number;
  readonly inflowMinCount?: number;
  /** Inflow limit, degrees (default 8). */
  readonly inflowLimitDeg?: number;
}

/** Input of {@link siteSuitability}: hub-height series on one grid (measured, extrapolated or LT-corrected). */
export interface SiteSuitabilityInput {
  readonly grid: TimeGrid;
  readonly calendar: CalendarIndex;
  readonly hubHeightM: number;
  /** 10-min mean speed at hub height, NaN = missing or excluded. */
  readonly speedMps: NumericSeries;
  readonly speedSdMps?: NumericSeries;
  readonly directionDeg?: NumericSeries;
  /** Gust (max) channel at hub height. */
  readonly gustMps?: NumericSeries;
  /** Vertical wind speed w (positive upward). */
  readonly verticalSpeedMps?: NumericSeries;
  /** Air density at hub height per record, or one value (e.g. from the altitude, §8.5). */
  readonly densityKgM3?: NumericSeries | number;
  /** Speeds at two or more heights for the shear exponent (§6). */
  readonly shearProfile?: {
    readonly heightsM: readonly number[];
    readonly speedsMps: readonly NumericSeries[];
  };
  /** Long-term annual mean at hub height (§13); else the mean of the records. */
  readonly meanSpeedMps?: number;
  /** Annual maxima of a reference station transferred to the mast (§8.9), for `annualMaximaInput`. */
  readonly annualMaximaMps?: readonly number[];
  readonly options?: SiteSuitabilityOptions;
}

/** The site suitability result (WIND-ANALYSIS §14). */
export interface SiteSuitability {
  readonly hubHeightM: number;
  /** The class table rows, in §14 order. */
  readonly checks: readonly SuitabilityCheck[];
  /** One verdict per combination I/II/III × A+/A/B/C. */
  readonly verdicts: readonly ClassVerdict[];
  /** Least demanding wind class and turbulence category the site fits ('S' = none; undefined = not judged). */
  readonly siteClass: {
    readonly windClass: WindClass | 'S' | undefined;
    readonly category: TurbulenceCategory | 'S' | undefined;
  };
  /** The representative turbulence definition the verdicts use. */
  readonly turbulenceDefinition: TurbulenceDefinition;
  readonly meanSpeed: {
    readonly valueMps: number;
    readonly method: 'input' | 'recordMean';
    readonly records: number;
  };
  readonly extremes: ExtremeWindEstimates;
  readonly gust: Gust50;
  readonly turbulence: TurbulenceJudgement | undefined;
  readonly shear:
    | {
        readonly table: WindShear;
        readonly exponent: number | undefined;
        /** Sectors whose α lies outside [0, 0.2]. */
        readonly flaggedSectors: readonly number[];
      }
    | undefined;
  readonly inflow: InflowBySector | undefined;
  readonly airDensity:
    | { readonly meanKgM3: number; readonly ratioToStandard: number; readonly records: number }
    | undefined;
  /** Every note of every check, once. */
  readonly reasons: readonly SuitabilityReason[];
}

/**
 * IEC 61400-1 site suitability at hub height (WIND-ANALYSIS §14): for each check — annual mean speed
 * (≤ 0.2·V_ref), 50-year 10-min extreme by every method ({@link extremeWindEstimates}, ≤ V_ref), 50-year
 * gust ({@link gust50}, ≤ 1.4·V_ref), turbulence ({@link judgeTurbulence}, site equivalent I_ref ≤ the
 * category's), shear (§6, α of the means over records above 5 m/s, overall and by sector; flagged outside
 * 0 … 0.2, never deciding), inflow ({@link inflowBySector}, |mean| ≤ 8° in every sector with ≥ 30 records)
 * and air density (mean ρ, flagged above 1.225, never deciding) — the site value, the limits, pass/fail
 * per class combination, the method and the records used; then one verdict per combination
 * ({@link classVerdicts}) with its deciding check. Both TI definitions are computed; the verdict uses
 * `turbulenceDefinition` (default the IEC σ-based one).
 *
 * @example siteSuitability({ grid, calendar, hubHeightM: 90, speedMps, speedSdMps }).siteClass // { windClass: 'III', category: 'B' }
 */
export function siteSuitability(input: SiteSuitabilityInput): SiteSuitability {
  const options = input.options ?? {};
  const n = input.speedMps.length;
  if (input.grid.length !== n || input.calendar.monthIndex.length !== n) {
    throw new Error('siteSuitability requires the grid and calendar to match the speeds');
  }
  const checks: SuitabilityCheck[] = [];
  const meanSpeed = meanOfRecords(input.speedMps, input.meanSpeedMps);
  checks.push(
    limitCheck(
      'meanSpeed',
      meanSpeed.valueMps,
      meanSpeed.method,
      meanSpeed.records,
      (w) => 0.2 * IEC_REFERENCE_SPEED[w],
      meanSpeed.method === 'recordMean' ? ['meanSpeedFromRecords'] : [],
    ),
  );
  const extremes = extremeWindEstimates(
    input.speedMps,
    input.calendar,
    input.grid.intervalMinutes,
    meanSpeed.valueMps,
    input.annualMaximaMps,
    options,
  );
  checks.push(
    limitCheck(
      'extremeWind',
      extremes.chosen.valueMps,
      extremes.chosen.method,
      extremes.chosen.records,
      (w) => IEC_REFERENCE_SPEED[w],
      extremes.reasons,
    ),
  );
  const gust = gust50({
    v50Mps: extremes.chosen.valueMps ?? Number.NaN,
    ...(input.gustMps ? { gustMps: input.gustMps, calendar: input.calendar } : {}),
    ...(options.periodsPerYear ? { periodsPerYear: options.periodsPerYear } : {}),
    ...(options.minCoverage !== undefined ? { minCoverage: options.minCoverage } : {}),
    ...(options.minAnnualMaxima !== undefined ? { minAnnualMaxima: options.minAnnualMaxima } : {}),
  });
  checks.push(
    limitCheck(
      'extremeGust',
      gust.valueMps,
      gust.method,
      gust.maxima?.usedCount ?? extremes.chosen.records,
      (w) => 1.4 * IEC_REFERENCE_SPEED[w],
      gust.method === 'fromV50' ? ['gustFromV50'] : [],
    ),
  );
  const definition = options.turbulenceDefinition ?? 'sigma';
  const turbulence = input.speedSdMps
    ? judgeTurbulence(input.speedMps, input.speedSdMps, {
        checkRangeMps: options.checkRangeMps ?? [10, 25],
        minCount: options.turbulenceMinCount ?? 30,
        definition,
      })
    : undefined;
  checks.push(turbulenceCheck(turbulence, definition));
  const sectorIndex = input.directionDeg
    ? directionSectorIndices(input.directionDeg, options.sectors ?? 12)
    : undefined;
  const shear = shearOf(input, sectorIndex, options);
  checks.push(shear.check);
  const inflow = input.verticalSpeedMps
    ? inflowBySector(input.verticalSpeedMps, input.speedMps, input.directionDeg, {
        sectors: options.sectors ?? 12,
        minSpeedMps: options.inflowMinSpeedMps ?? 5,
      })
    : undefined;
  checks.push(
    inflowCheck(
      inflow,
      options.inflowMinCount ?? 30,
      options.inflowLimitDeg ?? 8,
      input.directionDeg !== undefined,
    ),
  );
  const density = densityOf(input.densityKgM3);
  checks.push(densityCheck(density));
  const verdicts = classVerdicts(checks);
  return {
    hubHeightM: input.hubHeightM,
    checks,
    verdicts,
    siteClass: siteClassOf(checks),
    turbulenceDefinition: definition,
    meanSpeed,
    extremes,
    gust,
    turbulence,
    shear: shear.detail,
    inflow,
    airDensity: density,
    reasons: [...new Set(checks.flatMap((c) => c.reasons))],
  };
}

function byClass<T>(value: (w: WindClass, c: TurbulenceCategory) => T): Record<ClassKey, T> {
  const out = {} as Record<ClassKey, T>;
  for (const key of CLASS_KEYS) {
    const [w, c] = key.split(' ') as [WindClass, TurbulenceCategory];
    out[key] = value(w, c);
  }
  return out;
}

/** A judged check of a value against a limit per class (pass when value ≤ limit). */
function limitCheck(
  key: SuitabilityCheckKey,
  value: number | undefined,
  method: string,
  records: number,
  limitOf: (w: WindClass, c: TurbulenceCategory) => number,
  reasons: readonly SuitabilityReason[],
): SuitabilityCheck {
  const has = value !== undefined && Number.isFinite(value);
  return {
    key,
    status: has ? 'judged' : 'notAvailable',
    siteValue: has ? value : undefined,
    method,
    records,
    limitByClass: byClass(limitOf),
    passByClass: byClass((w, c) => (has ? value <= limitOf(w, c) : undefined)),
    marginByClass: byClass((w, c) => (has ? (limitOf(w, c) - value) / limitOf(w, c) : undefined)),
    isFlagged: false,
    reasons,
  };
}

function turbulenceCheck(
  turbulence: TurbulenceJudgement | undefined,
  definition: TurbulenceDefinition,
): SuitabilityCheck {
  const verdict = turbulence?.verdict;
  const value = verdict?.equivalentReferenceTi;
  const reasons: SuitabilityReason[] = !turbulence
    ? ['noSpeedSd']
    : value === undefined
      ? ['noTurbulenceBinJudged']
      : [];
  return {
    ...limitCheck(
      'turbulence',
      value,
      definition,
      turbulence?.judgedRecords ?? 0,
      (_, c) => IEC_REFERENCE_TURBULENCE[c],
      reasons,
    ),
  };
}

function shearOf(
  input: SiteSuitabilityInput,
  sectorIndex: Int16Array | undefined,
  options: SiteSuitabilityOptions,
): { check: SuitabilityCheck; detail: SiteSuitability['shear'] } {
  const profile = input.shearProfile;
  const sectors = options.sectors ?? 12;
  const table =
    profile && profile.heightsM.length >= 2
      ? windShear(profile.speedsMps, profile.heightsM, {
          minSpeedMps: options.shearMinSpeedMps ?? 5,
          minCount: options.shearMinCount ?? 30,
          ...(sectorIndex ? { sectorIndex, sectors } : {}),
        })
      : undefined;
  const exponent = table?.overall.exponent;
  const outside = (a: number | undefined): boolean => a !== undefined && (a < 0 || a > DESIGN_SHEAR_EXPONENT);
  const flaggedSectors: number[] = [];
  table?.bySector?.forEach((cell, s) => {
    if (outside(cell.exponent)) flaggedSectors.push(s);
  });
  const isFlagged = outside(exponent) || flaggedSectors.length > 0;
  const reasons: SuitabilityReason[] = [];
  if (!table || exponent === undefined) reasons.push('noShearHeights');
  if (table && !sectorIndex) reasons.push('noDirection');
  if (isFlagged) reasons.push('shearOutsideDesign');
  return {
    check: informativeCheck(
      'shear',
      exponent,
      'powerLawOfMeans',
      table?.overall.count ?? 0,
      DESIGN_SHEAR_EXPONENT,
      isFlagged,
      reasons,
    ),
    detail: table ? { table, exponent, flaggedSectors } : undefined,
  };
}

function informativeCheck(
  key: SuitabilityCheckKey,
  value: number | undefined,
  method: string,
  records: number,
  limit: number,
  isFlagged: boolean,
  reasons: SuitabilityReason[],
): SuitabilityCheck {
  const has = value !== undefined && Number.isFinite(value);
  return {
    key,
    status: has ? 'informative' : 'notAvailable',
    siteValue: has ? value : undefined,
    method,
    records,
    limitByClass: byClass(() => limit),
    passByClass: byClass(() => undefined),
    marginByClass: byClass(() => (has ? (limit - value) / limit : undefined)),
    isFlagged,
    reasons,
  };
}

function inflowCheck(
  inflow: InflowBySector | undefined,
  minCount: number,
  limitDeg: number,
  hasDirection: boolean,
): SuitabilityCheck {
  if (!inflow)
    return limitCheck('inflow', undefined, 'meanAtanWOverU', 0, () => limitDeg, ['noVerticalSpeed']);
  const cells = inflow.bySector ?? [inflow.overall];
  let worst: number | undefined;
  let records = 0;
  for (const cell of cells) {
    if (cell.count < minCount) continue;
    records += cell.count;
    if (worst === undefined || Math.abs(cell.meanDeg) > worst) worst = Math.abs(cell.meanDeg);
  }
  const reasons: SuitabilityReason[] = hasDirection ? [] : ['noDirection'];
  if (worst !== undefined && worst > limitDeg) reasons.push('inflowOutsideLimit');
  return limitCheck(
    'inflow',
    worst,
    hasDirection ? 'maxAbsSectorMean' : 'absOverallMean',
    records,
    () => limitDeg,
    reasons,
  );
}

function densityOf(density: NumericSeries | number | undefined): SiteSuitability['airDensity'] {
  if (density === undefined) return undefined;
  let sum = 0;
  let records = 0;
  if (typeof density === 'number') {
    sum = density;
    records = Number.isFinite(density) ? 1 : 0;
  } else {
    for (let i = 0; i < density.length; i++) {
      const v = density[i]!;
      if (Number.isNaN(v)) continue;
      sum += v;
      records++;
    }
  }
  if (records === 0) return undefined;
  const meanKgM3 = sum / records;
  return { meanKgM3, ratioToStandard: meanKgM3 / STANDARD_AIR_DENSITY, records };
}

function densityCheck(density: SiteSuitability['airDensity']): SuitabilityCheck {
  const isFlagged = density !== undefined && density.meanKgM3 > STANDARD_AIR_DENSITY;
  const reasons: SuitabilityReason[] = density ? (isFlagged ? ['densityAboveStandard'] : []) : ['noDensity'];
  return informativeCheck(
    'airDensity',
    density?.meanKgM3,
    'mean',
    density?.records ?? 0,
    STANDARD_AIR_DENSITY,
    isFlagged,
    reasons,
  );
}

function meanOfRecords(speedMps: NumericSeries, given: number | undefined): SiteSuitability['meanSpeed'] {
  let sum = 0;
  let records = 0;
  for (let i = 0; i < speedMps.length; i++) {
    const v = speedMps[i]!;
    if (Number.isNaN(v)) continue;
    sum += v;
    records++;
  }
  if (given !== undefined) return { valueMps: given, method: 'input', records };
  return { valueMps: records > 0 ? sum / records : Number.NaN, method: 'recordMean', records };
}

/** The least demanding wind class and category whose checks pass (III before II before I; C before B …). */
function siteClassOf(checks: readonly SuitabilityCheck[]): SiteSuitability['siteClass'] {
  const windChecks = checks.filter((c) => c.key !== 'turbulence' && c.status === 'judged');
  const turbulence = checks.find((c) => c.key === 'turbulence')!;
  const hasWind = ['meanSpeed', 'extremeWind'].every((k) => windChecks.some((c) => c.key === k));
  let windClass: WindClass | 'S' | undefined = hasWind ? 'S' : undefined;
  if (hasWind) {
    for (const w of [...WIND_CLASSES].reverse()) {
      if (windChecks.every((c) => c.passByClass[`${w} C`])) {
        windClass = w;
        break;
      }
    }
  }
  let category: TurbulenceCategory | 'S' | undefined = turbulence.status === 'judged' ? 'S' : undefined;
  if (turbulence.status === 'judged') {
    for (const c of [...TURBULENCE_CATEGORIES].reverse()) {
      if (turbulence.passByClass[`I ${c}`]) {
        category = c;
        break;
      }
    }
  }
  return { windClass, category };
}
