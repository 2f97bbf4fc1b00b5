import type { TimeGrid } from './types.ts';

/**
 * Slot index of a period-start stamp, or undefined if the stamp is off the grid or outside it.
 *
 * @example indexOfTimestamp({ startMs: 0, intervalMinutes: 10, length: 3 }, 600_000) // 1
 * @example indexOfTimestamp({ startMs: 0, intervalMinutes: 10, length: 3 }, 60_000) // undefined (off grid)
 */
export function indexOfTimestamp(grid: TimeGrid, timestampMs: number): number | undefined {
  const position = (timestampMs - grid.startMs) / (grid.intervalMinutes * 60_000);
  if (!Number.isInteger(position) || position < 0 || position >= grid.length) return undefined;
  return position;
}
