import type { NumericSeries } from '../model/types.ts';

/**
 * 1 where a value equals one of the device's invalid markers (Scintec 99.99, 999.9, 9.99E+37 per
 * variable; ZephIR 9999), else 0. Values are compared in single precision too, so a Float32 store of
 * 99.99 still matches.
 *
 * @example invalidMarkerMask(Float32Array.of(5.2, 99.99, 9999), [99.99, 9999]) // Uint8Array [0, 1, 1]
 */
export function invalidMarkerMask(values: NumericSeries, markers: readonly number[]): Uint8Array {
  const out = new Uint8Array(values.length);
  if (markers.length === 0) return out;
  const wanted = new Set<number>();
  for (const m of markers) {
    wanted.add(m);
    wanted.add(Math.fround(m));
  }
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (wanted.has(v) || wanted.has(Math.fround(v))) out[i] = 1;
  }
  return out;
}
