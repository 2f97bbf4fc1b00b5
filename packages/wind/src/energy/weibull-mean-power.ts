import { weibullDensity } from '../statistics/weibull-distribution.ts';
import { densityCorrectedPower } from './density-corrected-power.ts';
import type { PowerCurve } from './power-curve.ts';

/** Integration step of the Weibull mean power (WIND-ANALYSIS §11: Δv = 0.01 m/s). */
const STEP_MPS = 0.01;

/**
 * Mean power of a turbine under a Weibull speed distribution, E[P] = ∫ P(v)·f(v) dv, by the midpoint
 * rule with Δv = 0.01 m/s up to the last curve speed (WIND-ANALYSIS §11), kW.
 *
 * @param densityKgM3 site air density (default: the curve's reference, no correction)
 * @example weibullMeanPower(curve, 7.5, 2) // ≈ 640.690 kW for the §11 example curve
 */
export function weibullMeanPower(
  curve: PowerCurve,
  scaleMps: number,
  shape: number,
  densityKgM3: number = curve.referenceDensityKgM3,
): number {
  const last = curve.speedsMps[curve.speedsMps.length - 1] ?? 0;
  // The site curve reaches further than the table for pitch control at low density.
  const ratio = densityKgM3 / curve.referenceDensityKgM3;
  const top = curve.regulation === 'pitch' && ratio < 1 ? last / Math.cbrt(ratio) : last;
  const steps = Math.ceil(top / STEP_MPS);
  let sum = 0;
  for (let i = 0; i < steps; i++) {
    const v = (i + 0.5) * STEP_MPS;
    sum += densityCorrectedPower(curve, v, densityKgM3) * weibullDensity(v, scaleMps, shape);
  }
  return sum * STEP_MPS;
}
