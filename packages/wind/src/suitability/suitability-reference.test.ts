// The suitability fits checked against an independent calculation (issue 29): scipy.stats.gumbel_r.fit
// (maximum likelihood), numpy least squares (Gringorten), scipy.integrate.quad (order-statistic moments)
// and a plain-Python storm separation with a numpy weighted fit. The numbers in reference/reference.json
// and the series in reference/series.csv were produced by (Debian python3-scipy 1.10.1, numpy 1.24.2):
//
//     /usr/bin/python3 packages/wind/src/suitability/reference/make_reference.py
//
// then `npx biome format --write packages/wind/src/suitability/reference/` (layout only). No python runs here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { buildCalendarIndex } from '../model/build-calendar-index.ts';
import { createTimeGrid } from '../model/create-time-grid.ts';
import { fitGumbel } from '../statistics/fit-gumbel.ts';
import { relativeError } from '../testing/golden-ledger.ts';
import { gumbelOrderStatistic } from './gumbel-order-statistic.ts';
import { independentStorms } from './independent-storms.ts';
import { periodicMaxima } from './periodic-maxima.ts';
import { siteSuitability } from './site-suitability.ts';

const DIR = new URL('./reference/', import.meta.url);
const REF: any = JSON.parse(readFileSync(new URL('reference.json', DIR), 'utf8'));

function loadSeries(): { startMs: number; intervalMinutes: number; values: Float64Array } {
  const lines = readFileSync(new URL('series.csv', DIR), 'utf8').trim().split('\n');
  const header = /start_ms=(\d+) interval_minutes=(\d+)/.exec(lines[0]!)!;
  const cells = lines.slice(1).flatMap((line) => line.split(','));
  return {
    startMs: Number(header[1]),
    intervalMinutes: Number(header[2]),
    values: Float64Array.from(cells, (c) => (c === '' ? Number.NaN : Number(c))),
  };
}

const SERIES = loadSeries();
const GRID = createTimeGrid({
  startMs: SERIES.startMs,
  intervalMinutes: SERIES.intervalMinutes,
  length: SERIES.values.length,
});
const CALENDAR = buildCalendarIndex(GRID, 0);

function expectRelative(
  actual: number | undefined,
  expected: number,
  tolerance: number,
  label: string,
): void {
  expect(
    relativeError(actual ?? Number.NaN, expected),
    `${label}: ${actual} vs ${expected}`,
  ).toBeLessThanOrEqual(tolerance);
}

describe('Gumbel fits against scipy and numpy (WIND-ANALYSIS §8.9 annual maxima)', () => {
  it('Gringorten on the ten annual maxima equals numpy polyfit: u 22.2976, 1/α 2.1300, V50 30.6088', () => {
    const fit = fitGumbel(REF.annualMaxima.values, { method: 'gringorten' })!;
    const ref = REF.annualMaxima.gringorten;
    expectRelative(fit.locationMps, ref.location, 1e-12, 'location');
    expectRelative(fit.scaleMps, ref.scale, 1e-12, 'scale');
    expectRelative(fit.returnValueMps, ref.returnValue, 1e-12, 'V50');
    expect(fit.returnValueMps).toBeCloseTo(30.6088, 4);
  });

  it('maximum likelihood on the ten annual maxima equals scipy gumbel_r.fit: μ 22.2394, β 2.1728, V50 30.7174', () => {
    const fit = fitGumbel(REF.annualMaxima.values, { method: 'maximum-likelihood' })!;
    const ref = REF.annualMaxima.maximumLikelihood;
    expectRelative(fit.locationMps, ref.location, 1e-6, 'location');
    expectRelative(fit.scaleMps, ref.scale, 1e-6, 'scale');
    expectRelative(fit.returnValueMps, ref.returnValue, 1e-6, 'V50');
  });
});

describe('periodic maxima of the synthetic two years against numpy and scipy', () => {
  const result = periodicMaxima(SERIES.values, CALENDAR);

  it('finds the same 24 monthly maxima and coverages, and drops March 2022 (40 % present)', () => {
    const ours = result.periods.map((p) => [p.year, p.firstMonth, p.maxMps, p.isUsed]);
    const theirs = REF.monthlyMaxima.periods.map((p: any) => [p.year, p.month, p.max, p.isUsed]);
    expect(ours).toEqual(theirs);
    result.periods.forEach((p, i) => {
      expectRelative(p.coverage, REF.monthlyMaxima.periods[i].coverage, 1e-12, 'coverage');
    });
    expect(result.usedCount).toBe(23);
  });

  it('Gringorten of the used maxima and V at 600 months equal numpy; maximum likelihood equals scipy', () => {
    const ref = REF.monthlyMaxima.gringorten;
    expectRelative(result.fit!.locationMps, ref.location, 1e-10, 'location');
    expectRelative(result.fit!.scaleMps, ref.scale, 1e-10, 'scale');
    expectRelative(result.fit!.returnValueMps, ref.returnValue, 1e-10, 'V50');
    const ml = periodicMaxima(SERIES.values, CALENDAR, { method: 'maximum-likelihood' }).fit!;
    expectRelative(ml.locationMps, REF.monthlyMaxima.maximumLikelihood.location, 1e-6, 'ML location');
    expectRelative(ml.scaleMps, REF.monthlyMaxima.maximumLikelihood.scale, 1e-6, 'ML scale');
    expectRelative(ml.returnValueMps, REF.monthlyMaxima.maximumLikelihood.returnValue, 1e-6, 'ML V50');
  });
});

describe('method of independent storms against the independent Python calculation', () => {
  it('order-statistic moments equal scipy quad over the exact density', () => {
    for (const ref of REF.orderStatistics) {
      const ours = gumbelOrderStatistic(ref.rank, ref.size);
      expectRelative(ours.mean, ref.mean, 1e-9, `mean ${ref.rank}/${ref.size}`);
      expectRelative(ours.variance, ref.variance, 1e-7, `variance ${ref.rank}/${ref.size}`);
    }
  });

  for (const [name, options] of [
    ['default (threshold P90, 48 h, y ≥ −0.7, top 10 at least)', {}],
    [
      'wide (10 m/s, 24 h, y ≥ −2.5)',
      { thresholdMps: 10, minSeparationHours: 24, minAnnualReducedVariate: -2.5 },
    ],
  ] as const) {
    it(`${name}: same storms, rate, plotting positions and V50`, () => {
      const ref = REF.storms[name.startsWith('default') ? 'default' : 'wide'];
      const ours = independentStorms(SERIES.values, SERIES.intervalMinutes, options);
      expect(ours.thresholdMps).toBeCloseTo(ref.thresholdMps, 12);
      expect(ours.storms.map((s) => s.peakMps)).toEqual(ref.peaks);
      expect(ours.storms.map((s) => s.peakIndex)).toEqual(ref.peakIndices);
      expectRelative(ours.recordYears, ref.recordYears, 1e-12, 'years');
      expectRelative(ours.stormsPerYear, ref.stormsPerYear, 1e-12, 'rate');
      expect(ours.fittedCount).toBe(ref.fitted.length);
      ref.fitted.forEach((r: { mean: number; sd: number; annual: number; speed: number }, i: number) => {
        const p = ours.plot[i]!;
        expect(p.speedMps).toBe(r.speed);
        expectRelative(p.stormReducedVariate, r.mean, 1e-9, `ȳ rank ${i + 1}`);
        expectRelative(p.sd, r.sd, 1e-7, `σ rank ${i + 1}`);
      });
      expectRelative(ours.reducedVariate, ref.reducedVariate, 1e-12, 'y at r·50 storms');
      expectRelative(ours.fit!.dispersionPressure, ref.dispersionPressure, 1e-7, 'dispersion');
      expectRelative(ours.fit!.modePressure, ref.modePressure, 1e-7, 'mode');
      expectRelative(ours.fit!.returnValueMps, ref.returnValueMps, 1e-8, 'V50');
    });
  }

  it('default storms: 79 storms in 1.948 years (r = 40.56), the top 10 fitted, V50 33.97 m/s', () => {
    const ours = independentStorms(SERIES.values, SERIES.intervalMinutes);
    expect(ours.storms).toHaveLength(79);
    expect(ours.stormsPerYear).toBeCloseTo(40.56, 2);
    expect(ours.fittedCount).toBe(10);
    expect(ours.fit!.returnValueMps).toBeCloseTo(33.97, 2);
  });
});

describe('siteSuitability on the synthetic two years: short data said, every method shown', () => {
  it('two annual maxima: Gumbel on annual maxima not offered, periodic maxima and storms used, the highest decides', () => {
    const result = siteSuitability({
      grid: GRID,
      calendar: CALENDAR,
      hubHeightM: 100,
      speedMps: SERIES.values,
    });
    const method = (m: string) => result.extremes.estimates.find((e) => e.method === m)!;
    expect(method('annualMaxima').isOffered).toBe(false);
    expect(method('annualMaxima').reason).toBe('annualMaximaTooFew');
    expect(result.reasons).toContain('annualMaximaTooFew');
    expectRelative(
      method('periodicMaxima').valueMps,
      REF.monthlyMaxima.gringorten.returnValue,
      1e-10,
      'periodic',
    );
    expectRelative(method('independentStorms').valueMps, REF.storms.default.returnValueMps, 1e-8, 'storms');
    // Storms 33.97 > periodic maxima 33.57: the highest offered estimate decides.
    expect(result.extremes.chosen.method).toBe('independentStorms');
    expect(result.checks.find((c) => c.key === 'extremeWind')!.method).toBe('independentStorms');
  });
});
