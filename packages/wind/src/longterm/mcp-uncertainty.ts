/** Result of {@link mcpUncertainty}: fractions of the long-term mean speed (AEP for `aep`). */
export interface McpUncertainty {
  /** u_MCP = CV RMSE/√M. */
  readonly mcp: number;
  /** σ_IAV: sample sd of the reference's annual means ÷ their mean. */
  readonly interAnnualVariability: number;
  /** Years N of the long-term period. */
  readonly years: number;
  /** u_LT = σ_IAV/√N. */
  readonly longTerm: number;
  /** u_total = √(u_MCP² + u_LT²). */
  readonly total: number;
  /** u_AEP = S·u_total when a sensitivity S is given. */
  readonly aep: number | undefined;
}

/**
 * Uncertainty of the long-term mean speed (WIND-ANALYSIS §13): u_MCP = CV RMSE/√M; u_LT = σ_IAV/√N with
 * σ_IAV the sample sd of the reference's N annual means divided by their mean; u_total = √(u_MCP² + u_LT²);
 * u_AEP = S·u_total (S from {@link aepSensitivity}).
 *
 * @returns undefined with fewer than 2 annual means or no blocks
 * @example mcpUncertainty({ cvRmse: 0.0441, blockCount: 6, referenceAnnualMeansMps: [6.5, 6.7, 6.3, 6.9, 6.6, 6.4, 6.8, 6.6, 6.5, 6.7] })?.total // ≈ 0.02002
 */
export function mcpUncertainty(input: {
  cvRmse: number;
  blockCount: number;
  referenceAnnualMeansMps: ArrayLike<number>;
  aepSensitivity?: number;
}): McpUncertainty | undefined {
  const a = input.referenceAnnualMeansMps;
  const years = a.length;
  if (years < 2 || !(input.blockCount > 0)) return undefined;
  let mean = 0;
  for (let i = 0; i < years; i++) mean += a[i]!;
  mean /= years;
  let ss = 0;
  for (let i = 0; i < years; i++) ss += (a[i]! - mean) ** 2;
  const interAnnualVariability = Math.sqrt(ss / (years - 1)) / mean;
  const mcp = input.cvRmse / Math.sqrt(input.blockCount);
  const longTerm = interAnnualVariability / Math.sqrt(years);
  const total = Math.sqrt(mcp * mcp + longTerm * longTerm);
  return {
    mcp,
    interAnnualVariability,
    years,
    longTerm,
    total,
    aep: input.aepSensitivity === undefined ? undefined : input.aepSensitivity * total,
  };
}
