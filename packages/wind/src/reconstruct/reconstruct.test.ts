import { describe, expect, it } from 'vitest';
import { reconstructSeries } from './reconstruct-series.ts';
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
    for (let i = 0; i < values.length; i++) {
      if (!Number.isNaN(values[i]!)) expect(result.values[i]).toBe(values[i]);
    }
    expect(Number.isNaN(result.values[10 * DAY]!)).toBe(true);
    expect(result.flags[10 * DAY]).toBe(0);
    expect(result.steps[0]!.filledCount).toBe(DAY - 6);
  });
});
