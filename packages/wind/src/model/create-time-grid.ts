import type { TimeGrid } from './types.ts';

/**
 * A regular grid of `length` period-start stamps, `intervalMinutes` apart, from `startMs` (UTC epoch ms).
 *
 * @example createTimeGrid({ startMs: Date.UTC(2024, 0, 1), intervalMinutes: 10, length: 52704 }) // leap year of 10-min slots
 */
export function createTimeGrid(grid: { startMs: number; intervalMinutes: number; length: number }): TimeGrid {
  if (!Number.isFinite(grid.startMs))
    throw new Error('createTimeGrid requires startMs to be a finite number');
  if (!(grid.intervalMinutes > 0) || !Number.isFinite(grid.intervalMinutes)) {
    throw new Error('createTimeGrid requires intervalMinutes to be a positive number');
  }
  if (!Number.isInteger(grid.length) || grid.length < 0) {
    throw new Error('createTimeGrid requires length to be a non-negative integer');
  }
  return { startMs: grid.startMs, intervalMinutes: grid.intervalMinutes, length: grid.length };
}
