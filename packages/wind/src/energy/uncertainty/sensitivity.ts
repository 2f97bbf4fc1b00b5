import { aepSensitivity } from '../../longterm/aep-sensitivity.ts';
import { densityCorrectedPower } from '../density-corrected-power.ts';
import type { PowerCurve } from '../power-curve.ts';
import { weibullMeanPower } from '../weibull-mean-power.ts';

/**
 * Speed-to-energy sensitivity S = (E(1.01) − E(0.99)) / (0.02·E(1)) of a measured speed distribution
 * (WIND-ANALYSIS §13): every usable speed × 0.99 and × 1.01 through the density-corrected curve, E the
 * mean power (AEP ∝ E). NaN speeds are skipped.
 *
 * @returns undefined when the mean power is not positive
 * @example measuredSpeedSensitivity(curve11, [5.5, 6.5, 7.5, 8.5]) // 3.0612377850…
 */
export function measuredSpeedSensitivity(
  curve: PowerCurve,
  speedsMps: ArrayLike<number>,
  densityKgM3: number = curve.referenceDensityKgM3,
): number | undefined {
  return aepSensitivity((factor) => {
    let s = 0;
    let n = 0;
    for (let i = 0; i < speedsMps.length; i++) {
      const v = speedsMps[i]!;
      if (Number.isNaN(v)) continue;
      s += densityCorrectedPower(curve, v * factor, densityKgM3);
      n += 1;
    }
    return n > 0 ? s / n : Number.NaN;
  });
}

/** The same from a Weibull distribution: the scale A × 0.99 and × 1.01, the shape kept. */
export function weibullSpeedSensitivity(
  curve: PowerCurve,
  scaleMps: number,
  shape: number,
  densityKgM3: number = curve.referenceDensityKgM3,
): number | undefined {
  return aepSensitivity((factor) => weibullMeanPower(curve, scaleMps * factor, shape, densityKgM3));
}
