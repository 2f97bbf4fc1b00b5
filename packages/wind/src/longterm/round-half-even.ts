/**
 * numpy's `round(value, decimals)`: scale, round half to even, scale back (brightwind rounds the sine and
 * cosine of each direction to 5 decimals before the vector mean).
 *
 * @internal
 * @example roundHalfEven(0.125, 2) // 0.12
 */
export function roundHalfEven(value: number, decimals: number): number {
  const scale = decimals === 5 ? 1e5 : 10 ** decimals;
  const v = value * scale;
  let r = Math.round(v);
  if (r - v === 0.5 && r % 2 !== 0) r -= 1;
  return r / scale;
}
