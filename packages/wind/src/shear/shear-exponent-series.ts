import type { NumericSeries } from '../model/types.ts';
import { fitPowerLawExponent } from './fit-power-law-exponent.ts';

/**
 * Per-record shear exponent α(t) from the speeds at all heights (brightwind `Shear.TimeSeries`):
 * NaN unless every height is present and above `minSpeedMps` (default 3 m/s, strictly greater).
 * Used for the 12 × 24 α maps and for `V_hub(t)` extrapolation; the mean of α(t) is NOT the α of the
 * mean speeds (WIND-ANALYSIS §6).
 *
 * @example shearExponentSeries([[6.9], [6.0]], [70, 30])[0] // ≈ 0.1650
 */
export function shearExponentSeries(
  speedsMps: readonly NumericSeries[],
  heightsM: readonly number[],
  options: { minSpeedMps?: number } = {},
): Float64Array {
  const h = heightsM.length;
  if (speedsMps.length !== h || h < 2)
    throw new Error('shearExponentSeries requires one speed series per height, at least two');
  const n = speedsMps[0]!.length;
  const minSpeed = options.minSpeedMps ?? 3;
  const out = new Float64Array(n);
  const row = new Float64Array(h);
  for (let i = 0; i < n; i++) {
    let ok = true;
    for (let k = 0; k < h; k++) {
      const v = speedsMps[k]![i]!;
      if (!(v > minSpeed)) {
        ok = false;
        break;
      }
      row[k] = v;
    }
    out[i] = ok ? (fitPowerLawExponent(heightsM, row) ?? Number.NaN) : Number.NaN;
  }
  return out;
}
