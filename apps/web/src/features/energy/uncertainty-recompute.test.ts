import type { TEnergyUncertainty } from '@masthub/shared';
import { type TypedUncertaintyKey, uncertaintyBudget } from '@masthub/wind';
import { describe, expect, it } from 'vitest';
import { recomputeChain } from './uncertainty-recompute.ts';

const NET = 5000;

function chainOf(
  typed: Partial<Record<TypedUncertaintyKey, number>>,
  withLongTerm: boolean,
): TEnergyUncertainty {
  const budget = uncertaintyBudget({
    measurement: [{ heightM: 100, meanSpeedMps: 7, classification: '1.7A', mounting: 'side' }],
    measuredHeightM: 100,
    hubHeightM: 120,
    shear: { heightsM: [40, 70, 100], meanSpeedsMps: [6.2, 6.9, 7.5] },
    longTerm: withLongTerm ? { uMcp: 0.018, uLt: 0.009, reference: 'ERA5', method: 'OLS' } : undefined,
    measuredYears: 2,
    sensitivity: 1.9,
    typed,
  });
  return {
    components: budget.components.map(({ note, name, ...c }) => ({
      ...c,
      inputs: { ...c.inputs },
      ...(note ? { note } : {}),
      ...(name !== undefined ? { name } : {}),
    })),
    measurement: [],
    sensitivity: budget.sensitivity,
    horizons: budget.horizons.map((h) => ({
      years: h.years,
      sigma: h.sigma,
      P50: NET,
      P75: NET * h.factors.P75,
      P90: NET * h.factors.P90,
      P99: NET * h.factors.P99,
    })),
  };
}

describe('the energy screen recomputes the uncertainty chain as the server does', () => {
  it('moves P90 as a typed component changes, equal to the server’s budget within 1e-9', () => {
    for (const withLongTerm of [true, false]) {
      const base = chainOf({}, withLongTerm);
      const typed = { plantPerformance: 8, futureVariability: 5, horizontalExtrapolation: 2 };
      const local = recomputeChain(base, typed, withLongTerm);
      const server = chainOf(typed, withLongTerm);
      local.horizons.forEach((h, i) => {
        expect(Math.abs(h.sigma - server.horizons[i]!.sigma)).toBeLessThan(1e-9);
        expect(Math.abs(h.P90 - server.horizons[i]!.P90)).toBeLessThan(1e-9);
      });
      expect(local.horizons[0]!.P90).toBeLessThan(base.horizons[0]!.P90);
      expect(local.components.find((c) => c.key === 'plantPerformance')!.how).toBe('typed');
    }
  });

  it('goes back to the stated defaults on null (reference consistency 0 without a long-term correction)', () => {
    const typed = chainOf({ referenceConsistency: 4, plantPerformance: 9 }, false);
    const back = recomputeChain(typed, { referenceConsistency: null, plantPerformance: null }, false);
    const server = chainOf({}, false);
    expect(back.components.find((c) => c.key === 'referenceConsistency')).toMatchObject({
      value: 0,
      how: 'default',
    });
    expect(Math.abs(back.horizons[1]!.P90 - server.horizons[1]!.P90)).toBeLessThan(1e-9);
  });
});
