import { type PowerCurve, powerAt } from './power-curve.ts';

/**
 * Power at a site air density ρ from a curve at ρ0 (WIND-ANALYSIS §11, IEC 61400-12-1 normalisation
 * used in reverse): pitch-regulated P(v) = P_ref(v·(ρ/ρ0)^(1/3)); stall-regulated P(v) = P_ref(v)·ρ/ρ0.
 * Identity at ρ = ρ0.
 *
 * @example densityCorrectedPower(curve, 8, 1.10) // pitch: P_ref(8·(1.10/1.225)^(1/3))
 */
export function densityCorrectedPower(curve: PowerCurve, speedMps: number, densityKgM3: number): number {
  if (Number.isNaN(speedMps) || Number.isNaN(densityKgM3)) return Number.NaN;
  const ratio = densityKgM3 / curve.referenceDensityKgM3;
  if (ratio === 1) return powerAt(curve, speedMps);
  if (curve.regulation === 'pitch') return powerAt(curve, speedMps * Math.cbrt(ratio));
  return powerAt(curve, speedMps) * ratio;
}
