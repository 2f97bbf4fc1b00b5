import type { NumericSeries } from '../model/types.ts';
import { asFraction } from './as-fraction.ts';
import { availabilityScale } from './availability-scale.ts';

/**
 * 1 where a sodar or lidar quality factor (Triton: 0–100 % per time and height, samples/LIDAR.md §8) is
 * below the threshold, else 0. No vendor threshold is published, so the caller always gives one, as a
 * percentage or a fraction; the series' scale is detected unless given. A missing value is 0.
 *
 * @example lowQualityMask([95, 60, NaN], 90) // Uint8Array [0, 1, 0]
 */
export function lowQualityMask(
  quality: NumericSeries,
  threshold: number,
  scale: 'percent' | 'fraction' = availabilityScale(quality),
): Uint8Array {
  const limit = asFraction(threshold);
  const toFraction = scale === 'percent' ? 0.01 : 1;
  const out = new Uint8Array(quality.length);
  for (let i = 0; i < quality.length; i++) {
    const v = quality[i]!;
    if (!Number.isNaN(v) && v * toFraction < limit - 1e-12) out[i] = 1;
  }
  return out;
}
