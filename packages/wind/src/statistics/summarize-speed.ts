import { describeSeries, type SeriesDescription } from '../math/describe-series.ts';
import type { NumericSeries } from '../model/types.ts';
import { fitWeibull, type WeibullFit, type WeibullMethod } from './fit-weibull.ts';
import { windPowerDensity } from './wind-power-density.ts';

/** Summary of a wind speed channel (WIND-ANALYSIS §8.1). */
export interface SpeedSummary extends SeriesDescription {
  /** Mean wind power density (1/N)Σ½ρv³, W/m². */
  readonly meanPowerDensityWm2: number | undefined;
  /** Hours with 3 ≤ v ≤ 25 m/s (有效风速小时数) = records in range × interval/60. */
  readonly usefulWindHours: number;
  /** Weibull fit (WAsP method by default). */
  readonly weibull: WeibullFit | undefined;
  /** Highest value of the gust (max) channel, when given. */
  readonly gustMaxMps: number | undefined;
  /** Mean air density used, kg/m³ (the constant, or the mean of the series over the speed records). */
  readonly meanAirDensityKgM3: number | undefined;
}

/**
 * Summary of a wind speed channel (WIND-ANALYSIS §8.1): n, mean, sd (n − 1), min, max, mean WPD,
 * useful-wind hours (3–25 m/s, qh_xj `wind_func3.py`), Weibull A/k, gust max and mean ρ.
 * Recovery rate comes from {@link dataRecovery} (it needs flags, not the masked series).
 *
 * @param speedsMps masked speeds (NaN = missing or excluded)
 * @param options.intervalMinutes averaging interval, for the hours (default 10)
 * @param options.airDensityKgM3 constant ρ (default 1.225) or series
 * @param options.gustsMps masked max (gust) channel of the same sensor
 * @returns the summary, or undefined without values
 * @example summarizeSpeed([5, 6, 7]).meanPowerDensityWm2 // ≈ 133.6
 */
export function summarizeSpeed(
  speedsMps: NumericSeries,
  options: {
    intervalMinutes?: number;
    airDensityKgM3?: number | NumericSeries;
    gustsMps?: NumericSeries;
    weibullMethod?: WeibullMethod;
    /**
     * describeSeries of `speedsMps` and of `gustsMps` when the caller already has them (the station
     * statistics describe every channel once; five-year channels cost 2.5 ms a pass).
     */
    described?: { speeds: SeriesDescription | undefined; gusts?: SeriesDescription | undefined };
  } = {},
): SpeedSummary | undefined {
  const described = options.described;
  const description = described ? described.speeds : describeSeries(speedsMps);
  if (!description) return undefined;
  const interval = options.intervalMinutes ?? 10;
  let inRange = 0;
  for (let i = 0; i < speedsMps.length; i++) {
    const v = speedsMps[i]!;
    if (v >= 3 && v <= 25) inRange++;
  }
  const density = options.airDensityKgM3 ?? 1.225;
  let meanAirDensityKgM3: number | undefined;
  if (typeof density === 'number') meanAirDensityKgM3 = density;
  else {
    let sum = 0;
    let count = 0;
    for (let i = 0; i < speedsMps.length; i++) {
      const rho = density[i]!;
      if (!Number.isNaN(speedsMps[i]!) && !Number.isNaN(rho)) {
        sum += rho;
        count++;
      }
    }
    meanAirDensityKgM3 = count > 0 ? sum / count : undefined;
  }
  return {
    ...description,
    meanPowerDensityWm2: windPowerDensity(speedsMps, density),
    usefulWindHours: (inRange * interval) / 60,
    weibull: fitWeibull(speedsMps, { method: options.weibullMethod ?? 'wasp' }),
    gustMaxMps: options.gustsMps
      ? (described && 'gusts' in described ? described.gusts : describeSeries(options.gustsMps))?.max
      : undefined,
    meanAirDensityKgM3,
  };
}
