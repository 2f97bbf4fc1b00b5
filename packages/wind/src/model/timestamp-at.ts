import type { TimeGrid } from './types.ts';

/**
 * Period-start stamp (UTC epoch ms) of slot `index`.
 *
 * @example timestampAt({ startMs: 0, intervalMinutes: 10, length: 3 }, 2) // 1_200_000
 */
export function timestampAt(grid: TimeGrid, index: number): number {
  return grid.startMs + index * grid.intervalMinutes * 60_000;
}
