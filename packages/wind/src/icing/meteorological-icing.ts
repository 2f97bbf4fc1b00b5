import type { NumericSeries } from '../model/types.ts';

/**
 * Meteorological icing (the weather in which ice accretes on a structure), after IEA Wind Task 19,
 * "Wind energy in cold climates — Expert group study on recommended practices 13", 2nd edition 2017, §4:
 * in-cloud icing needs air temperature at or below 0 °C and supercooled cloud or fog at the site. Without a
 * visibility or cloud-base sensor, air temperature with humidity is the simplest proxy a met mast offers, and
 * RH ≥ 95 % is the customary stand-in for "in cloud" (our choice of threshold within that practice: 90 %
 * counts haze, 100 % is rarely reported by capacitive sensors at sub-zero temperatures).
 * Thresholds: T ≤ 0 °C and RH ≥ 95 %.
 */
export const METEOROLOGICAL_ICING = { maxTemperatureC: 0, minRelativeHumidityPct: 95 } as const;

/**
 * Per record: 1 meteorological icing, 0 not, 255 unknown (T or RH missing). Both series on one grid.
 */
export function meteorologicalIcingMask(input: {
  temperatureC: NumericSeries;
  relativeHumidityPct: NumericSeries;
  maxTemperatureC?: number;
  minRelativeHumidityPct?: number;
}): Uint8Array {
  const n = input.temperatureC.length;
  if (input.relativeHumidityPct.length !== n)
    throw new Error('meteorologicalIcingMask requires T and RH on the same grid');
  const tMax = input.maxTemperatureC ?? METEOROLOGICAL_ICING.maxTemperatureC;
  const rhMin = input.minRelativeHumidityPct ?? METEOROLOGICAL_ICING.minRelativeHumidityPct;
  const out = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const t = input.temperatureC[i]!;
    const rh = input.relativeHumidityPct[i]!;
    if (Number.isNaN(t) || Number.isNaN(rh)) out[i] = 255;
    else out[i] = t <= tMax && rh >= rhMin ? 1 : 0;
  }
  return out;
}
