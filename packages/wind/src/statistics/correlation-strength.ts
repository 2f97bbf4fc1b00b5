/**
 * Wording of a correlation (WIND-ANALYSIS §9, SPEC §5), lower-inclusive boundaries:
 * |R| < 0.3 weak, 0.3–0.7 moderate, ≥ 0.7 strong; R² < 0.1 low, 0.1–0.5 moderate, ≥ 0.5 high.
 *
 * @param r Pearson correlation coefficient
 * @returns the wordings, or undefined when r is NaN
 * @example correlationStrength(0.9675) // { r: 'strong', rSquared: 'high' }
 */
export function correlationStrength(
  r: number,
): { r: 'weak' | 'moderate' | 'strong'; rSquared: 'low' | 'moderate' | 'high' } | undefined {
  if (Number.isNaN(r)) return undefined;
  const a = Math.abs(r);
  const r2 = r * r;
  return {
    r: a >= 0.7 ? 'strong' : a >= 0.3 ? 'moderate' : 'weak',
    rSquared: r2 >= 0.5 ? 'high' : r2 >= 0.1 ? 'moderate' : 'low',
  };
}
