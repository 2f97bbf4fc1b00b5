import { logGamma } from './log-gamma.ts';

/**
 * Gamma function Γ(x) for x > 0 (via {@link logGamma}).
 *
 * @internal
 * @example gammaFunction(1 + 3 / 2) // ≈ 1.3293
 */
export function gammaFunction(x: number): number {
  return Math.exp(logGamma(x));
}
