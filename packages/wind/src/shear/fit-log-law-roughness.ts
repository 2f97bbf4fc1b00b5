/**
 * Roughness length z0 of the log law from mean speeds at two or more heights (WIND-ANALYSIS §6,
 * brightwind `Shear.Average(calc_method='log_law')`): fit V against ln z (slope m, intercept c),
 * z0 = e^(−c/m). With two heights: ln z0 = (V2 ln z1 − V1 ln z2)/(V2 − V1).
 *
 * @param heightsM heights, m
 * @param meanSpeedsMps mean speeds, m/s
 * @returns z0 in m, or undefined with < 2 heights or a flat profile
 * @example fitLogLawRoughness([30, 70], [6.0, 6.9]) // ≈ 0.1057
 */
export function fitLogLawRoughness(
  heightsM: ArrayLike<number>,
  meanSpeedsMps: ArrayLike<number>,
): number | undefined {
  if (heightsM.length !== meanSpeedsMps.length)
    throw new Error('fitLogLawRoughness requires one speed per height');
  let n = 0;
  let sx = 0;
  let sy = 0;
  for (let i = 0; i < heightsM.length; i++) {
    const z = heightsM[i]!;
    const v = meanSpeedsMps[i]!;
    if (Number.isNaN(v) || !(z > 0)) continue;
    n++;
    sx += Math.log(z);
    sy += v;
  }
  if (n < 2) return undefined;
  const mx = sx / n;
  const my = sy / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < heightsM.length; i++) {
    const z = heightsM[i]!;
    const v = meanSpeedsMps[i]!;
    if (Number.isNaN(v) || !(z > 0)) continue;
    const dx = Math.log(z) - mx;
    sxx += dx * dx;
    sxy += dx * (v - my);
  }
  if (!(sxx > 0) || sxy === 0) return undefined;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  return Math.exp(-intercept / slope);
}
