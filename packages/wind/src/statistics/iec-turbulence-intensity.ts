/** IEC 61400-1 turbulence categories (A+ only in edition 4). */
export type TurbulenceCategory = 'A+' | 'A' | 'B' | 'C';

/** Reference turbulence intensity I_ref at 15 m/s of each category. */
export const IEC_REFERENCE_TURBULENCE: Readonly<Record<TurbulenceCategory, number>> = {
  'A+': 0.18,
  A: 0.16,
  B: 0.14,
  C: 0.12,
};

/**
 * IEC 61400-1 normal turbulence model as a TI curve (WIND-ANALYSIS §8.4):
 * σ1 = I_ref(0.75·V + b), b = 5.6 m/s, so TI(V) = I_ref(0.75 + 5.6/V).
 * Source: ebranlard/welib `welib/standards/IEC.py`.
 *
 * @param speedMps hub-height mean speed V (> 0)
 * @example iecTurbulenceIntensity(15, 'A') // ≈ 0.1797
 */
export function iecTurbulenceIntensity(speedMps: number, category: TurbulenceCategory): number {
  const reference = IEC_REFERENCE_TURBULENCE[category];
  if (reference === undefined)
    throw new Error('iecTurbulenceIntensity requires category to be A+, A, B or C');
  return reference * (0.75 + 5.6 / speedMps);
}
