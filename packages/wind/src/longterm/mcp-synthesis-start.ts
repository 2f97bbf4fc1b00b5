import type { McpPeriod, McpSeries } from './types.ts';

const DAY_MS = 86_400_000;

/**
 * brightwind's synthesis start: days begin at the first midnight not before the series' first stamp;
 * hours and months at the first stamp.
 *
 * @internal
 */
export function mcpSynthesisStart(series: McpSeries, period: McpPeriod): number | undefined {
  return period === '1D' ? Math.ceil(series.startMs / DAY_MS) * DAY_MS : undefined;
}
