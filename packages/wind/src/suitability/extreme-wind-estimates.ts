import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import { fitGumbel, type GumbelFit } from '../statistics/fit-gumbel.ts';
import { type IndependentStorms, independentStorms } from './independent-storms.ts';
import { type PeriodicMaxima, type PeriodsPerYear, periodicMaxima } from './periodic-maxima.ts';
import type { SuitabilityReason } from './suitability-types.ts';

/** The 50-year 10-min methods (WIND-ANALYSIS §8.9, §14). */
export const EXTREME_METHODS = [
  'annualMaxima',
  'annualMaximaInput',
  'periodicMaxima',
  'independentStorms',
  'fivefoldMean',
] as const;
export type ExtremeMethod = (typeof EXTREME_METHODS)[number];

/** One method's 50-year 10-min estimate. */
export interface ExtremeEstimate {
  readonly method: ExtremeMethod;
  /** False when the data are too short for the method (see `reason`). */
  readonly isOffered: boolean;
  readonly valueMps: number | undefined;
  /** Maxima, storms or records the value rests on. */
  readonly records: number;
  readonly reason: SuitabilityReason | undefined;
}

/** Every 50-year estimate and the one the verdict uses. */
export interface ExtremeWindEstimates {
  readonly estimates: readonly ExtremeEstimate[];
  /** `highest`: the highest offered statistical estimate (annual, periodic, storms), else 5·V̄. */
  readonly choice: 'highest' | ExtremeMethod;
  readonly chosen: ExtremeEstimate;
  readonly annualMaxima: PeriodicMaxima;
  /** Gumbel (Gringorten) of input annual maxima (a reference station's, transferred), when given. */
  readonly inputAnnualFit: GumbelFit | undefined;
  readonly periodicMaxima: PeriodicMaxima;
  readonly independentStorms: IndependentStorms;
  readonly reasons: readonly SuitabilityReason[];
}

export interface ExtremeWindOptions {
  readonly periodsPerYear?: PeriodsPerYear;
  readonly minCoverage?: number;
  readonly minAnnualMaxima?: number;
  readonly storms?: {
    thresholdMps?: number;
    minSeparationHours?: number;
    lowPassHours?: number;
    minAnnualReducedVariate?: number;
    minFitted?: number;
  };
  readonly extremeMethod?: 'highest' | ExtremeMethod;
}

/**
 * The 50-year 10-min extreme by every method (WIND-ANALYSIS §8.9, §14), each with its data:
 * - `annualMaxima`: Gumbel (Gringorten) on the annual maxima of the series (years reaching the
 *   coverage); offered only with ≥ `minAnnualMaxima` (default 10) of them, else reason
 *   `annualMaximaTooFew` and the periodic maxima carry the estimate;
 * - `annualMaximaInput`: the same on given annual maxima (e.g. a reference station's, transferred to the
 *   mast by §7), same ≥ 10 rule;
 * - `periodicMaxima`: {@link periodicMaxima}, offered with at least one year's periods (n_p maxima);
 * - `independentStorms`: {@link independentStorms}, offered with ≥ 1 year of records and a fit;
 * - `fivefoldMean`: 5·V̄ (the IEC relation V_ave = 0.2·V_ref).
 * The verdict uses the highest offered statistical estimate (`extremeMethod: 'highest'`, the default,
 * conservative), 5·V̄ only when none is offered; or the method named, when offered (else the highest).
 *
 * @example extremeWindEstimates(speeds, calendar, 10, 7.2).chosen.valueMps
 */
export function extremeWindEstimates(
  speedMps: NumericSeries,
  calendar: CalendarIndex,
  intervalMinutes: number,
  meanSpeedMps: number,
  inputAnnualMaximaMps: readonly number[] | undefined,
  options: ExtremeWindOptions = {},
): ExtremeWindEstimates {
  const minCoverage = options.minCoverage ?? 0.8;
  const minAnnual = options.minAnnualMaxima ?? 10;
  const periodsPerYear = options.periodsPerYear ?? 12;
  const annual = periodicMaxima(speedMps, calendar, { periodsPerYear: 1, minCoverage });
  const periodic = periodicMaxima(speedMps, calendar, { periodsPerYear, minCoverage });
  const storms = independentStorms(speedMps, intervalMinutes, options.storms ?? {});
  const inputAnnualFit = inputAnnualMaxima(inputAnnualMaximaMps);
  const reasons: SuitabilityReason[] = [];
  const annualOffered = annual.fit !== undefined && annual.usedCount >= minAnnual;
  const estimates: ExtremeEstimate[] = [
    {
      method: 'annualMaxima',
      isOffered: annualOffered,
      valueMps: annualOffered ? annual.fit!.returnValueMps : undefined,
      records: annual.usedCount,
      reason: annualOffered ? undefined : 'annualMaximaTooFew',
    },
  ];
  if (!annualOffered) reasons.push('annualMaximaTooFew');
  if (inputAnnualMaximaMps) {
    const n = inputAnnualFit?.count ?? 0;
    const offered = inputAnnualFit !== undefined && n >= minAnnual;
    estimates.push({
      method: 'annualMaximaInput',
      isOffered: offered,
      valueMps: offered ? inputAnnualFit.returnValueMps : undefined,
      records: n,
      reason: offered ? undefined : 'annualMaximaTooFew',
    });
  }
  const periodicOffered = periodic.fit !== undefined && periodic.usedCount >= periodsPerYear;
  estimates.push({
    method: 'periodicMaxima',
    isOffered: periodicOffered,
    valueMps: periodicOffered ? periodic.fit!.returnValueMps : undefined,
    records: periodic.usedCount,
    reason: periodicOffered ? undefined : 'periodicMaximaTooFew',
  });
  if (!periodicOffered) reasons.push('periodicMaximaTooFew');
  const stormsOffered = storms.fit !== undefined && storms.recordYears >= 1;
  estimates.push({
    method: 'independentStorms',
    isOffered: stormsOffered,
    valueMps: stormsOffered ? storms.fit!.returnValueMps : undefined,
    records: storms.fittedCount,
    reason: stormsOffered ? undefined : 'stormsTooFew',
  });
  if (!stormsOffered) reasons.push('stormsTooFew');
  const fivefold: ExtremeEstimate = {
    method: 'fivefoldMean',
    isOffered: Number.isFinite(meanSpeedMps),
    valueMps: Number.isFinite(meanSpeedMps) ? 5 * meanSpeedMps : undefined,
    records: annual.periods.reduce((a, p) => a + p.count, 0),
    reason: undefined,
  };
  estimates.push(fivefold);
  const choice = options.extremeMethod ?? 'highest';
  let highest: ExtremeEstimate | undefined;
  for (const e of estimates) {
    if (e.method === 'fivefoldMean' || !e.isOffered) continue;
    if (!highest || e.valueMps! > highest.valueMps!) highest = e;
  }
  // A named method that is not offered falls back to the highest offered one.
  let chosen =
    choice === 'highest' ? highest : (estimates.find((e) => e.method === choice && e.isOffered) ?? highest);
  if (!chosen) {
    chosen = fivefold;
    reasons.push('extremeFromMeanOnly');
  }
  return {
    estimates,
    choice,
    chosen,
    annualMaxima: annual,
    inputAnnualFit,
    periodicMaxima: periodic,
    independentStorms: storms,
    reasons,
  };
}

function inputAnnualMaxima(values: readonly number[] | undefined): GumbelFit | undefined {
  return values ? fitGumbel(values, { method: 'gringorten', returnPeriodYears: 50 }) : undefined;
}
