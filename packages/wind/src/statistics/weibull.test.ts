import { describe, expect, it } from 'vitest';
import { findRoot } from '../math/find-root.ts';
import { fitWeibull } from './fit-weibull.ts';
import { speedFrequency } from './speed-frequency.ts';
import {
  weibullCumulative,
  weibullDensity,
  weibullMeanSpeed,
  weibullPowerDensity,
} from './weibull-distribution.ts';
import { windPowerDensity } from './wind-power-density.ts';

// WIND-ANALYSIS §8.2 example: speeds 1…12 m/s with counts 3, 7, 11, 14, 15, 14, 12, 9, 7, 4, 3, 1.
const COUNTS = [3, 7, 11, 14, 15, 14, 12, 9, 7, 4, 3, 1];
const SPEEDS = Float64Array.from(COUNTS.flatMap((c, i) => Array<number>(c).fill(i + 1)));

describe('fitWeibull (WIND-ANALYSIS §8.2 worked example)', () => {
  it('fitWeibull(example, mle) → A = 6.422, k = 2.425 (scipy weibull_min.fit floc=0)', () => {
    const fit = fitWeibull(SPEEDS, { method: 'mle' })!;
    expect(fit.scaleMps).toBeCloseTo(6.422, 3);
    expect(fit.shape).toBeCloseTo(2.425, 3);
    expect(fit.count).toBe(100);
  });

  it('fitWeibull(example, ls) → A = 6.396, k = 2.410', () => {
    const fit = fitWeibull(SPEEDS, { method: 'ls' })!;
    expect(fit.scaleMps).toBeCloseTo(6.396, 3);
    expect(fit.shape).toBeCloseTo(2.41, 3);
  });

  it('fitWeibull(example) defaults to WAsP → A = 6.535, k = 2.646', () => {
    const fit = fitWeibull(SPEEDS)!;
    expect(fit.method).toBe('wasp');
    expect(fit.scaleMps).toBeCloseTo(6.535, 3);
    expect(fit.shape).toBeCloseTo(2.646, 3);
  });

  it('fitWeibull(example, moment) → A = 6.418, k = 2.412', () => {
    const fit = fitWeibull(SPEEDS, { method: 'moment' })!;
    expect(fit.scaleMps).toBeCloseTo(6.418, 3);
    expect(fit.shape).toBeCloseTo(2.412, 3);
  });

  it('fitWeibull returns undefined for empty, all-NaN, single-value and constant input', () => {
    for (const method of ['wasp', 'mle', 'ls', 'moment'] as const) {
      expect(fitWeibull([], { method })).toBeUndefined();
      expect(fitWeibull([Number.NaN, Number.NaN], { method })).toBeUndefined();
      expect(fitWeibull([5], { method })).toBeUndefined();
      expect(fitWeibull([5, 5, 5, 5], { method })).toBeUndefined();
    }
  });

  it('fitWeibull skips NaN and, for mle and ls, zero speeds', () => {
    const withGaps = Float64Array.from([...SPEEDS, Number.NaN, 0, 0]);
    expect(fitWeibull(withGaps, { method: 'mle' })!.shape).toBeCloseTo(2.425, 3);
    expect(fitWeibull(withGaps, { method: 'ls' })!.count).toBe(100);
  });

  it('fitWeibull recovers A = 8, k = 2 from a large Weibull sample (inverse CDF) with every method', () => {
    const n = 20000;
    const sample = new Float64Array(n);
    for (let i = 0; i < n; i++) sample[i] = 8 * (-Math.log(1 - (i + 0.5) / n)) ** (1 / 2);
    for (const method of ['wasp', 'mle', 'moment'] as const) {
      const fit = fitWeibull(sample, { method })!;
      expect(Math.abs(fit.scaleMps - 8)).toBeLessThan(0.05);
      expect(Math.abs(fit.shape - 2)).toBeLessThan(0.05);
    }
  });

  it('fitWeibull throws on an unknown method', () => {
    // @ts-expect-error testing a caller mistake
    expect(() => fitWeibull(SPEEDS, { method: 'x' })).toThrow('fitWeibull requires method');
  });
});

describe('wind power density (WIND-ANALYSIS §8.3 worked example, ρ = 1.225)', () => {
  it('windPowerDensity(example) = 181.91 W/m²; WAsP fit gives the same by construction', () => {
    expect(windPowerDensity(SPEEDS)).toBeCloseTo(181.91, 2);
    const wasp = fitWeibull(SPEEDS)!;
    expect(weibullPowerDensity(wasp.scaleMps, wasp.shape)).toBeCloseTo(windPowerDensity(SPEEDS)!, 9);
  });

  it('weibullPowerDensity of the MLE fit ≈ 182.43 and of the LS fit ≈ 181.07 W/m²', () => {
    const mle = fitWeibull(SPEEDS, { method: 'mle' })!;
    const ls = fitWeibull(SPEEDS, { method: 'ls' })!;
    expect(weibullPowerDensity(mle.scaleMps, mle.shape, 1.225)).toBeCloseTo(182.43, 1);
    expect(weibullPowerDensity(ls.scaleMps, ls.shape, 1.225)).toBeCloseTo(181.07, 1);
  });

  it('windPowerDensity with a density series uses ρ per record and skips records without ρ', () => {
    expect(windPowerDensity([2, 4], [1, Number.NaN])).toBe(4);
    expect(windPowerDensity([Number.NaN])).toBeUndefined();
    expect(() => windPowerDensity([1, 2], [1])).toThrow('windPowerDensity requires');
  });

  it('weibullMeanSpeed, weibullDensity and weibullCumulative follow the closed forms', () => {
    expect(weibullMeanSpeed(6, 2)).toBeCloseTo(6 * 0.886226925, 8);
    expect(weibullCumulative(6, 6, 2)).toBeCloseTo(1 - Math.exp(-1), 12);
    expect(weibullCumulative(0, 6, 2)).toBe(0);
    expect(weibullDensity(-1, 6, 2)).toBe(0);
    // density integrates to 1
    let integral = 0;
    for (let v = 0.005; v < 60; v += 0.01) integral += weibullDensity(v, 6, 2) * 0.01;
    expect(integral).toBeCloseTo(1, 4);
  });
});

describe('speedFrequency', () => {
  it('speedFrequency(example) puts each integer speed in its centred bin and sums to 100 %', () => {
    const f = speedFrequency(SPEEDS)!;
    expect(f.bins.map((b) => b.count)).toEqual([0, ...COUNTS]);
    expect(f.bins.reduce((a, b) => a + b.frequencyPct, 0)).toBeCloseTo(100, 10);
    expect(f.bins[1]).toMatchObject({ centreMps: 1, lowerMps: 0.5, upperMps: 1.5 });
  });

  it('speedFrequency with GB edges differs only at x.5: 4.5 → bin 4 (GB) versus bin 5 (default)', () => {
    expect(speedFrequency([4.5])!.bins[5]!.count).toBe(1);
    expect(speedFrequency([4.5], { edges: 'gb' })!.bins[4]!.count).toBe(1);
    expect(speedFrequency([4.6], { edges: 'gb' })!.bins[5]!.count).toBe(1);
  });

  it('speedFrequency of empty or all-NaN input is undefined; maxSpeedMps pads empty bins', () => {
    expect(speedFrequency([])).toBeUndefined();
    expect(speedFrequency([Number.NaN])).toBeUndefined();
    expect(speedFrequency([1], { maxSpeedMps: 30 })!.bins).toHaveLength(31);
    expect(() => speedFrequency([1], { binWidthMps: 0 })).toThrow('speedFrequency requires binWidthMps');
  });
});

/** The MLE shape by plain bisection over every value (the definition before the Newton solver). */
function mleShapeByBisection(speeds: ArrayLike<number>): number | undefined {
  const logs: number[] = [];
  for (let i = 0; i < speeds.length; i++) if (speeds[i]! > 0) logs.push(Math.log(speeds[i]!));
  const meanLog = logs.reduce((a, b) => a + b, 0) / logs.length;
  return findRoot(
    (k) => {
      let sk = 0;
      let skl = 0;
      for (const l of logs) {
        const p = Math.exp(k * l);
        sk += p;
        skl += p * l;
      }
      return skl / sk - 1 / k - meanLog;
    },
    0.01,
    50,
  );
}

describe('fitWeibull mle by Newton steps over the distinct speeds', () => {
  function seeded(seed: number): () => number {
    let s = seed;
    return () => {
      s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
      return s / 2_147_483_648;
    };
  }
  /** Weibull(A, k) samples by inversion, rounded to `decimals` (a logger's resolution) or not. */
  function sample(a: number, k: number, n: number, decimals: number | undefined, seed: number): Float64Array {
    const random = seeded(seed);
    return Float64Array.from({ length: n }, () => {
      const v = a * (-Math.log(1 - random())) ** (1 / k);
      return decimals === undefined ? v : Math.round(v * 10 ** decimals) / 10 ** decimals;
    });
  }

  it.each([
    ['rounded to 0.01 m/s, k = 2', 7, 2, 0.01],
    ['rounded to 0.1 m/s, k = 1.3', 5, 1.3, 0.1],
    ['continuous, k = 3.5', 9, 3.5, undefined],
    ['continuous, k = 0.8', 4, 0.8, undefined],
    ['rounded to 1 m/s, k = 6', 10, 6, 1],
  ] as const)('finds the same shape as bisection over every value (%s)', (_, a, k, step) => {
    const decimals = step === undefined ? undefined : Math.round(-Math.log10(step));
    const speeds = sample(a, k, 20_000, decimals, 7);
    const fit = fitWeibull(speeds, { method: 'mle' })!;
    const reference = mleShapeByBisection(speeds)!;
    expect(Math.abs(fit.shape - reference) / reference).toBeLessThan(1e-9);
    expect(fit.shape).toBeCloseTo(k, 0);
  });
});
