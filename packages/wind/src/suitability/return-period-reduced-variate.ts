/**
 * Gumbel reduced variate of a return period of T blocks (years, months, storms):
 * y = −ln(−ln(1 − 1/T)) (WIND-ANALYSIS §8.9, §14). T = 50 years → 3.9019; 50 years of monthly
 * maxima (T = 600 months) → 6.3960.
 *
 * @param returnPeriod T in blocks, > 1
 * @example returnPeriodReducedVariate(50) // ≈ 3.9019
 */
export function returnPeriodReducedVariate(returnPeriod: number): number {
  if (!(returnPeriod > 1)) throw new Error('returnPeriodReducedVariate requires a return period above 1');
  return -Math.log(-Math.log(1 - 1 / returnPeriod));
}
