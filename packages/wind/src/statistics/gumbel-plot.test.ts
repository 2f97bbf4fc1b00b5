import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { annualMaxima } from './annual-maxima.ts';
import { fitGumbel } from './fit-gumbel.ts';
import { gumbelPlottingPositions } from './gumbel-plotting-positions.ts';

const MAXIMA = [22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9];

describe('gumbelPlottingPositions(annualMaxima)', () => {
  it('gumbelPlottingPositions([25, 20]) sorts and uses F = (i − 0.44)/(N + 0.12)', () => {
    const points = gumbelPlottingPositions([25, Number.NaN, 20]);
    expect(points.map((p) => p.speedMps)).toEqual([20, 25]);
    expect(points[0]!.reducedVariate).toBeCloseTo(-Math.log(-Math.log(0.56 / 2.12)), 12);
    expect(points[1]!.reducedVariate).toBeCloseTo(-Math.log(-Math.log(1.56 / 2.12)), 12);
  });

  it('lies on the Gringorten Gumbel line of the §8.9 example (u = 22.298, 1/α = 2.130)', () => {
    const fit = fitGumbel(MAXIMA, { method: 'gringorten' })!;
    const points = gumbelPlottingPositions(MAXIMA);
    // The least-squares line through the plotted points is the fit: residuals sum to zero.
    const residual = points.reduce(
      (sum, p) => sum + (p.speedMps - (fit.locationMps + fit.scaleMps * p.reducedVariate)),
      0,
    );
    expect(residual).toBeCloseTo(0, 10);
    expect(gumbelPlottingPositions([])).toEqual([]);
  });
});

describe('annualMaxima(values, calendar)', () => {
  it('annualMaxima of two local years takes each year’s highest value and its count', () => {
    // Hourly slots from 2023-12-31 22:00 UTC: in UTC+0 the first two are 2023, the rest 2024.
    const grid = createTimeGrid({ startMs: Date.UTC(2023, 11, 31, 22), intervalMinutes: 60, length: 5 });
    const values = [20.5, 18, 22.1, Number.NaN, 21];
    expect(annualMaxima(values, buildCalendarIndex(grid, 0))).toEqual([
      { year: 2023, max: 20.5, count: 2 },
      { year: 2024, max: 22.1, count: 2 },
    ]);
    // In UTC+8 every slot is already 2024.
    expect(annualMaxima(values, buildCalendarIndex(grid, 8))).toEqual([{ year: 2024, max: 22.1, count: 4 }]);
  });

  it('annualMaxima of an all-missing series is empty and a calendar of another length throws', () => {
    const grid = createTimeGrid({ startMs: Date.UTC(2024, 0, 1), intervalMinutes: 10, length: 3 });
    const calendar = buildCalendarIndex(grid, 0);
    expect(annualMaxima([Number.NaN, Number.NaN, Number.NaN], calendar)).toEqual([]);
    expect(() => annualMaxima([1, 2], calendar)).toThrow('annualMaxima requires the calendar');
  });
});
