import { type FlagCode, strongerFlag } from '@masthub/wind';

/** Chart values keep 4 decimals: plenty for m/s, °, °C, hPa and %, and a third of the JSON. */
export function roundForChart(v: number): number {
  return Math.round(v * 1e4) / 1e4;
}

export interface TBuckets {
  avg: (number | null)[];
  min: (number | null)[];
  max: (number | null)[];
  flag: number[];
}

/**
 * Aggregates one channel's series (values[k] at seriesStartMs + k·stepMs, NaN = missing) into
 * `bucketCount` buckets of `bucketMs` from `bucketStartMs`: mean, min and max of the present values and
 * the strongest flag by precedence (invalid > icing > suspicious > filled > normal) of the present
 * values. Empty buckets give null. A bucket equal to the step returns the values themselves.
 *
 * @example downsample(Float32Array.of(1, 3, NaN, 5), new Uint8Array(4), 0, 600_000, 0, 1_200_000, 2)
 *   // { avg: [2, 5], min: [1, 5], max: [3, 5], flag: [0, 0] }
 */
export function downsample(
  values: Float32Array,
  flags: Uint8Array,
  seriesStartMs: number,
  stepMs: number,
  bucketStartMs: number,
  bucketMs: number,
  bucketCount: number,
): TBuckets {
  const sum = new Float64Array(bucketCount);
  const count = new Uint32Array(bucketCount);
  const lo = new Float64Array(bucketCount).fill(Number.POSITIVE_INFINITY);
  const hi = new Float64Array(bucketCount).fill(Number.NEGATIVE_INFINITY);
  const flag = new Array<number>(bucketCount).fill(0);
  for (let k = 0; k < values.length; k++) {
    const v = values[k]!;
    // biome-ignore lint/suspicious/noSelfCompare: NaN test in the hot loop
    if (v !== v) continue;
    const b = Math.floor((seriesStartMs + k * stepMs - bucketStartMs) / bucketMs);
    if (b < 0 || b >= bucketCount) continue;
    sum[b]! += v;
    count[b]!++;
    if (v < lo[b]!) lo[b] = v;
    if (v > hi[b]!) hi[b] = v;
    const f = flags[k]! as FlagCode;
    if (f !== 0) flag[b] = strongerFlag(flag[b]! as FlagCode, f);
  }
  const avg: (number | null)[] = new Array(bucketCount);
  const min: (number | null)[] = new Array(bucketCount);
  const max: (number | null)[] = new Array(bucketCount);
  for (let b = 0; b < bucketCount; b++) {
    if (count[b] === 0) {
      avg[b] = null;
      min[b] = null;
      max[b] = null;
    } else {
      avg[b] = roundForChart(sum[b]! / count[b]!);
      min[b] = roundForChart(lo[b]!);
      max[b] = roundForChart(hi[b]!);
    }
  }
  return { avg, min, max, flag };
}
