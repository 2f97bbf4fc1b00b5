import { describe, expect, it } from 'vitest';
import { fitToGrid } from './time-grid.ts';

const T0 = Date.UTC(2024, 4, 1);
const MIN = 60_000;

describe('fitToGrid', () => {
  it('finds the rows off a 10-minute grid', () => {
    const times = Float64Array.of(T0, T0 + 10 * MIN, T0 + 17 * MIN, T0 + 20 * MIN, T0 + 30 * MIN);
    expect(fitToGrid(times, 10 * MIN)).toEqual({
      phaseMs: 0,
      offGridCount: 1,
      offGridRowCount: 1,
      firstOffGridMs: T0 + 17 * MIN,
    });
  });

  it('counts the rows of repeated off-grid stamps as rows and the stamps once', () => {
    const times = Float64Array.of(T0, T0 + 7 * MIN, T0 + 10 * MIN, T0 + 17 * MIN, T0 + 20 * MIN);
    // The file repeated 00:07 twice and the on-grid 00:10 once: 4 rows at 2 stamps off the grid.
    const repeated = Float64Array.of(T0 + 7 * MIN, T0 + 7 * MIN, T0 + 10 * MIN);
    expect(fitToGrid(times, 10 * MIN, repeated)).toMatchObject({ offGridCount: 2, offGridRowCount: 4 });
  });

  it('takes a file shifted as a whole (a UTC+05:45 logger) as on its own phase, nothing off it', () => {
    const times = Float64Array.from({ length: 6 }, (_, i) => T0 + 15 * MIN + i * 10 * MIN);
    expect(fitToGrid(times, 10 * MIN)).toEqual({
      phaseMs: 5 * MIN,
      offGridCount: 0,
      offGridRowCount: 0,
      firstOffGridMs: null,
    });
  });

  it('measures the phase from each month start, across a month boundary', () => {
    const end = Date.UTC(2024, 5, 1);
    const times = Float64Array.of(end - 20 * MIN, end - 10 * MIN, end, end + 10 * MIN);
    expect(fitToGrid(times, 10 * MIN).offGridCount).toBe(0);
  });
});
