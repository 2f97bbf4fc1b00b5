/** Extreme wind row of the report (SPEC §3: height, avg, fivefoldMax, max, ewmMax). */
export interface ExtremeWind {
  readonly heightM: number;
  /** Mean speed at the height, m/s. */
  readonly avg: number;
  /** 5·V̄ (IEC V_ave = 0.2·V_ref, the Chinese "5倍平均风速法"), m/s. */
  readonly fivefoldMax: number;
  /** Highest measured 10-min mean, m/s (undefined without data). */
  readonly max: number | undefined;
  /** Highest gust from the max channel, m/s (undefined without one). */
  readonly gustMax: number | undefined;
  /** The 50-year 10-min value used: the supplied (e.g. Gumbel) value, else fivefoldMax. */
  readonly v50: number;
  /** 1.4 × v50: IEC steady extreme wind model Ve50 at hub height (3-s gust). */
  readonly ewmMax: number;
}

/**
 * Extreme wind summary (WIND-ANALYSIS §8.9): fivefoldMax = 5·V̄_hub; max = highest 10-min mean;
 * ewmMax = 1.4 × the selected 50-year 10-min value (IEC 61400-1 steady EWM, Ve50 = 1.4·V_ref).
 * Without a Gumbel value, V_ref = fivefoldMax.
 *
 * @param input.meanSpeedMps V̄ at the height
 * @param input.maxSpeedMps highest 10-min mean measured
 * @param input.gustMaxMps highest value of the max (gust) channel
 * @param input.fiftyYearSpeedMps optional 50-year 10-min speed (e.g. {@link fitGumbel} transferred to the mast)
 * @example extremeWind({ heightM: 90, meanSpeedMps: 7.2 }) // fivefoldMax 36.0, ewmMax 50.4
 */
export function extremeWind(input: {
  heightM: number;
  meanSpeedMps: number;
  maxSpeedMps?: number;
  gustMaxMps?: number;
  fiftyYearSpeedMps?: number;
}): ExtremeWind {
  const fivefoldMax = 5 * input.meanSpeedMps;
  const v50 = input.fiftyYearSpeedMps ?? fivefoldMax;
  return {
    heightM: input.heightM,
    avg: input.meanSpeedMps,
    fivefoldMax,
    max: input.maxSpeedMps,
    gustMax: input.gustMaxMps,
    v50,
    ewmMax: 1.4 * v50,
  };
}
