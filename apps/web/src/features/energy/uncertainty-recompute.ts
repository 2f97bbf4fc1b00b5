import {
  ENERGY_UNCERTAINTY_TYPED_DEFAULTS_PCT,
  ENERGY_UNCERTAINTY_Z,
  type TEnergyUncertainty,
  type TEnergyUncertaintyTypedKey,
} from '@masthub/shared';

/**
 * The chain with typed values changed, recomputed as the server does (packages/wind uncertaintyBudget):
 * a typed component's value (a speed one × S in energy), the long-term period's default σ_IAV/√N when it
 * follows the future variability, and σ_E(N) = √(Σ fixed² + future²/N), P_x = P50·(1 − z_x·σ_E(N)).
 * `typed` maps a key to its %, or null for the stated default (`hasLongTerm` decides the reference's).
 */
export function recomputeChain(
  chain: TEnergyUncertainty,
  typed: Partial<Record<TEnergyUncertaintyTypedKey, number | null>>,
  hasLongTerm: boolean,
): TEnergyUncertainty {
  const s = chain.sensitivity;
  const defaultOf = (key: TEnergyUncertaintyTypedKey) =>
    key === 'referenceConsistency' && !hasLongTerm ? 0 : ENERGY_UNCERTAINTY_TYPED_DEFAULTS_PCT[key];
  const pctOf = (key: TEnergyUncertaintyTypedKey, current: number) => {
    if (!(key in typed)) return { pct: current * 100, how: undefined };
    const v = typed[key];
    return v === null || v === undefined
      ? { pct: defaultOf(key), how: 'default' as const }
      : { pct: v, how: 'typed' as const };
  };
  const future = chain.components.find((c) => c.key === 'futureVariability');
  const futurePct = future
    ? pctOf('futureVariability', future.value).pct
    : ENERGY_UNCERTAINTY_TYPED_DEFAULTS_PCT.futureVariability;
  const components = chain.components.map((c) => {
    if (c.key === 'longTermPeriod' && c.how === 'default' && typeof c.inputs.years === 'number') {
      const value = futurePct / 100 / Math.sqrt(c.inputs.years);
      return { ...c, value, energy: s * value, inputs: { ...c.inputs, sigmaIav: futurePct / 100 } };
    }
    if (c.key === 'other' || !(c.key in ENERGY_UNCERTAINTY_TYPED_DEFAULTS_PCT)) return c;
    const key = c.key as TEnergyUncertaintyTypedKey;
    const { pct, how } = pctOf(key, c.value);
    const value = pct / 100;
    return { ...c, value, energy: c.basis === 'speed' ? s * value : value, how: how ?? c.how };
  });
  const fixed = components.filter((c) => !c.perHorizon).reduce((a, c) => a + c.energy ** 2, 0);
  const perYear = components.filter((c) => c.perHorizon).reduce((a, c) => a + c.energy ** 2, 0);
  const horizons = chain.horizons.map((h) => {
    const sigma = Math.sqrt(fixed + perYear / h.years);
    const at = (z: number) => h.P50 * Math.max(0, 1 - z * sigma);
    return {
      ...h,
      sigma,
      P75: at(ENERGY_UNCERTAINTY_Z.P75),
      P90: at(ENERGY_UNCERTAINTY_Z.P90),
      P99: at(ENERGY_UNCERTAINTY_Z.P99),
    };
  });
  return { ...chain, components, horizons };
}
