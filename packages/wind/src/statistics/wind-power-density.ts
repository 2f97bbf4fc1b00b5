import type { NumericSeries } from '../model/types.ts';

/**
 * Mean wind power density of a series, (1/N)·Σ ½ρ_i v_i³ in W/m² (WIND-ANALYSIS §8.3; never ½ρ(v̄)³).
 * With a density series, records where ρ is missing are skipped.
 *
 * @param speedsMps wind speeds, NaN skipped
 * @param airDensityKgM3 a constant ρ (default 1.225) or a series parallel to the speeds
 * @returns the mean WPD, or undefined when no pair is present
 * @example windPowerDensity([5, 6, 7]) // ≈ 133.6 W/m² (½·1.225·(125 + 216 + 343)/3)
 */
export function windPowerDensity(
  speedsMps: NumericSeries,
  airDensityKgM3: number | NumericSeries = 1.225,
): number | undefined {
  const n = speedsMps.length;
  let sum = 0;
  let count = 0;
  if (typeof airDensityKgM3 === 'number') {
    for (let i = 0; i < n; i++) {
      const v = speedsMps[i]!;
      if (Number.isNaN(v)) continue;
      sum += v * v * v;
      count++;
    }
    return count > 0 ? (0.5 * airDensityKgM3 * sum) / count : undefined;
  }
  if (airDensityKgM3.length !== n)
    throw new Error('windPowerDensity requires the density series to match the speeds');
  for (let i = 0; i < n; i++) {
    const v = speedsMps[i]!;
    const rho = airDensityKgM3[i]!;
    if (Number.isNaN(v) || Number.isNaN(rho)) continue;
    sum += rho * v * v * v;
    count++;
  }
  return count > 0 ? (0.5 * sum) / count : undefined;
}
