import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import { type PeriodicMaxima, type PeriodsPerYear, periodicMaxima } from './periodic-maxima.ts';

/** The 50-year gust (WIND-ANALYSIS §14) and how it was obtained. */
export interface Gust50 {
  /** `measuredAnnual`: Gumbel of the measured annual gust maxima (≥ minAnnualMaxima years);
   * `measuredPeriodic`: Gumbel of the measured period gust maxima; `fromV50`: 1.4 · V50. */
  readonly method: 'measuredAnnual' | 'measuredPeriodic' | 'fromV50';
  readonly valueMps: number;
  /** 1.4 · V50 (IEC steady extreme wind model Ve50), always given for comparison. */
  readonly fromV50Mps: number;
  /** The gust maxima and their fit, when a gust channel was given. */
  readonly maxima: PeriodicMaxima | undefined;
}

/**
 * The 50-year 3-s gust (WIND-ANALYSIS §8.9, §14): with a gust (max) channel, the Gumbel (Gringorten) of
 * its annual maxima when at least `minAnnualMaxima` (default 10) years reach the coverage, else of its
 * period maxima ({@link periodicMaxima}, n_p default 12); without one, or when the measured fit fails,
 * 1.4 · V50 (IEC 61400-1 steady extreme wind model, Ve50 = 1.4·V_ref).
 *
 * @param input.v50Mps the chosen 50-year 10-min speed
 * @param input.gustMps gust series on the same grid as the calendar (optional)
 * @example gust50({ v50Mps: 30.61 }).valueMps // 42.854
 */
export function gust50(input: {
  v50Mps: number;
  gustMps?: NumericSeries;
  calendar?: CalendarIndex;
  periodsPerYear?: PeriodsPerYear;
  minCoverage?: number;
  minAnnualMaxima?: number;
}): Gust50 {
  const fromV50Mps = 1.4 * input.v50Mps;
  if (!input.gustMps || !input.calendar) {
    return { method: 'fromV50', valueMps: fromV50Mps, fromV50Mps, maxima: undefined };
  }
  const minCoverage = input.minCoverage ?? 0.8;
  const annual = periodicMaxima(input.gustMps, input.calendar, { periodsPerYear: 1, minCoverage });
  if (annual.fit && annual.usedCount >= (input.minAnnualMaxima ?? 10)) {
    return { method: 'measuredAnnual', valueMps: annual.fit.returnValueMps, fromV50Mps, maxima: annual };
  }
  const periodic = periodicMaxima(input.gustMps, input.calendar, {
    periodsPerYear: input.periodsPerYear ?? 12,
    minCoverage,
  });
  if (periodic.fit) {
    return {
      method: 'measuredPeriodic',
      valueMps: periodic.fit.returnValueMps,
      fromV50Mps,
      maxima: periodic,
    };
  }
  return { method: 'fromV50', valueMps: fromV50Mps, fromV50Mps, maxima: periodic };
}
