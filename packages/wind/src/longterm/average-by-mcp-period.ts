import { averageMcpPeriodPair } from './average-mcp-period-pair.ts';
import type { McpPeriod, McpSeries } from './types.ts';

/** Period means of one series (brightwind `average_data_by_period`, before any coverage filter). */
export interface McpPeriodMeans {
  readonly period: McpPeriod;
  /** Every period from the first to the last one holding a record (dense). */
  readonly periodStartMs: Float64Array;
  /** Mean speed of the records present (NaN when none). */
  readonly speedMps: Float64Array;
  /** Present records ÷ (period length ÷ data resolution). */
  readonly speedCoverage: Float64Array;
  readonly directionDeg: Float64Array | undefined;
  readonly directionCoverage: Float64Array | undefined;
  /** The most common step between consecutive present records, ms (brightwind's data resolution). */
  readonly resolutionMs: number;
}

/**
 * Averages a series to hours, days or calendar months exactly as brightwind does before an MCP fit
 * (reference/brightwind-mcp/METHODS.md §1): speed by arithmetic mean of the values present; direction by the
 * unit-vector mean of sin and cos rounded to 5 decimals (NaN when both means are exactly 0, 360 → 0),
 * passed through unchanged when the period is not longer than the data resolution; coverage = present
 * values ÷ (period length ÷ resolution), the resolution being the most common step between present records.
 *
 * @param options.fromMs records before this stamp are ignored (the common start of an alignment)
 * @param options.isEveryColumnRequired a record counts only when speed AND direction are present
 *   (brightwind drops a row with any NaN before averaging a [speed, direction] table)
 * @example averageByMcpPeriod({ startMs: 0, intervalMinutes: 10, speedMps: [1, 2, 3, 4, 5, 6] }, '1H').speedMps // [3.5]
 */
export function averageByMcpPeriod(
  series: McpSeries,
  period: McpPeriod,
  options: { fromMs?: number; isEveryColumnRequired?: boolean; isDirectionUsed?: boolean } = {},
): McpPeriodMeans {
  const pair = averageMcpPeriodPair(series, period, options);
  return options.isEveryColumnRequired === true ? pair.complete : pair.all;
}
