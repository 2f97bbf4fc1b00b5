import { describe, expect, it } from 'vitest';
import { quantileSorted } from './quantile-sorted.ts';
import { quantileInPlace } from './quantile-unsorted.ts';

function seeded(seed: number): () => number {
  let s = seed;
  return () => {
    s = (s * 1_103_515_245 + 12_345) % 2_147_483_648;
    return s / 2_147_483_648;
  };
}

describe('quantileInPlace', () => {
  it('gives the interpolated quantile of the docs example', () => {
    expect(quantileInPlace(Float64Array.of(5, 1, 4, 2, 3), 0.9)).toBeCloseTo(4.6, 12);
  });

  it('equals the sorted-copy quantile on random, repeated and sorted data for every p', () => {
    const random = seeded(7);
    const sets = [
      Float64Array.from({ length: 1001 }, () => random()),
      Float64Array.from({ length: 500 }, () => Math.round(random() * 5) / 100),
      Float64Array.from({ length: 300 }, (_, i) => i),
      Float64Array.from({ length: 300 }, (_, i) => 300 - i),
      new Float64Array(50).fill(0.12),
      Float64Array.of(3),
      Float64Array.of(2, 1),
    ];
    for (const set of sets) {
      const sorted = Float64Array.from(set).sort();
      for (const p of [0, 0.1, 0.5, 0.9, 0.95, 1]) {
        expect(quantileInPlace(Float64Array.from(set), p)).toBe(quantileSorted(sorted, p));
      }
    }
  });

  it('gives undefined for no values', () => {
    expect(quantileInPlace(new Float64Array(0), 0.9)).toBeUndefined();
  });
});
