import type { TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';
import type { ClassKey, WindClass } from './iec-classes.ts';

/** The checks of WIND-ANALYSIS §14, in table order. */
export const SUITABILITY_CHECKS = [
  'meanSpeed',
  'extremeWind',
  'extremeGust',
  'turbulence',
  'shear',
  'inflow',
  'airDensity',
] as const;
export type SuitabilityCheckKey = (typeof SUITABILITY_CHECKS)[number];

/**
 * Machine-readable notes the server localises (a closed list):
 * - annualMaximaTooFew: fewer than `minAnnualMaxima` (10) annual maxima: Gumbel on annual maxima not
 *   offered, the periodic maxima (and the storms) are used instead;
 * - periodicMaximaTooFew: fewer period maxima than one year's periods reach the coverage;
 * - stormsTooFew: under one year of records or too few storms for the Harris fit;
 * - extremeFromMeanOnly: no statistical V50: the 5·V̄ relation decides;
 * - meanSpeedFromRecords: V_ave is the mean of the records (no long-term mean was given);
 * - gustFromV50: no gust channel (or its fit failed): 1.4·V50;
 * - noSpeedSd / noTurbulenceBinJudged: the turbulence check could not be judged;
 * - noShearHeights / noDirection / noVerticalSpeed / noDensity: a channel the check needs is missing;
 * - shearOutsideDesign: α overall or in a sector is < 0 or > 0.2 (the design normal wind profile);
 * - inflowOutsideLimit: a sector's mean inflow exceeds ±8°;
 * - densityAboveStandard: mean ρ above 1.225 kg/m³ (loads rise).
 */
export const SUITABILITY_REASONS = [
  'annualMaximaTooFew',
  'periodicMaximaTooFew',
  'stormsTooFew',
  'extremeFromMeanOnly',
  'meanSpeedFromRecords',
  'gustFromV50',
  'noSpeedSd',
  'noTurbulenceBinJudged',
  'noShearHeights',
  'noDirection',
  'noVerticalSpeed',
  'noDensity',
  'shearOutsideDesign',
  'inflowOutsideLimit',
  'densityAboveStandard',
] as const;
export type SuitabilityReason = (typeof SUITABILITY_REASONS)[number];

/** One row of the class table. */
export interface SuitabilityCheck {
  readonly key: SuitabilityCheckKey;
  /** `judged`: decides the verdicts; `informative`: shown and flagged, never decides; `notAvailable`. */
  readonly status: 'judged' | 'informative' | 'notAvailable';
  /** The site value: m/s, equivalent I_ref (turbulence), α (shear), degrees (inflow), kg/m³ (density). */
  readonly siteValue: number | undefined;
  /** Method key of the site value (e.g. `periodicMaxima`, `sigma`, `powerLawOfMeans`). */
  readonly method: string;
  /** Records (or maxima, storms, bins' records) the site value rests on. */
  readonly records: number;
  /** Limit per class combination (undefined where the check has none). */
  readonly limitByClass: Readonly<Record<ClassKey, number | undefined>>;
  /** Pass per class combination for judged checks; undefined otherwise. */
  readonly passByClass: Readonly<Record<ClassKey, boolean | undefined>>;
  /** (limit − value)/limit per class combination, the reviewer's trace of how close it is. */
  readonly marginByClass: Readonly<Record<ClassKey, number | undefined>>;
  /** True for an informative check outside its design value (shear, density). */
  readonly isFlagged: boolean;
  readonly reasons: readonly SuitabilityReason[];
}

/** The verdict for one class combination. */
export interface ClassVerdict {
  readonly key: ClassKey;
  readonly windClass: WindClass;
  readonly category: TurbulenceCategory;
  /** false if a judged check fails; undefined if none fails but a core check could not be judged. */
  readonly isSuitable: boolean | undefined;
  /** The failed check with the most negative margin, else the passed check with the smallest margin. */
  readonly decidingCheck: SuitabilityCheckKey | undefined;
  readonly decidingMargin: number | undefined;
  readonly failedChecks: readonly SuitabilityCheckKey[];
  readonly flaggedChecks: readonly SuitabilityCheckKey[];
  readonly notJudgedChecks: readonly SuitabilityCheckKey[];
}
