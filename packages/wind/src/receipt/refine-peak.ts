/**
 * Sub-step position of a peak by a parabola through the peak and its two neighbours:
 * returns the offset in (−0.5, 0.5) steps to add to the peak's index (0 when the neighbours are missing or flat).
 *
 * @example refinePeak(0.8, 1, 0.9) // 0.1666…
 */
export function refinePeak(before: number, peak: number, after: number): number {
  const denominator = before - 2 * peak + after;
  if (!Number.isFinite(denominator) || denominator >= 0) return 0;
  const offset = (0.5 * (before - after)) / denominator;
  return Math.max(-0.5, Math.min(0.5, offset));
}
