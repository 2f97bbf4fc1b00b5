import type { McpPeriod } from './types.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 86_400_000;

/**
 * Start of the MCP period holding stamp `t` (hour, midnight or first of the month; UTC getters on the common
 * time base) and the start of the next period.
 *
 * @internal
 * @example mcpPeriodBounds(Date.UTC(2024, 1, 10, 5), '1M') // [Date.UTC(2024, 1, 1), Date.UTC(2024, 2, 1)]
 */
export function mcpPeriodBounds(t: number, period: McpPeriod): [number, number] {
  if (period === '1H') {
    const s = Math.floor(t / HOUR_MS) * HOUR_MS;
    return [s, s + HOUR_MS];
  }
  if (period === '1D') {
    const s = Math.floor(t / DAY_MS) * DAY_MS;
    return [s, s + DAY_MS];
  }
  const d = new Date(t);
  const y = d.getUTCFullYear();
  const m = d.getUTCMonth();
  return [Date.UTC(y, m, 1), Date.UTC(y, m + 1, 1)];
}
