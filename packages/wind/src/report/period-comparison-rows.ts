/** Period comparison row (SPEC §3: name, avgSpeed, deviate, rate). */
export interface PeriodComparisonRow {
  /** "2004-2023" */
  readonly name: string;
  /** Mean of the annual means of the period, m/s. */
  readonly avgSpeed: number | undefined;
  /** avgSpeed − the baseline (measurement-year) mean, m/s. */
  readonly deviate: number | undefined;
  /** deviate / baseline × 100 %. */
  readonly rate: number | undefined;
  /** Years of the period that have an annual mean. */
  readonly yearCount: number;
}

/**
 * Compares up to 3 multi-year average periods of a reference station with the measurement year
 * (WIND-ANALYSIS §7: "allow at most 3 candidate periods side by side"; SPEC §3 period comparison).
 *
 * @param annualMeans annual mean speeds of the reference, one per year
 * @param periods inclusive year ranges (1–3)
 * @param baselineMeanMps the reference mean over the concurrent (measurement) year
 * @example periodComparisonRows([{ year: 2020, meanSpeedMps: 4.8 }], [{ startYear: 2020, endYear: 2020 }], 4.5)[0].deviate // ≈ 0.30
 */
export function periodComparisonRows(
  annualMeans: ReadonlyArray<{ year: number; meanSpeedMps: number }>,
  periods: ReadonlyArray<{ startYear: number; endYear: number }>,
  baselineMeanMps: number,
): PeriodComparisonRow[] {
  if (periods.length > 3) throw new Error('periodComparisonRows requires at most 3 periods');
  return periods.map(({ startYear, endYear }) => {
    if (!(startYear <= endYear)) throw new Error('periodComparisonRows requires startYear not after endYear');
    const inPeriod = annualMeans.filter(
      (a) => a.year >= startYear && a.year <= endYear && !Number.isNaN(a.meanSpeedMps),
    );
    const avgSpeed =
      inPeriod.length > 0 ? inPeriod.reduce((s, a) => s + a.meanSpeedMps, 0) / inPeriod.length : undefined;
    const deviate = avgSpeed === undefined ? undefined : avgSpeed - baselineMeanMps;
    return {
      name: `${startYear}-${endYear}`,
      avgSpeed,
      deviate,
      rate: deviate === undefined || baselineMeanMps === 0 ? undefined : (deviate / baselineMeanMps) * 100,
      yearCount: inPeriod.length,
    };
  });
}
