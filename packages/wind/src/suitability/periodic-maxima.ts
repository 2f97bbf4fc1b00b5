import { daysInMonth } from '../model/days-in-month.ts';
import type { CalendarIndex, NumericSeries } from '../model/types.ts';
import { fitGumbel, type GumbelFit, type GumbelMethod } from '../statistics/fit-gumbel.ts';
import { type GumbelPlotPoint, gumbelPlottingPositions } from '../statistics/gumbel-plotting-positions.ts';
import { returnPeriodReducedVariate } from './return-period-reduced-variate.ts';

/** Periods a year the periodic-maxima method accepts: each period is 12/n_p whole calendar months. */
export type PeriodsPerYear = 1 | 2 | 3 | 4 | 6 | 12;

/** The maximum of one period (e.g. one calendar month when n_p = 12). */
export interface PeriodMaximum {
  readonly year: number;
  /** 1 … n_p within the year. */
  readonly period: number;
  /** First calendar month of the period, 1–12. */
  readonly firstMonth: number;
  /** Highest value of the period (undefined when it has none). */
  readonly maxMps: number | undefined;
  /** Grid slot of the maximum (its time), −1 when the period has no value. */
  readonly maxIndex: number;
  /** Values present in the period. */
  readonly count: number;
  /** Slots of the whole calendar period (days × slots a day), the coverage denominator. */
  readonly slotCount: number;
  /** count / slotCount. */
  readonly coverage: number;
  /** True when the coverage reaches the minimum: the maximum enters the fit. */
  readonly isUsed: boolean;
}

/** Result of the periodic-maxima method (WIND-ANALYSIS §14). */
export interface PeriodicMaxima {
  readonly periodsPerYear: PeriodsPerYear;
  readonly minCoverage: number;
  readonly periods: readonly PeriodMaximum[];
  /** Periods whose maxima were fitted. */
  readonly usedCount: number;
  /** Return period in periods: returnPeriodYears · n_p. */
  readonly returnPeriodPeriods: number;
  /** y = −ln(−ln(1 − 1/(returnPeriodYears · n_p))). */
  readonly reducedVariate: number;
  /** Gumbel fit of the used maxima (return value at the return period in periods); undefined below 3. */
  readonly fit: GumbelFit | undefined;
  /** Plotting positions of the used maxima (Gringorten), for the probability plot. */
  readonly plot: readonly GumbelPlotPoint[];
}

/**
 * Periodic maxima method (WIND-ANALYSIS §14 [P]; Windographer "Periodic Maxima"): each local calendar
 * year is cut into n_p periods of 12/n_p whole calendar months (n_p = 12: months, n_p = 1: years, the
 * classical annual maxima); the maximum of each period whose coverage (values present / slots of the
 * whole calendar period) reaches `minCoverage` (default 0.8, the §8.6 month rule) is kept; a Gumbel
 * distribution is fitted to the kept maxima (default Gringorten, §8.9) and the return value is read at
 * the return period of returnPeriodYears · n_p periods: y = −ln(−ln(1 − 1/(50·n_p))).
 * A period is dropped, not filled, when its coverage is short: a missed storm would bias V50 low.
 *
 * @param values masked 10-min means (or gusts), NaN = missing
 * @param calendar calendar index of the same grid (local standard time)
 * @returns the periods, the fit (undefined with fewer than 3 used maxima) and the plotting positions
 * @example periodicMaxima(speeds, calendar).fit?.returnValueMps // V50 from monthly maxima
 */
export function periodicMaxima(
  values: NumericSeries,
  calendar: CalendarIndex,
  options: {
    periodsPerYear?: PeriodsPerYear;
    minCoverage?: number;
    returnPeriodYears?: number;
    method?: GumbelMethod;
  } = {},
): PeriodicMaxima {
  const n = values.length;
  if (calendar.monthIndex.length !== n)
    throw new Error('periodicMaxima requires the calendar to match values');
  const periodsPerYear = options.periodsPerYear ?? 12;
  if (![1, 2, 3, 4, 6, 12].includes(periodsPerYear)) {
    throw new Error('periodicMaxima requires periodsPerYear to be 1, 2, 3, 4, 6 or 12');
  }
  const minCoverage = options.minCoverage ?? 0.8;
  const returnPeriodYears = options.returnPeriodYears ?? 50;
  const months = calendar.months;
  const monthMax = new Float64Array(months.length).fill(Number.NEGATIVE_INFINITY);
  const monthArg = new Int32Array(months.length).fill(-1);
  const monthCount = new Float64Array(months.length);
  const monthIndex = calendar.monthIndex;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    if (Number.isNaN(v)) continue;
    const m = monthIndex[i]!;
    monthCount[m]!++;
    if (v > monthMax[m]!) {
      monthMax[m] = v;
      monthArg[m] = i;
    }
  }
  const first = months[0];
  const slotsPerDay = first ? first.fullMonthSlotCount / daysInMonth(first.year, first.month) : 0;
  const monthsPerPeriod = 12 / periodsPerYear;
  const byPeriod = new Map<number, { max: number; arg: number; count: number }>();
  months.forEach((month, m) => {
    const key = month.year * 12 + Math.floor((month.month - 1) / monthsPerPeriod);
    const entry = byPeriod.get(key) ?? { max: Number.NEGATIVE_INFINITY, arg: -1, count: 0 };
    entry.count += monthCount[m]!;
    if (monthMax[m]! > entry.max) {
      entry.max = monthMax[m]!;
      entry.arg = monthArg[m]!;
    }
    byPeriod.set(key, entry);
  });
  const periods: PeriodMaximum[] = [...byPeriod.entries()]
    .sort((a, b) => a[0] - b[0])
    .map(([key, e]) => {
      const year = Math.floor(key / 12);
      const index = key - year * 12;
      const firstMonth = index * monthsPerPeriod + 1;
      let days = 0;
      for (let k = 0; k < monthsPerPeriod; k++) days += daysInMonth(year, firstMonth + k);
      const slotCount = days * slotsPerDay;
      const coverage = slotCount > 0 ? e.count / slotCount : 0;
      return {
        year,
        period: index + 1,
        firstMonth,
        maxMps: e.arg >= 0 ? e.max : undefined,
        maxIndex: e.arg,
        count: e.count,
        slotCount,
        coverage,
        isUsed: e.arg >= 0 && coverage >= minCoverage,
      };
    });
  const used = periods.filter((p) => p.isUsed).map((p) => p.maxMps!);
  const returnPeriodPeriods = returnPeriodYears * periodsPerYear;
  return {
    periodsPerYear,
    minCoverage,
    periods,
    usedCount: used.length,
    returnPeriodPeriods,
    reducedVariate: returnPeriodReducedVariate(returnPeriodPeriods),
    fit: fitGumbel(used, { method: options.method ?? 'gringorten', returnPeriodYears: returnPeriodPeriods }),
    plot: gumbelPlottingPositions(used),
  };
}
