/** A turbine power curve at a reference air density (WIND-ANALYSIS §11). */
export interface PowerCurve {
  /** Table speeds, m/s, strictly increasing. */
  readonly speedsMps: readonly number[];
  /** Electrical power at each table speed, kW. */
  readonly powerKw: readonly number[];
  /** Rated power, kW. */
  readonly ratedKw: number;
  /** Air density the table holds for, kg/m³ (usually 1.225). */
  readonly referenceDensityKgM3: number;
  /** Pitch control corrects density by speed, stall by power (§11). */
  readonly regulation: 'pitch' | 'stall';
}

/**
 * P(v) of a power curve: linear interpolation of the table; 0 below the first and above the last table
 * speed (cut-out) and for a missing speed (NaN → NaN).
 *
 * @example powerAt(curve, 4.39168) // ≈ 107.127 for the §11 example curve
 */
export function powerAt(curve: PowerCurve, speedMps: number): number {
  if (Number.isNaN(speedMps)) return Number.NaN;
  const v = curve.speedsMps;
  const p = curve.powerKw;
  const n = v.length;
  if (n === 0 || speedMps < v[0]! || speedMps > v[n - 1]!) return 0;
  // Binary search for the segment [v[lo], v[lo+1]] holding the speed.
  let lo = 0;
  let hi = n - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (v[mid]! <= speedMps) lo = mid;
    else hi = mid;
  }
  if (hi === lo) return p[lo]!;
  const t = (speedMps - v[lo]!) / (v[hi]! - v[lo]!);
  return p[lo]! + t * (p[hi]! - p[lo]!);
}

/**
 * Checks a power curve table: at least 2 points, speeds strictly increasing and ≥ 0, power finite and
 * ≥ 0, rated power and reference density positive. Returns the first problem, or undefined.
 */
export function powerCurveProblem(curve: PowerCurve): string | undefined {
  const { speedsMps: v, powerKw: p } = curve;
  if (v.length !== p.length) return 'speeds and powers differ in length';
  if (v.length < 2) return 'a power curve needs at least 2 points';
  for (let i = 0; i < v.length; i++) {
    if (!Number.isFinite(v[i]!) || v[i]! < 0) return `speed ${i + 1} is not a speed`;
    if (!Number.isFinite(p[i]!) || p[i]! < 0) return `power ${i + 1} is not a power`;
    if (i > 0 && !(v[i]! > v[i - 1]!)) return `speed ${i + 1} does not increase`;
  }
  if (!(curve.ratedKw > 0)) return 'rated power must be positive';
  if (!(curve.referenceDensityKgM3 > 0)) return 'reference density must be positive';
  return undefined;
}
