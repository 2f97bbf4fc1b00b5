import { describe, expect, it } from 'vitest';
import { downsample } from './downsample.ts';

describe('downsample', () => {
  it('averages, bounds and flags each bucket from its present values', () => {
    const values = Float32Array.of(1, 3, Number.NaN, 5, 2, 2);
    const flags = Uint8Array.of(0, 2, 3, 0, 4, 3);
    const out = downsample(values, flags, 0, 600_000, 0, 1_200_000, 3);
    expect(out.avg).toEqual([2, 5, 2]);
    expect(out.min).toEqual([1, 5, 2]);
    expect(out.max).toEqual([3, 5, 2]);
    // The missing value's flag does not count; invalid beats icing.
    expect(out.flag).toEqual([2, 0, 3]);
  });

  it('gives null for empty buckets and ignores values outside the buckets', () => {
    const out = downsample(Float32Array.of(4, 4), new Uint8Array(2), 0, 600_000, 600_000, 600_000, 3);
    expect(out.avg).toEqual([4, null, null]);
  });

  it('aligns a series that starts inside a bucket', () => {
    const out = downsample(Float32Array.of(1, 2, 3), new Uint8Array(3), 1_200_000, 600_000, 0, 1_800_000, 2);
    expect(out.avg).toEqual([1, 2.5]);
  });
});
