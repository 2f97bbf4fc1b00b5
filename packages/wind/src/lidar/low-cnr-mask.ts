import type { NumericSeries } from '../model/types.ts';
import { LIDAR_FILTER_DEFAULTS } from './lidar-filter-defaults.ts';

/**
 * 1 where the carrier-to-noise ratio is below the threshold (default −22 dB, see
 * {@link LIDAR_FILTER_DEFAULTS} for why some use −29 dB), else 0; a missing CNR is 0.
 *
 * @example lowCnrMask([-5, -23, -22, NaN]) // Uint8Array [0, 1, 0, 0]
 */
export function lowCnrMask(
  cnrDb: NumericSeries,
  thresholdDb: number = LIDAR_FILTER_DEFAULTS.cnrMinDb,
): Uint8Array {
  const out = new Uint8Array(cnrDb.length);
  for (let i = 0; i < cnrDb.length; i++) {
    const v = cnrDb[i]!;
    if (!Number.isNaN(v) && v < thresholdDb) out[i] = 1;
  }
  return out;
}
