import { iecTurbulenceIntensity, type TurbulenceCategory } from './iec-turbulence-intensity.ts';

/**
 * The least turbulent IEC category whose curve at `speedMps` (default 15 m/s) is not exceeded by the
 * representative TI ('C' is least turbulent), or 'above A+' when even A+ is exceeded; plus the
 * GB/T 18710 grade of TI at 15 m/s: ≤ 0.10 low, 0.10–0.25 moderate, > 0.25 high (WIND-ANALYSIS §8.4).
 *
 * @example classifyTurbulence(0.1341) // { iecCategory: 'C', gbGrade: 'moderate' }
 */
export function classifyTurbulence(
  representativeTi: number,
  speedMps = 15,
): { iecCategory: TurbulenceCategory | 'above A+'; gbGrade: 'low' | 'moderate' | 'high' } {
  const order: TurbulenceCategory[] = ['C', 'B', 'A', 'A+'];
  let iecCategory: TurbulenceCategory | 'above A+' = 'above A+';
  for (const c of order) {
    if (representativeTi <= iecTurbulenceIntensity(speedMps, c)) {
      iecCategory = c;
      break;
    }
  }
  const gbGrade = representativeTi <= 0.1 ? 'low' : representativeTi <= 0.25 ? 'moderate' : 'high';
  return { iecCategory, gbGrade };
}
