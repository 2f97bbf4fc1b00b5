/**
 * Root of a continuous function in [low, high] by bisection (robust, ~60 iterations to 1e-15).
 *
 * @internal
 * @returns the root, or undefined if f(low) and f(high) have the same sign or are not finite
 * @example findRoot((x) => x * x - 2, 0, 2) // ≈ 1.41421356
 */
export function findRoot(f: (x: number) => number, low: number, high: number): number | undefined {
  let a = low;
  let b = high;
  let fa = f(a);
  const fb = f(b);
  if (!Number.isFinite(fa) || !Number.isFinite(fb)) return undefined;
  if (fa === 0) return a;
  if (fb === 0) return b;
  if (fa > 0 === fb > 0) return undefined;
  for (let i = 0; i < 200; i++) {
    const m = 0.5 * (a + b);
    const fm = f(m);
    if (fm === 0 || (b - a) / 2 < 1e-14 * Math.max(1, Math.abs(m))) return m;
    if (fm > 0 === fa > 0) {
      a = m;
      fa = fm;
    } else {
      b = m;
    }
  }
  return 0.5 * (a + b);
}
