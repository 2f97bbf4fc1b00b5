import type { SeriesDescription } from '../math/describe-series.ts';
import type { NumericSeries } from '../model/types.ts';
import { extremeWind } from '../statistics/extreme-wind.ts';
import { type SpeedSweepInput, sweepSpeed } from '../statistics/speed-sweep.ts';
import type { SpeedSummary } from '../statistics/summarize-speed.ts';
import type { ChannelStatistics } from './compute-station-statistics.ts';

/**
 * The speed tables of one speed average for {@link computeStationStatistics}: summary (as
 * summarizeSpeed), frequency, turbulence, rose and correlation from the channel's `sweepSpeed`, and
 * the extreme-wind row from the summary.
 */
export function speedStatistics(input: {
  speeds: NumericSeries;
  heightM: number;
  /** The channel's description (its sweep's), undefined without values. */
  description: SeriesDescription | undefined;
  /** Highest value of the gust channel paired with it, when there is one. */
  gustMaxMps: number | undefined;
  intervalMinutes: number;
  sweep: SpeedSweepInput;
}): NonNullable<ChannelStatistics['speed']> {
  const { description } = input;
  const swept = sweepSpeed(input.sweep);
  const summary: SpeedSummary | undefined = description
    ? {
        ...description,
        meanPowerDensityWm2: swept.meanPowerDensityWm2,
        usefulWindHours: (swept.inRange * input.intervalMinutes) / 60,
        weibull: swept.weibull,
        gustMaxMps: input.gustMaxMps,
        meanAirDensityKgM3: swept.meanAirDensityKgM3,
      }
    : undefined;
  return {
    summary,
    frequency: swept.frequency,
    turbulence: swept.turbulence,
    rose: swept.rose,
    extreme: summary
      ? extremeWind({
          heightM: input.heightM,
          meanSpeedMps: summary.mean,
          maxSpeedMps: summary.max,
          ...(summary.gustMaxMps !== undefined ? { gustMaxMps: summary.gustMaxMps } : {}),
        })
      : undefined,
    correlation: swept.correlation,
  };
}
