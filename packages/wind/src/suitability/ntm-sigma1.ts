import { IEC_REFERENCE_TURBULENCE, type TurbulenceCategory } from '../statistics/iec-turbulence-intensity.ts';

/**
 * IEC 61400-1 normal turbulence model: the design standard deviation σ1 = I_ref·(0.75·V + b),
 * b = 5.6 m/s, I_ref = 0.18 (A+, ed.4), 0.16 (A), 0.14 (B), 0.12 (C) (WIND-ANALYSIS §8.4, §14;
 * welib `standards/IEC.py`). Divided by V it is {@link iecTurbulenceIntensity}.
 *
 * @param speedMps hub-height 10-min mean speed V, m/s
 * @returns σ1 in m/s
 * @example ntmSigma1(15, 'C') // 0.12 · 16.85 = 2.022
 */
export function ntmSigma1(speedMps: number, category: TurbulenceCategory): number {
  const reference = IEC_REFERENCE_TURBULENCE[category];
  if (reference === undefined) throw new Error('ntmSigma1 requires category to be A+, A, B or C');
  return reference * (0.75 * speedMps + 5.6);
}
