import type { TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';

/** IEC 61400-1 wind turbine classes (site suitability, WIND-ANALYSIS §14). */
export type WindClass = 'I' | 'II' | 'III';

/** The wind classes from the most to the least demanding. */
export const WIND_CLASSES: readonly WindClass[] = ['I', 'II', 'III'];

/** The turbulence categories from the most to the least turbulent (A+ only in IEC 61400-1 ed.4). */
export const TURBULENCE_CATEGORIES: readonly TurbulenceCategory[] = ['A+', 'A', 'B', 'C'];

/** Reference wind speed V_ref of each class, m/s (IEC 61400-1 ed.3/4; WIND-ANALYSIS §8.9, §14). */
export const IEC_REFERENCE_SPEED: Readonly<Record<WindClass, number>> = { I: 50, II: 42.5, III: 37.5 };

/** A class combination key, e.g. `'III B'`. */
export type ClassKey = `${WindClass} ${TurbulenceCategory}`;

/** The 12 combinations I/II/III × A+/A/B/C, most demanding first. */
export const CLASS_KEYS: readonly ClassKey[] = WIND_CLASSES.flatMap((w) =>
  TURBULENCE_CATEGORIES.map((c): ClassKey => `${w} ${c}`),
);
