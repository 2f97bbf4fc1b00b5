import type { NumericSeries } from '../model/types.ts';

/**
 * Applies the per-record choice of {@link mergeTowerShadow} to another statistic of the two sensors
 * (sd, max): 1 → a, 2 → b, 3 → mean, 4 → max, 0 → NaN ("apply the same choice to sd and max", §4).
 *
 * @example applyTowerShadowChoice(Uint8Array.of(2), [0.8], [0.6])[0] // 0.6
 */
export function applyTowerShadowChoice(choice: Uint8Array, a: NumericSeries, b: NumericSeries): Float64Array {
  if (a.length !== choice.length || b.length !== choice.length)
    throw new Error('applyTowerShadowChoice requires series of equal length');
  const out = new Float64Array(choice.length);
  for (let i = 0; i < out.length; i++) {
    const c = choice[i]!;
    const x = a[i]!;
    const y = b[i]!;
    out[i] =
      c === 1
        ? x
        : c === 2
          ? y
          : c === 3
            ? Number.isNaN(x)
              ? y
              : Number.isNaN(y)
                ? x
                : (x + y) / 2
            : c === 4
              ? Math.max(x, y)
              : Number.NaN;
  }
  return out;
}
