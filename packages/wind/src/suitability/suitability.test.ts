import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { extremeWind } from '../statistics/extreme-wind.ts';
import { extremeWindModel } from '../statistics/extreme-wind-model.ts';
import { fitGumbel } from '../statistics/fit-gumbel.ts';
import { findIndependentStorms } from './find-independent-storms.ts';
import { gumbelOrderStatistic } from './gumbel-order-statistic.ts';
import { gust50 } from './gust50.ts';
import { inflowBySector } from './inflow-by-sector.ts';
import { judgeTurbulence } from './judge-turbulence.ts';
import { ntmSigma1 } from './ntm-sigma1.ts';
import { periodicMaxima } from './periodic-maxima.ts';
import { returnPeriodReducedVariate } from './return-period-reduced-variate.ts';
import { siteSuitability } from './site-suitability.ts';

// WIND-ANALYSIS §8.4 / §8.9 / §14 worked examples.
const MAXIMA = [22.1, 25.3, 19.8, 27.6, 23.4, 21.0, 24.7, 26.2, 20.5, 23.9];
const BIN15_SPEEDS = [14.6, 14.9, 15.0, 15.2, 15.4];
const BIN15_SDS = [1.45, 1.8, 1.6, 2.1, 1.55];

/** A 10-min grid from 2024-01-01 UTC with the given values. */
function gridOf(values: ArrayLike<number>, intervalMinutes = 10) {
  const grid = createTimeGrid({ startMs: Date.UTC(2024, 0, 1), intervalMinutes, length: values.length });
  return { grid, calendar: buildCalendarIndex(grid, 0) };
}

describe('§14 worked example: class III B, decided by the σ-based representative TI at 15 m/s', () => {
  const { grid, calendar } = gridOf(BIN15_SPEEDS);
  // The example's five records form the only bin: it is judged with minCount 5 (the default 30 would
  // leave it shown, not judged). V̄ = 7.2 (long-term) and the ten annual maxima are given as input.
  const result = siteSuitability({
    grid,
    calendar,
    hubHeightM: 90,
    speedMps: BIN15_SPEEDS,
    speedSdMps: BIN15_SDS,
    meanSpeedMps: 7.2,
    annualMaximaMps: MAXIMA,
    options: { turbulenceMinCount: 5 },
  });
  const check = (key: string) => result.checks.find((c) => c.key === key)!;

  it('V_ave 7.2 ≤ 7.5 passes class III; V50 (Gringorten) 30.61 ≤ 37.5 passes III', () => {
    expect(check('meanSpeed').siteValue).toBe(7.2);
    expect(check('meanSpeed').passByClass['III B']).toBe(true);
    expect(check('meanSpeed').limitByClass['III B']).toBeCloseTo(7.5, 12);
    expect(result.extremes.chosen.method).toBe('annualMaximaInput');
    expect(check('extremeWind').siteValue).toBeCloseTo(30.61, 2);
    expect(check('extremeWind').passByClass['III B']).toBe(true);
    expect(check('extremeGust').siteValue).toBeCloseTo(1.4 * 30.6088, 3);
    expect(check('extremeGust').method).toBe('fromV50');
  });

  it('σ-based TI_rep(15) = 0.1353 exceeds class C 0.1348 by 0.0005: C fails, B (0.1573) passes', () => {
    const bin = result.turbulence!.bins.find((b) => b.centreMps === 15)!;
    expect(bin.isJudged).toBe(true);
    expect(bin.sigmaRepTi).toBeCloseTo(0.1353, 4);
    expect(bin.ntmTi.C).toBeCloseTo(0.1348, 4);
    expect(bin.ntmTi.B).toBeCloseTo(0.1573, 4);
    expect(bin.sigmaRepTi - bin.ntmTi.C).toBeCloseTo(0.0005, 4);
    expect(bin.passByCategory).toEqual({ 'A+': true, A: true, B: true, C: false });
    expect(result.turbulenceDefinition).toBe('sigma');
    expect(check('turbulence').method).toBe('sigma');
    // σ̄ = 1.7, σ_σ = 0.25739, σ_rep = 2.02946 m/s; equivalent I_ref = σ_rep/(0.75·15 + 5.6) = 0.120443 > 0.12.
    expect(bin.sigmaRepMps).toBeCloseTo(2.02946, 5);
    expect(check('turbulence').siteValue).toBeCloseTo(0.120443, 6);
  });

  it('the TI-based TI_rep 0.1341 would pass C: shown beside the verdict, not deciding it', () => {
    const bin = result.turbulence!.bins.find((b) => b.centreMps === 15)!;
    expect(bin.tiRep).toBeCloseTo(0.1341, 4);
    expect(result.turbulence!.alternative.definition).toBe('ti');
    expect(result.turbulence!.alternative.passByCategory.C).toBe(true);
    expect(result.turbulence!.verdict.passByCategory.C).toBe(false);
  });

  it('the site is class III B; III C is refused by the turbulence check, III B decided by the mean speed', () => {
    expect(result.siteClass).toEqual({ windClass: 'III', category: 'B' });
    const verdict = (key: string) => result.verdicts.find((v) => v.key === key)!;
    expect(verdict('III C').isSuitable).toBe(false);
    expect(verdict('III C').decidingCheck).toBe('turbulence');
    expect(verdict('III C').decidingMargin).toBeCloseTo((0.12 - 0.120443) / 0.12, 5);
    expect(verdict('III B').isSuitable).toBe(true);
    expect(verdict('III B').decidingCheck).toBe('meanSpeed');
    expect(verdict('III B').decidingMargin).toBeCloseTo(0.04, 12);
    expect(verdict('I A+').isSuitable).toBe(true);
    expect(result.verdicts).toHaveLength(12);
  });

  it('the shortness of the data is said with reason keys; missing channels leave checks not available', () => {
    expect(result.extremes.estimates.find((e) => e.method === 'annualMaxima')!.isOffered).toBe(false);
    expect(result.reasons).toContain('annualMaximaTooFew');
    expect(result.reasons).toContain('periodicMaximaTooFew');
    expect(result.reasons).toContain('stormsTooFew');
    expect(result.reasons).toContain('gustFromV50');
    expect(result.reasons).toEqual(
      expect.arrayContaining(['noShearHeights', 'noVerticalSpeed', 'noDensity']),
    );
    expect(check('inflow').status).toBe('notAvailable');
    expect(check('shear').status).toBe('notAvailable');
  });
});

describe('§8.9 extreme wind examples through the suitability functions', () => {
  it('Gumbel on the ten annual maxima: moments(∞) 30.13, moments(n = 10) 32.70, Gringorten 30.61', () => {
    expect(fitGumbel(MAXIMA)!.returnValueMps).toBeCloseTo(30.13, 2);
    expect(fitGumbel(MAXIMA, { method: 'moments-finite' })!.returnValueMps).toBeCloseTo(32.7, 2);
    expect(fitGumbel(MAXIMA, { method: 'gringorten' })!.returnValueMps).toBeCloseTo(30.61, 2);
    expect(returnPeriodReducedVariate(50)).toBeCloseTo(3.9019, 4);
  });

  it('V̄ 7.2 → fivefoldMax 36.0, its gust 1.4·36 = 50.4; EWM at 120 m 52.02, Ve1 40.32', () => {
    expect(extremeWind({ heightM: 90, meanSpeedMps: 7.2 }).fivefoldMax).toBeCloseTo(36, 12);
    expect(gust50({ v50Mps: 36 }).valueMps).toBeCloseTo(50.4, 12);
    expect(extremeWindModel(36, 90, 120).steady50).toBeCloseTo(52.02, 2);
    expect(extremeWindModel(36, 90, 90).steady1).toBeCloseTo(40.32, 12);
  });

  it('a site whose only extreme is 5·V̄ says so and judges 36.0 against V_ref', () => {
    const { grid, calendar } = gridOf([7.2, 7.2, 7.2]);
    const result = siteSuitability({ grid, calendar, hubHeightM: 90, speedMps: [7.2, 7.2, 7.2] });
    expect(result.extremes.chosen.method).toBe('fivefoldMean');
    expect(result.extremes.chosen.valueMps).toBeCloseTo(36, 12);
    expect(result.reasons).toContain('extremeFromMeanOnly');
    expect(result.reasons).toContain('meanSpeedFromRecords');
    expect(result.siteClass.category).toBeUndefined();
    expect(result.verdicts.every((v) => v.isSuitable === undefined)).toBe(true);
  });
});

describe('ntmSigma1 and judgeTurbulence', () => {
  it('σ1 = I_ref·(0.75·V + 5.6): at 15 m/s A+ 3.033, A 2.696, B 2.359, C 2.022', () => {
    expect(ntmSigma1(15, 'A+')).toBeCloseTo(3.033, 12);
    expect(ntmSigma1(15, 'A')).toBeCloseTo(2.696, 12);
    expect(ntmSigma1(15, 'B')).toBeCloseTo(2.359, 12);
    expect(ntmSigma1(15, 'C')).toBeCloseTo(2.022, 12);
  });

  it('bins outside the check range or with too few records are shown but not judged', () => {
    const speeds = [...BIN15_SPEEDS, 8.1, 8.0, 26.1];
    const sds = [...BIN15_SDS, 3, 3, 9];
    const judged = judgeTurbulence(speeds, sds, { minCount: 5 });
    expect(judged.bins.map((b) => [b.centreMps, b.notJudgedReason])).toEqual([
      [8, 'outsideRange'],
      [15, undefined],
      [26, 'outsideRange'],
    ]);
    expect(judged.judgedBinCount).toBe(1);
    const tooFew = judgeTurbulence(speeds, sds);
    expect(tooFew.bins.find((b) => b.centreMps === 15)!.notJudgedReason).toBe('tooFewRecords');
    expect(tooFew.verdict.equivalentReferenceTi).toBeUndefined();
    expect(tooFew.verdict.passByCategory.C).toBeUndefined();
  });
});

describe('periodicMaxima', () => {
  it('keeps the maximum and its slot of each month, drops months under the coverage, reads V50 at 600 months', () => {
    const { grid, calendar } = gridOf(new Float64Array(24 * 60).fill(5), 60);
    const values = new Float64Array(grid.length).fill(5);
    for (let d = 0; d < 60; d++) values[d * 24 + 12] = 10 + (d % 7);
    for (let i = 31 * 24; i < 31 * 24 + 10 * 24; i++) values[i] = Number.NaN; // February: 19 of 29 days
    const result = periodicMaxima(values, calendar);
    expect(result.periods.map((p) => [p.year, p.firstMonth, p.maxMps, p.isUsed])).toEqual([
      [2024, 1, 16, true],
      [2024, 2, 16, false],
    ]);
    expect(result.periods[0]!.maxIndex).toBe(6 * 24 + 12);
    expect(result.periods[1]!.maxIndex).toBe(41 * 24 + 12);
    expect(result.periods[1]!.coverage).toBeCloseTo(19 / 29, 12);
    expect(result.returnPeriodPeriods).toBe(600);
    expect(result.reducedVariate).toBeCloseTo(-Math.log(-Math.log(1 - 1 / 600)), 12);
    expect(result.fit).toBeUndefined();
  });

  it('with one period a year it is the annual-maxima Gumbel', () => {
    const result = periodicMaxima(
      [20, 21],
      buildCalendarIndex(createTimeGrid({ startMs: 0, intervalMinutes: 10, length: 2 })),
      {
        periodsPerYear: 1,
        minCoverage: 0,
      },
    );
    expect(result.periods).toHaveLength(1);
    expect(result.returnPeriodPeriods).toBe(50);
    expect(() => periodicMaxima([1], gridOf([1]).calendar, { periodsPerYear: 5 as 4 })).toThrow(
      'periodicMaxima requires',
    );
  });
});

describe('findIndependentStorms and the order statistics', () => {
  it('merges runs above the threshold across lulls shorter than the separation and takes the raw peak', () => {
    const speeds = [5, 21, 22, 5, 5, 23, 5, 5, 5, 24, Number.NaN, 25];
    const storms = findIndependentStorms(speeds, 60, { thresholdMps: 20, minSeparationHours: 3 });
    expect(storms.map((s) => [s.startIndex, s.endIndex, s.peakIndex, s.peakMps])).toEqual([
      [1, 5, 5, 23],
      [9, 11, 11, 25],
    ]);
    expect(findIndependentStorms(speeds, 60, { thresholdMps: 20, minSeparationHours: 0 })).toHaveLength(4);
    // A 3-hour low-pass smooths the single-slot burst at index 5 below 20: the storm ends at index 2.
    const smoothed = findIndependentStorms([5, 21, 22, 21, 5, 5, 23, 5, 5], 60, {
      thresholdMps: 15,
      minSeparationHours: 1,
      lowPassHours: 3,
    });
    expect(smoothed.map((s) => s.peakMps)).toEqual([22]);
  });

  it('the largest of N Gumbel variates has mean ln N + γ and variance π²/6; large N tends to ln N − ψ(m)', () => {
    const top = gumbelOrderStatistic(1, 100);
    expect(top.mean).toBeCloseTo(Math.log(100) + 0.5772156649, 9);
    expect(top.variance).toBeCloseTo(Math.PI ** 2 / 6, 8);
    const third = gumbelOrderStatistic(3, 100000);
    expect(third.mean).toBeCloseTo(Math.log(100000) + 0.5772156649 - 1.5, 3);
    expect(third.variance).toBeCloseTo(Math.PI ** 2 / 6 - 1.25, 3);
    expect(() => gumbelOrderStatistic(3, 2)).toThrow('gumbelOrderStatistic requires');
  });
});

describe('inflowBySector and gust50', () => {
  it('averages atan(w/U) per sector over records with U ≥ 5 m/s', () => {
    const inflow = inflowBySector([0.5, 1, -1, 2, 0.3], [10, 10, 10, 4, 6], [0, 10, 90, 0, Number.NaN], {
      sectors: 4,
    });
    const deg = (w: number, u: number) => (Math.atan(w / u) * 180) / Math.PI;
    expect(inflow.overall.count).toBe(4);
    expect(inflow.bySector![0]!.count).toBe(2);
    expect(inflow.bySector![0]!.meanDeg).toBeCloseTo((deg(0.5, 10) + deg(1, 10)) / 2, 12);
    expect(inflow.bySector![1]!.meanDeg).toBeCloseTo(deg(-1, 10), 12);
    expect(Number.isNaN(inflow.bySector![2]!.meanDeg)).toBe(true);
  });

  it('an inflow beyond ±8° fails every class; a gust channel replaces 1.4·V50 with its own Gumbel', () => {
    const n = 24 * 6 * 400;
    const { grid, calendar } = gridOf(new Float64Array(n));
    const speeds = new Float64Array(n);
    const gusts = new Float64Array(n);
    const vertical = new Float64Array(n).fill(1.8);
    for (let i = 0; i < n; i++) {
      speeds[i] = 8 + 4 * Math.sin(i / 97) + (i % 1009 === 0 ? 12 : 0);
      gusts[i] = 1.3 * speeds[i]! + (i % 4001 === 0 ? 6 : 0);
    }
    const result = siteSuitability({
      grid,
      calendar,
      hubHeightM: 100,
      speedMps: speeds,
      gustMps: gusts,
      verticalSpeedMps: vertical,
    });
    const inflow = result.checks.find((c) => c.key === 'inflow')!;
    expect(inflow.status).toBe('judged');
    expect(inflow.passByClass['III C']).toBe(false);
    expect(result.reasons).toContain('inflowOutsideLimit');
    expect(result.siteClass.windClass).toBe('S');
    expect(result.verdicts.every((v) => v.isSuitable === false)).toBe(true);
    expect(result.gust.method).toBe('measuredPeriodic');
    expect(result.gust.valueMps).toBeCloseTo(result.gust.maxima!.fit!.returnValueMps, 12);
  });
});
