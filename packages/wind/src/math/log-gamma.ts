const COEFFICIENTS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
] as const;

/**
 * Natural logarithm of the gamma function for x > 0 (Lanczos approximation, g = 7, n = 9;
 * relative error ≈ 1e-15). Reference: https://en.wikipedia.org/wiki/Lanczos_approximation
 *
 * @internal
 * @example logGamma(5) // ln 24 ≈ 3.178
 */
export function logGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.abs(Math.sin(Math.PI * x))) - logGamma(1 - x);
  const z = x - 1;
  let a = COEFFICIENTS[0];
  const t = z + 7.5;
  for (let i = 1; i < 9; i++) a += COEFFICIENTS[i]! / (z + i);
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a);
}
