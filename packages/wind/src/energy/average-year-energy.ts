/** Hours of each calendar month in an average year of 365.25 days (February 28.25 days). */
export const AVERAGE_YEAR_MONTH_HOURS = [744, 678, 744, 720, 744, 720, 744, 744, 720, 744, 720, 744] as const;
/** Hours of an average year (WIND-ANALYSIS §11). */
export const AVERAGE_YEAR_HOURS = 8766;

/** Energy of an average year from a power time series (WIND-ANALYSIS §11). */
export interface AverageYearEnergy {
  /** Σ over calendar months of (mean power of the month) × (its hours in an average year), kWh; undefined when a month has no valid record. */
  readonly energyKwh: number | undefined;
  /** The plain all-records mean × 8766 h, kWh (given beside, never instead, when a month is missing). */
  readonly plainEnergyKwh: number | undefined;
  /** Mean power over all valid records, kW. */
  readonly meanPowerKw: number | undefined;
  /** Per calendar month 1–12: valid records and mean power (undefined without records). */
  readonly byMonth: ReadonlyArray<{
    readonly month: number;
    readonly count: number;
    readonly meanPowerKw: number | undefined;
  }>;
  /** Calendar months 1–12 without a valid record. */
  readonly missingMonths: readonly number[];
}

/**
 * Average-year energy of a power series (WIND-ANALYSIS §11): the mean power of each calendar month over
 * its valid records (all years pooled) weighted by that month's hours in an average year (8766 h), so
 * seasonal gaps do not bias it. NaN powers are missing records.
 *
 * @param powerKw power per record, NaN missing
 * @param monthOfYear calendar month 1–12 per record (local time)
 * @example averageYearEnergy(power, calendar.monthOfYear).energyKwh
 */
export function averageYearEnergy(
  powerKw: ArrayLike<number>,
  monthOfYear: ArrayLike<number>,
): AverageYearEnergy {
  const sums = new Float64Array(12);
  const counts = new Float64Array(12);
  let total = 0;
  let n = 0;
  for (let i = 0; i < powerKw.length; i++) {
    const p = powerKw[i]!;
    if (Number.isNaN(p)) continue;
    const m = monthOfYear[i]! - 1;
    sums[m]! += p;
    counts[m]! += 1;
    total += p;
    n += 1;
  }
  const byMonth = AVERAGE_YEAR_MONTH_HOURS.map((_, m) => ({
    month: m + 1,
    count: counts[m]!,
    meanPowerKw: counts[m]! > 0 ? sums[m]! / counts[m]! : undefined,
  }));
  const missingMonths = byMonth.filter((b) => b.count === 0).map((b) => b.month);
  const meanPowerKw = n > 0 ? total / n : undefined;
  return {
    energyKwh:
      missingMonths.length > 0 || n === 0
        ? undefined
        : byMonth.reduce((s, b, m) => s + b.meanPowerKw! * AVERAGE_YEAR_MONTH_HOURS[m]!, 0),
    plainEnergyKwh: meanPowerKw === undefined ? undefined : meanPowerKw * AVERAGE_YEAR_HOURS,
    meanPowerKw,
    byMonth,
    missingMonths,
  };
}
