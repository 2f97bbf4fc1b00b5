import { createTimeGrid } from './create-time-grid.ts';
import type { TimeGrid } from './types.ts';

/**
 * The grid covering the half-open active period [startMs, endMs) (WIND-ANALYSIS §3):
 * length = (end − start)/Δt, e.g. 52 560 slots for a 10-min year, 52 704 in a leap year.
 *
 * @example timeGridFromRange(Date.UTC(2023, 0, 1), Date.UTC(2024, 0, 1), 10).length // 52560
 */
export function timeGridFromRange(startMs: number, endMs: number, intervalMinutes: number): TimeGrid {
  const stepMs = intervalMinutes * 60_000;
  const slots = (endMs - startMs) / stepMs;
  if (!Number.isInteger(slots) || slots < 0) {
    throw new Error(
      'timeGridFromRange requires endMs - startMs to be a non-negative multiple of the interval',
    );
  }
  return createTimeGrid({ startMs, intervalMinutes, length: slots });
}
