import type { NumericSeries } from '../model/types.ts';
import { directionSectorIndex } from './direction-sector-index.ts';

/**
 * Sector index of every direction in a series (see {@link directionSectorIndex}); −1 where missing.
 * Computed once per direction channel and reused by roses, correlations and shear tables.
 *
 * @example directionSectorIndices([0, 90, NaN], 4) // Int16Array [0, 1, -1]
 */
export function directionSectorIndices(directionsDeg: NumericSeries, sectors: number): Int16Array {
  if (!Number.isInteger(sectors) || sectors < 1 || sectors > 360) {
    throw new Error('directionSectorIndices requires sectors to be an integer in 1..360');
  }
  const out = new Int16Array(directionsDeg.length);
  for (let i = 0; i < out.length; i++) out[i] = directionSectorIndex(directionsDeg[i]!, sectors);
  return out;
}
