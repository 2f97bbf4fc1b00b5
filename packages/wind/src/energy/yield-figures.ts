import { AVERAGE_YEAR_HOURS } from './average-year-energy.ts';

/** Capacity factor AEP/(P_rated·8766 h), 0–1 (WIND-ANALYSIS §11). */
export function capacityFactor(energyKwh: number, ratedKw: number): number {
  return energyKwh / (ratedKw * AVERAGE_YEAR_HOURS);
}

/** Full-load hours AEP/P_rated, h. */
export function fullLoadHours(energyKwh: number, ratedKw: number): number {
  return energyKwh / ratedKw;
}

/**
 * Net energy after loss factors: gross·Π(1 − L_i) (WIND-ANALYSIS §11).
 *
 * @param losses fractions 0–1 (wake 0.08 = 8 %)
 * @example netEnergy(5616.29, [0.08, 0.03, 0.02]) // ≈ 4911.74
 */
export function netEnergy(grossEnergy: number, losses: readonly number[]): number {
  return losses.reduce((e, l) => e * (1 - l), grossEnergy);
}

/** z of the exceedance levels (one-sided normal quantiles). */
export const EXCEEDANCE_Z = { P50: 0, P75: 0.6745, P90: 1.2816, P99: 2.3263 } as const;

/**
 * Exceedance energies from independent uncertainty components (fractions of AEP): σ = √Σσ_i²,
 * P_x = P50·(1 − z_x·σ) (WIND-ANALYSIS §11).
 *
 * @example exceedanceEnergies(4911.74, [0.05, 0.06, 0.04]) // σ 0.08775, P75 ≈ 4621.0, P90 ≈ 4359.4
 */
export function exceedanceEnergies(
  p50: number,
  uncertainties: readonly number[],
): { sigma: number; P50: number; P75: number; P90: number; P99: number } {
  const sigma = Math.sqrt(uncertainties.reduce((s, u) => s + u * u, 0));
  const at = (z: number) => Math.max(0, p50 * (1 - z * sigma));
  return { sigma, P50: p50, P75: at(EXCEEDANCE_Z.P75), P90: at(EXCEEDANCE_Z.P90), P99: at(EXCEEDANCE_Z.P99) };
}
