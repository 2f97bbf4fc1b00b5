import type { McpSeries } from './types.ts';

/**
 * Stamp of the first record with every used column present.
 *
 * @internal
 */
export function firstValidMs(series: McpSeries, isDirectionUsed: boolean): number | undefined {
  const dir = isDirectionUsed ? series.directionDeg : undefined;
  for (let i = 0; i < series.speedMps.length; i++) {
    if (Number.isNaN(series.speedMps[i]!) || (dir && Number.isNaN(dir[i]!))) continue;
    return series.startMs + i * series.intervalMinutes * 60_000;
  }
  return undefined;
}
