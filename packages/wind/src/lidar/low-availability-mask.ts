import type { NumericSeries } from '../model/types.ts';
import { asFraction } from './as-fraction.ts';
import { availabilityScale } from './availability-scale.ts';
import { LIDAR_FILTER_DEFAULTS } from './lidar-filter-defaults.ts';

/**
 * 1 where a record's availability (or packet share) is below the threshold, else 0. The threshold is a
 * percentage or a fraction ({@link asFraction}); the series' own scale is detected unless given. A
 * record with 0 availability always fails, even with a threshold of 0 — the lidar wrote a speed it did
 * not measure (the z06 buoy file does exactly that). A missing availability is no evidence: 0.
 *
 * @example lowAvailabilityMask([100, 79, 0, NaN]) // Uint8Array [0, 1, 1, 0]
 */
export function lowAvailabilityMask(
  availability: NumericSeries,
  options: { threshold?: number; scale?: 'percent' | 'fraction' } = {},
): Uint8Array {
  const threshold = asFraction(options.threshold ?? LIDAR_FILTER_DEFAULTS.availabilityMin);
  const toFraction = (options.scale ?? availabilityScale(availability)) === 'percent' ? 0.01 : 1;
  const out = new Uint8Array(availability.length);
  for (let i = 0; i < availability.length; i++) {
    const v = availability[i]!;
    if (Number.isNaN(v)) continue;
    const share = v * toFraction;
    if (share <= 0 || share < threshold - 1e-12) out[i] = 1;
  }
  return out;
}
