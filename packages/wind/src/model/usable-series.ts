import { applyFlagMask } from './apply-flag-mask.ts';
import type { FlagSeries, NumericSeries } from './types.ts';

/** A series read by the statistics: the stored values, or a masked copy of the same element type. */
export type UsableSeries = Float32Array | Float64Array;

/**
 * The values statistics are computed from (WIND-ANALYSIS §2.3: invalid and icing excluded, suspicious
 * optional) — **to read, never to write**: the typed array given when no flag excludes a value (no copy:
 * the common case of an original version, where the five-year NREL M5 mast is 100 channels × 2 MB a
 * Float64 copy would allocate and page in, 100 → 0 ms of its analysis on the 2-core CI machine), else a
 * copy of the same element type with NaN where a flag excludes the value (a Float32 copy is a native
 * memcpy and half the memory of a Float64 one; the values read are the same numbers). A plain array is
 * masked by {@link applyFlagMask}.
 *
 * @example usableSeries(Float32Array.of(5, 6), Uint8Array.of(0, 0)) // the same Float32Array
 */
export function usableSeries(
  values: NumericSeries,
  flags?: FlagSeries,
  options: { includeSuspicious?: boolean } = {},
): UsableSeries {
  if (!(values instanceof Float32Array || values instanceof Float64Array) || !(flags instanceof Uint8Array)) {
    if (!flags && (values instanceof Float32Array || values instanceof Float64Array)) return values;
    return applyFlagMask(values, flags, options);
  }
  const n = values.length;
  if (flags.length !== n) throw new Error('usableSeries requires flags to match values in length');
  // Codes 0 and 1 are always usable, 2 when suspicious values are included; everything above is not.
  const highestUsable = (options.includeSuspicious ?? true) ? 2 : 1;
  // All-zero flags (an original version) are skipped four at a time, then byte by byte.
  let first = 0;
  if (flags.byteOffset % 4 === 0) {
    const words = new Uint32Array(flags.buffer, flags.byteOffset, n >>> 2);
    let w = 0;
    while (w < words.length && words[w] === 0) w++;
    first = w * 4;
  }
  while (first < n && flags[first]! <= highestUsable) first++;
  if (first === n) return values;
  const out = values.slice();
  for (let i = first; i < n; i++) if (flags[i]! > highestUsable) out[i] = Number.NaN;
  return out;
}
