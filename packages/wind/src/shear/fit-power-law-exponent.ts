/**
 * Power-law shear exponent α from mean speeds at two or more heights (WIND-ANALYSIS §6): the slope of
 * the least-squares line of ln V̄(z) on ln z (brightwind `_calc_power_law`, numpy `polyfit`). With two
 * heights this is α = ln(V2/V1)/ln(z2/z1).
 *
 * @param heightsM measurement heights, m (> 0)
 * @param meanSpeedsMps mean speeds at those heights, m/s
 * @returns α, or undefined with < 2 usable heights (speed ≤ 0 or NaN skipped) or equal heights
 * @example fitPowerLawExponent([30, 70], [6.0, 6.9]) // ≈ 0.1650
 */
export function fitPowerLawExponent(
  heightsM: ArrayLike<number>,
  meanSpeedsMps: ArrayLike<number>,
): number | undefined {
  if (heightsM.length !== meanSpeedsMps.length)
    throw new Error('fitPowerLawExponent requires one speed per height');
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < heightsM.length; i++) {
    const z = heightsM[i]!;
    const v = meanSpeedsMps[i]!;
    if (!(v > 0) || !(z > 0)) continue;
    n++;
    sx += Math.log(z);
    sy += Math.log(v);
  }
  if (n < 2) return undefined;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < heightsM.length; i++) {
    const z = heightsM[i]!;
    const v = meanSpeedsMps[i]!;
    if (!(v > 0) || !(z > 0)) continue;
    const dx = Math.log(z) - mx;
    sxx += dx * dx;
    sxy += dx * (Math.log(v) - my);
  }
  return sxx > 0 ? sxy / sxx : undefined;
}
