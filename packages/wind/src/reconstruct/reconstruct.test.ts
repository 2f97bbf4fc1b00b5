import { describe, expect, it } from 'vitest';
import { crossValidateReconstruction } from './cross-validate-reconstruction.ts';
import { gapRuns } from './gap-runs.ts';
import { holdOutBlocks } from './hold-out-blocks.ts';
import { reconstructSeries } from './reconstruct-series.ts';
import { GRAVITY, R_DRY_AIR } from './source-models.ts';
import type { ReconstructSource, ReconstructTarget } from './types.ts';

const START = Date.UTC(2023, 0, 1);
const DAY = 144;

/** Deterministic LCG in [0, 1). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

/** A wind-like speed series and vane of `days` days at 10 minutes. */
function makeWind(days: number, seed = 7): { speed: Float64Array; dir: Float64Array } {
  const n = days * DAY;
  const rnd = random(seed);
  const speed = new Float64Array(n);
  const dir = new Float64Array(n);
  let level = 7;
  let heading = 200;
  for (let i = 0; i < n; i++) {
    level = Math.max(0.3, level + (rnd() - 0.5) * 0.8 + (7 - level) * 0.01);
    heading = (heading + (rnd() - 0.5) * 20 + 360) % 360;
    speed[i] = level;
    dir[i] = heading;
  }
  return { speed, dir };
}

function withNoise(values: Float64Array, scale: number, offset: number, noise: number, seed: number) {
  const rnd = random(seed);
  return values.map((v) => Math.max(0, scale * v + offset + (rnd() - 0.5) * noise));
}

function blank(values: Float64Array, from: number, to: number): Float64Array {
  const out = Float64Array.from(values);
  out.fill(Number.NaN, from, to);
  return out;
}

function speedSource(id: string, values: Float64Array, dir?: Float64Array): ReconstructSource {
  return { id, kind: 'other_height', element: 'ws', values, directionDeg: dir };
}

describe('reconstructSeries', () => {
  const days = 120;
  const { speed, dir } = makeWind(days);
  const truth = withNoise(speed, 1.12, 0.2, 0.3, 11);

  it('fills one gap from the best source and, where that source is absent too, from the next', () => {
    const target: ReconstructTarget = {
      id: 'ws80',
      element: 'ws',
      heightM: 80,
      values: blank(truth, 50 * DAY, 52 * DAY),
    };
    // The close source (little noise) misses the first half of the gap; the far one is complete.
    const close = blank(withNoise(speed, 1.1, 0.1, 0.1, 3), 50 * DAY, 51 * DAY);
    const far = withNoise(speed, 0.9, 0, 1.5, 5);
    const result = reconstructSeries(
      target,
      [speedSource('far', far, dir), speedSource('close', close, dir)],
      {
        startMs: START,
        intervalMinutes: 10,
      },
    );
    expect(result.steps.map((s) => s.sourceId)).toEqual(['close', 'far']);
    expect(result.steps[0]!.skill.rmse).toBeLessThan(result.steps[1]!.skill.rmse);
    expect(result.steps.map((s) => s.filledCount)).toEqual([DAY, DAY]);
    expect(result.filledBy[50 * DAY]).toBe(1);
    expect(result.filledBy[51 * DAY]).toBe(0);
    expect(result.filledBy[49 * DAY]).toBe(-1);
    let worst = 0;
    for (let i = 50 * DAY; i < 52 * DAY; i++) {
      expect(result.flags[i]).toBe(1);
      worst = Math.max(worst, Math.abs(result.values[i]! - truth[i]!));
    }
    expect(worst).toBeLessThan(1.5);
    expect(result.gaps.count).toBe(1);
    expect(result.gaps.byLength.find((c) => c.count === 1)!.maxHours).toBe(168);
    expect(result.recovery.beforePct).toBeCloseTo(((days - 2) / days) * 100, 10);
    expect(result.recovery.afterPct).toBeCloseTo(100, 10);
  });

  it('never touches measured values and leaves a slot without any source missing', () => {
    const values = blank(truth, 10 * DAY, 11 * DAY);
    const source = blank(withNoise(speed, 1.1, 0.1, 0.1, 3), 10 * DAY, 10 * DAY + 6);
    const result = reconstructSeries({ id: 't', element: 'ws', values }, [speedSource('s', source)], {
      startMs: START,
      intervalMinutes: 10,
    });
    let changed = 0;
    for (let i = 0; i < values.length; i++) {
      if (!Number.isNaN(values[i]!) && result.values[i] !== values[i]) changed++;
    }
    expect(changed).toBe(0);
    expect(Number.isNaN(result.values[10 * DAY]!)).toBe(true);
    expect(result.flags[10 * DAY]).toBe(0);
    expect(result.steps[0]!.filledCount).toBe(DAY - 6);
  });

  it('fills a slot flagged invalid or icing and keeps suspicious values as measured', () => {
    const values = Float64Array.from(truth);
    const flags = new Uint8Array(values.length);
    flags[100] = 3;
    flags[101] = 4;
    flags[102] = 2;
    const source = withNoise(speed, 1.1, 0.1, 0.1, 3);
    const result = reconstructSeries({ id: 't', element: 'ws', values, flags }, [speedSource('s', source)], {
      startMs: START,
      intervalMinutes: 10,
    });
    expect([...result.flags.subarray(100, 103)]).toEqual([1, 1, 2]);
    expect(result.values[100]).not.toBe(values[100]);
    expect(result.values[102]).toBe(values[102]);
    expect(result.gaps).toMatchObject({ count: 1, slots: 2 });
  });

  it('rejects a source with too little concurrent data, one without overlap and a weakly correlated one', () => {
    const values = blank(truth, 60 * DAY, 61 * DAY);
    const short = new Float64Array(values.length).fill(Number.NaN);
    short.set(speed.subarray(0, 5 * DAY), 0);
    short.set(speed.subarray(60 * DAY, 61 * DAY), 60 * DAY);
    const none = new Float64Array(values.length).fill(Number.NaN);
    none.set(speed.subarray(60 * DAY, 61 * DAY), 60 * DAY);
    const rnd = random(99);
    const weak = Float64Array.from(values, () => 7 + 3 * rnd());
    const result = reconstructSeries(
      { id: 't', element: 'ws', values },
      [speedSource('short', short), speedSource('none', none), speedSource('weak', weak)],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(result.steps).toEqual([]);
    expect(result.rejected.map((r) => [r.sourceId, r.reason])).toEqual([
      ['short', 'tooFewPairs'],
      ['none', 'noOverlap'],
      ['weak', 'weakCorrelation'],
    ]);
    expect(result.rejected[0]!.concurrentHours).toBe(120);
    expect(result.recovery.afterPct).toBe(result.recovery.beforePct);
  });

  it('fits speed by the sectors of the source vane and uses the speed ratio for an overlap under 30 days', () => {
    const values = blank(truth, 90 * DAY, 91 * DAY);
    const long = reconstructSeries(
      { id: 't', element: 'ws', values },
      [speedSource('s', withNoise(speed, 1.1, 0.1, 0.1, 3), dir)],
      {
        startMs: START,
        intervalMinutes: 10,
      },
    );
    expect(long.steps[0]!.method).toBe('ols');
    expect(long.steps[0]!.fit.sectors).toHaveLength(12);
    const shortValues = new Float64Array(values.length).fill(Number.NaN);
    shortValues.set(truth.subarray(70 * DAY, 90 * DAY), 70 * DAY);
    const short = reconstructSeries(
      { id: 't', element: 'ws', values: shortValues },
      [speedSource('s', speed, dir)],
      {
        startMs: START,
        intervalMinutes: 10,
      },
    );
    expect(short.steps[0]!.method).toBe('speed_ratio');
    expect(short.steps[0]!.fit.offset).toBe(0);
    expect(short.steps[0]!.fit.sectors).toBeUndefined();
  });

  it("picks the best cross-validated long-term method with 'auto' and keeps at most maxSources", () => {
    const values = blank(truth, 30 * DAY, 31 * DAY);
    const sources = [
      speedSource('a', withNoise(speed, 1.1, 0.1, 0.2, 3)),
      speedSource('b', withNoise(speed, 0.8, 0.5, 0.6, 4)),
    ];
    const result = reconstructSeries({ id: 't', element: 'ws', values }, sources, {
      startMs: START,
      intervalMinutes: 10,
      method: 'auto',
      maxSources: 1,
    });
    expect(result.steps).toHaveLength(1);
    expect(result.steps[0]!.sourceId).toBe('a');
    expect(['ols', 'tls', 'variance_ratio', 'speed_sort', 'speed_ratio', 'ols_through_origin']).toContain(
      result.steps[0]!.method,
    );
  });

  it('fills direction from another vane plus its veer, across north', () => {
    const target = dir.map((d) => (d + 20) % 360);
    const values = blank(target, 40 * DAY, 41 * DAY);
    const result = reconstructSeries(
      { id: 'wd', element: 'wd', values },
      [{ id: 'vane', kind: 'redundant', element: 'wd', values: dir }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(result.steps[0]!.method).toBe('veer');
    expect(result.steps[0]!.fit.veerDeg).toBeCloseTo(20, 6);
    expect(result.steps[0]!.skill.r).toBeCloseTo(1, 6);
    for (let i = 40 * DAY; i < 41 * DAY; i++) {
      expect(result.values[i]).toBeGreaterThanOrEqual(0);
      expect(result.values[i]).toBeLessThan(360);
      expect(Math.abs(((result.values[i]! - target[i]! + 540) % 360) - 180)).toBeLessThan(1e-6);
    }
  });

  it('moves temperature by the lapse rate and pressure by the hypsometric equation when nothing overlaps', () => {
    const n = 30 * DAY;
    const t10 = Float64Array.from({ length: n }, (_, i) => 10 + 5 * Math.sin(i / 100));
    const empty = new Float64Array(n).fill(Number.NaN);
    const t = reconstructSeries(
      { id: 'T80', element: 'T', heightM: 80, values: empty },
      [{ id: 'T10', kind: 'other_height', element: 'T', heightM: 10, values: t10 }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(t.steps[0]!.method).toBe('lapse_rate');
    expect(t.values[5]).toBeCloseTo(t10[5]! - 0.0065 * 70, 12);
    const p0 = new Float64Array(n).fill(1000);
    const p = reconstructSeries(
      { id: 'P100', element: 'P', heightM: 100, values: empty },
      [{ id: 'P0', kind: 'reference', element: 'P', heightM: 0, values: p0 }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(p.steps[0]!.method).toBe('barometric');
    expect(p.values[0]).toBeCloseTo(1000 * Math.exp((-GRAVITY * 100) / (R_DRY_AIR * 288.15)), 9); // 988.2 hPa
    expect(p.values[0]).toBeCloseTo(988.21, 2);
    const rh = reconstructSeries(
      {
        id: 'RH',
        element: 'RH',
        values: blank(
          Float64Array.from(t10, (v) => 90 + v),
          0,
          DAY,
        ),
      },
      [{ id: 'RH2', kind: 'neighbour', element: 'RH', values: Float64Array.from(t10, (v) => 85 + v) }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(rh.steps[0]!.method).toBe('offset');
    expect(rh.steps[0]!.fit.offset).toBeCloseTo(5, 9);
    expect(Math.max(...rh.values.subarray(0, DAY))).toBeLessThanOrEqual(100);
  });
});

describe('reconstructSeries input checks', () => {
  it('refuses a source of another element or off the target grid', () => {
    const values = new Float64Array(10);
    const options = { startMs: START, intervalMinutes: 10 };
    expect(() =>
      reconstructSeries(
        { id: 't', element: 'ws', values },
        [{ id: 'd', kind: 'redundant', element: 'wd', values }],
        options,
      ),
    ).toThrow(/source d is wd/);
    expect(() =>
      reconstructSeries(
        { id: 't', element: 'ws', values },
        [{ id: 's', kind: 'redundant', element: 'ws', values, directionDeg: new Float64Array(9) }],
        options,
      ),
    ).toThrow(/not on the target's grid/);
  });
});

describe('temperature and pressure with some overlap', () => {
  const n = 40 * DAY;
  const t10 = Float64Array.from({ length: n }, (_, i) => 10 + 5 * Math.sin(i / 100) + 3 * Math.sin(i / 900));

  it('takes the lapse rate below the minimum concurrent time and tests it on the few pairs there are', () => {
    const t80 = new Float64Array(n).fill(Number.NaN);
    for (let i = 0; i < 3 * DAY; i++) t80[i] = t10[i]! - 0.8; // 3 days measured, 0.8 K colder
    const r = reconstructSeries(
      { id: 'T80', element: 'T', heightM: 80, values: t80 },
      [{ id: 'T10', kind: 'other_height', element: 'T', heightM: 10, values: t10 }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(r.steps[0]!.method).toBe('lapse_rate');
    expect(r.steps[0]!.skill.concurrentCount).toBe(3 * DAY);
    expect(r.steps[0]!.skill.bias).toBeCloseTo(0.8 - 0.455, 9);
  });

  it('fits an offset after the barometric reduction when pressure overlaps', () => {
    const p0 = Float64Array.from(t10, (t) => 1000 + t);
    const factor = Math.exp((-GRAVITY * 50) / (R_DRY_AIR * 288.15));
    const p50 = Float64Array.from(p0, (p, i) => (i < 5 * DAY ? Number.NaN : p * factor + 0.3));
    const r = reconstructSeries(
      { id: 'P50', element: 'P', heightM: 50, values: p50 },
      [{ id: 'P0', kind: 'other_height', element: 'P', heightM: 0, values: p0 }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(r.steps[0]!.method).toBe('barometric_offset');
    expect(r.steps[0]!.fit.offset).toBeCloseTo(0.3, 9);
    expect(r.values[0]).toBeCloseTo(p0[0]! * factor + 0.3, 9);
  });
});

describe('gap classes and hold-out blocks', () => {
  it('counts gaps by length class', () => {
    const usable = new Uint8Array(2000).fill(1);
    usable.fill(0, 10, 12); // 20 min
    usable.fill(0, 100, 130); // 5 h
    usable.fill(0, 200, 1200); // ≈ 7 days
    const g = gapRuns(usable, 10);
    expect(g.count).toBe(3);
    expect(g.byLength.map((c) => [c.maxHours, c.count, c.slots])).toEqual([
      [1, 1, 2],
      [6, 1, 30],
      [24, 0, 0],
      [168, 1, 1000],
      [720, 0, 0],
      [4321 / 6, 0, 0],
    ]);
  });

  it('holds out the same blocks for the same seed, on valid slots only, about the share asked', () => {
    const usable = new Uint8Array(20_000).fill(1);
    usable.fill(0, 5000, 6000);
    const a = holdOutBlocks(usable, [6, 36, 144], 0.1, 7);
    const b = holdOutBlocks(usable, [6, 36, 144], 0.1, 7);
    expect(a.starts).toEqual(b.starts);
    expect(a.slots).toBe(1900);
    for (let i = 5000; i < 6000; i++) expect(a.mask[i]).toBe(0);
  });
});

describe('crossValidateReconstruction', () => {
  const { speed, dir } = makeWind(200, 3);
  const truth = withNoise(speed, 1.12, 0.2, 0.3, 11);
  const values = blank(truth, 20 * DAY, 23 * DAY);

  it('reports the held-out bias, RMSE and annual-mean error of a good source, repeatably', () => {
    const sources = [speedSource('s', withNoise(speed, 1.1, 0.1, 0.3, 3), dir)];
    const options = { startMs: START, intervalMinutes: 10, seed: 5 };
    const cv = crossValidateReconstruction({ id: 't', element: 'ws', values }, sources, options);
    expect(cv).toEqual(crossValidateReconstruction({ id: 't', element: 'ws', values }, sources, options));
    expect(cv.heldOutSlots / (197 * DAY)).toBeCloseTo(0.1, 2);
    expect(cv.filledSlots).toBe(cv.heldOutSlots);
    // Two independent noises of ±0.15 (uniform): the error sd is √2 · 0.3/√12 ≈ 0.12 m/s.
    expect(cv.rmse).toBeGreaterThan(0.08);
    expect(cv.rmse).toBeLessThan(0.16);
    expect(Math.abs(cv.bias)).toBeLessThan(0.03);
    expect(Math.abs(cv.annualMeanErrorPct)).toBeLessThan(0.1);
    expect(cv.annualMeanUncertaintyPct).toBeGreaterThan(0);
    expect(cv.bySourceKind.other_height?.slots).toBe(cv.filledSlots);
    expect(cv.directionErrorDeg).toBeUndefined();
  });

  it('reports the direction error of a vane reconstruction', () => {
    const rnd = random(8);
    const target = dir.map((d) => (d + 10 + (rnd() - 0.5) * 10 + 360) % 360);
    const cv = crossValidateReconstruction(
      { id: 'wd', element: 'wd', values: blank(target, 20 * DAY, 23 * DAY) },
      [{ id: 'vane', kind: 'redundant', element: 'wd', values: dir }],
      { startMs: START, intervalMinutes: 10 },
    );
    expect(cv.directionErrorDeg).toBeGreaterThan(1.5);
    expect(cv.directionErrorDeg).toBeLessThan(3); // uniform ±5°: mean |e| = 2.5°
    expect(Number.isNaN(cv.annualMeanErrorPct)).toBe(true);
  });
});
