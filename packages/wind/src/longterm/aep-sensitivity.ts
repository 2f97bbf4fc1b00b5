/**
 * Sensitivity of the AEP to the mean speed (WIND-ANALYSIS §13): S = (AEP(1.01·v) − AEP(0.99·v)) /
 * (0.02·AEP(v)), from an AEP function of a speed scale factor (§11 yield with every speed × factor) or
 * from the three AEP values. u_AEP = S·u_total.
 *
 * @returns undefined when AEP(v) is not positive
 * @example aepSensitivity({ low: 980, mid: 1000, high: 1020 }) // 2
 */
export function aepSensitivity(
  aep: ((speedFactor: number) => number) | { low: number; mid: number; high: number },
): number | undefined {
  const [low, mid, high] =
    typeof aep === 'function' ? [aep(0.99), aep(1), aep(1.01)] : [aep.low, aep.mid, aep.high];
  if (!(mid > 0)) return undefined;
  return (high - low) / (0.02 * mid);
}
