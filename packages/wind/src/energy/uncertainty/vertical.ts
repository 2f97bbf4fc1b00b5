/**
 * Vertical extrapolation uncertainty (METHODS.md): the power law V_hub = V_z·(z_hub/z)^α moves the hub
 * speed by ∂V/V = ln(z_hub/z)·∂α, so u_vert = σ_α·|ln(z_hub/z)| (fraction of the hub speed), with σ_α the
 * standard error of the least-squares slope of ln V̄ on ln z over the measured heights (the shear fit's
 * scatter), SE = √(Σr²/(n−2)) / √Σ(ln z − mean ln z)². With fewer than three heights the fit has no
 * scatter to measure and σ_α = {@link DEFAULT_SIGMA_ALPHA} is used, stated as a default.
 */

/** σ_α when the shear fit cannot give one (two heights, or α = 1/7 assumed) [P]. */
export const DEFAULT_SIGMA_ALPHA = 0.03;

export interface VerticalUncertainty {
  /** Fraction of the hub speed. */
  readonly value: number;
  readonly sigmaAlpha: number;
  readonly sigmaAlphaIsDefault: boolean;
  /** Heights the fit used. */
  readonly heights: number;
  readonly fromHeightM: number;
  readonly hubHeightM: number;
  /** |ln(z_hub/z)|. */
  readonly logDistance: number;
}

/** Standard error of the least-squares slope of ln V̄ on ln z; undefined with < 3 usable heights. */
export function shearSlopeStandardError(
  heightsM: readonly number[],
  meanSpeedsMps: readonly number[],
): number | undefined {
  const x: number[] = [];
  const y: number[] = [];
  heightsM.forEach((z, i) => {
    const v = meanSpeedsMps[i]!;
    if (z > 0 && v > 0) {
      x.push(Math.log(z));
      y.push(Math.log(v));
    }
  });
  const n = x.length;
  if (n < 3) return undefined;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (let i = 0; i < n; i++) {
    sxx += (x[i]! - mx) ** 2;
    sxy += (x[i]! - mx) * (y[i]! - my);
  }
  if (!(sxx > 0)) return undefined;
  const slope = sxy / sxx;
  const intercept = my - slope * mx;
  let ss = 0;
  for (let i = 0; i < n; i++) ss += (y[i]! - (intercept + slope * x[i]!)) ** 2;
  return Math.sqrt(ss / (n - 2)) / Math.sqrt(sxx);
}

/** u_vert = σ_α·|ln(z_hub/z)| from the shear fit's heights and mean speeds (METHODS.md). */
export function verticalUncertainty(input: {
  heightsM: readonly number[];
  meanSpeedsMps: readonly number[];
  fromHeightM: number;
  hubHeightM: number;
}): VerticalUncertainty {
  const se = shearSlopeStandardError(input.heightsM, input.meanSpeedsMps);
  const sigmaAlpha = se ?? DEFAULT_SIGMA_ALPHA;
  const logDistance = Math.abs(Math.log(input.hubHeightM / input.fromHeightM));
  return {
    value: sigmaAlpha * logDistance,
    sigmaAlpha,
    sigmaAlphaIsDefault: se === undefined,
    heights: input.heightsM.length,
    fromHeightM: input.fromHeightM,
    hubHeightM: input.hubHeightM,
    logDistance,
  };
}
