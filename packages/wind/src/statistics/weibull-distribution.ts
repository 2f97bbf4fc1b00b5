import { gammaFunction } from '../math/gamma-function.ts';

/**
 * Weibull probability density f(v) = (k/A)(v/A)^(k−1)·e^(−(v/A)^k) (WIND-ANALYSIS §8.2).
 *
 * @param scaleMps A, m/s
 * @param shape k, dimensionless
 * @example weibullDensity(5, 6, 2) // ≈ 0.1385 per m/s
 */
export function weibullDensity(speedMps: number, scaleMps: number, shape: number): number {
  if (speedMps < 0) return 0;
  const x = speedMps / scaleMps;
  return (shape / scaleMps) * x ** (shape - 1) * Math.exp(-(x ** shape));
}

/**
 * Weibull cumulative distribution F(v) = 1 − e^(−(v/A)^k).
 *
 * @example weibullCumulative(6, 6, 2) // 1 − e^−1 ≈ 0.632
 */
export function weibullCumulative(speedMps: number, scaleMps: number, shape: number): number {
  if (speedMps <= 0) return 0;
  return 1 - Math.exp(-((speedMps / scaleMps) ** shape));
}

/**
 * Mean speed of a Weibull distribution, A·Γ(1 + 1/k), m/s.
 *
 * @example weibullMeanSpeed(6.535, 2.646) // ≈ 5.81
 */
export function weibullMeanSpeed(scaleMps: number, shape: number): number {
  return scaleMps * gammaFunction(1 + 1 / shape);
}

/**
 * Wind power density of a Weibull distribution, ½ρA³Γ(1 + 3/k), W/m² (WIND-ANALYSIS §8.3).
 *
 * @param airDensityKgM3 ρ, default 1.225
 * @example weibullPowerDensity(6.5352, 2.6464, 1.225) // ≈ 181.91
 */
export function weibullPowerDensity(scaleMps: number, shape: number, airDensityKgM3 = 1.225): number {
  return 0.5 * airDensityKgM3 * scaleMps ** 3 * gammaFunction(1 + 3 / shape);
}
