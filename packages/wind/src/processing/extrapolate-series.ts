import type { CalendarIndex, NumericSeries } from '../model/types.ts';

/**
 * Extrapolates a speed series to hub height with the power law (WIND-ANALYSIS §6):
 * V_hub(t) = V(t)·(z_hub/z)^α, with α constant, by local hour of day (24 values + calendar) or by
 * direction sector (values per sector + sector index per record). A record whose α is missing
 * (undefined/NaN cell) or whose speed is missing stays NaN. The result should be flagged 1 (filled).
 *
 * @param exponent a constant α (default 1/7 without a second height)
 * @example extrapolateSeries([6.0], 30, 100, { exponent: 0.165 })[0] // ≈ 7.318
 */
export function extrapolateSeries(
  speedsMps: NumericSeries,
  fromHeightM: number,
  toHeightM: number,
  shear:
    | { exponent?: number }
    | { exponentByHour: ArrayLike<number | undefined>; calendar: CalendarIndex }
    | { exponentBySector: ArrayLike<number | undefined>; sectorIndex: Int16Array },
): Float64Array {
  if (!(fromHeightM > 0) || !(toHeightM > 0)) throw new Error('extrapolateSeries requires positive heights');
  const n = speedsMps.length;
  const ratio = Math.log(toHeightM / fromHeightM);
  const out = new Float64Array(n);
  if ('exponentByHour' in shear) {
    if (shear.calendar.hourOfDay.length !== n || shear.exponentByHour.length !== 24) {
      throw new Error('extrapolateSeries requires 24 hourly exponents and a calendar matching the speeds');
    }
    const factor = Array.from({ length: 24 }, (_, h) =>
      Math.exp((shear.exponentByHour[h] ?? Number.NaN) * ratio),
    );
    for (let i = 0; i < n; i++) out[i] = speedsMps[i]! * factor[shear.calendar.hourOfDay[i]!]!;
  } else if ('exponentBySector' in shear) {
    if (shear.sectorIndex.length !== n)
      throw new Error('extrapolateSeries requires a sector index matching the speeds');
    const factor = Array.from(shear.exponentBySector, (a) => Math.exp((a ?? Number.NaN) * ratio));
    for (let i = 0; i < n; i++) {
      const s = shear.sectorIndex[i]!;
      out[i] = s < 0 ? Number.NaN : speedsMps[i]! * (factor[s] ?? Number.NaN);
    }
  } else {
    const factor = Math.exp((shear.exponent ?? 1 / 7) * ratio);
    for (let i = 0; i < n; i++) out[i] = speedsMps[i]! * factor;
  }
  return out;
}
