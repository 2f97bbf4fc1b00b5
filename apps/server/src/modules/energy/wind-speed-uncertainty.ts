import type { TEnergyUncertaintyComponent, TLongTermBasis } from '@masthub/shared';
import { type TypedUncertaintyKey, uncertaintyBudget } from '@masthub/wind';
import type { Database } from '../../platform/db/database.ts';
import { anemometersOfChannels } from '../sensors/index.ts';
import { EnergyUncertaintyRepository } from './energy-uncertainty.repository.ts';
import { longTermInput, measurementInput } from './energy-uncertainty.ts';

/** The wind-speed part of the chain at a target height (no turbine: no energy, no plant). */
export interface TWindSpeedUncertainty {
  components: TEnergyUncertaintyComponent[];
  /** √Σ of the speed components with the future variability over 1 and 20 years, fractions of the speed. */
  combined: { years: number; value: number }[];
}

/**
 * The uncertainty of the mean wind speed at a target height (issue 46 §1, for the analysis report): the
 * same components as the energy yield's chain (packages/wind energy/uncertainty/METHODS.md) — measurement
 * at the measured heights from the register, long term and MCP from the version's long-term correction,
 * the gap reconstruction, vertical extrapolation from the shear fit, the version's typed components — in %
 * of the wind speed; the energy needs a turbine and is the energy-yield screen's.
 */
export async function windSpeedUncertainty(
  db: Database,
  input: {
    versionId: number;
    stationId: number;
    fromMs: number;
    /** Measured speeds by data key with their height and mean. */
    heights: { dataKey: string; heightM: number; meanSpeedMps: number }[];
    targetHeightM: number;
    shear: { heightsM: number[]; meanSpeedsMps: number[] };
    longTerm: TLongTermBasis | null;
    measuredYears: number;
  },
): Promise<TWindSpeedUncertainty | null> {
  const top = input.heights.reduce<(typeof input.heights)[number] | undefined>(
    (a, h) => (a && a.heightM >= h.heightM ? a : h),
    undefined,
  );
  if (!top) return null;
  const repository = new EnergyUncertaintyRepository(db);
  const [anemometers, overrides, reconstruction] = await Promise.all([
    anemometersOfChannels(db, input.stationId, new Date(input.fromMs)),
    repository.listOverrides(input.versionId),
    repository.lastReconstruction(input.versionId),
  ]);
  const typed: Partial<Record<TypedUncertaintyKey, number>> = {};
  for (const o of overrides) typed[o.component_key as TypedUncertaintyKey] = Number(o.value_pct);
  const lt = input.longTerm;
  const budget = uncertaintyBudget({
    measurement: input.heights.map((h) =>
      measurementInput(h.heightM, h.meanSpeedMps, anemometers.get(h.dataKey)),
    ),
    measuredHeightM: top.heightM,
    hubHeightM: input.targetHeightM,
    shear: input.shear,
    longTerm: longTermInput(lt),
    measuredYears: input.measuredYears,
    reconstruction,
    sensitivity: 1,
    typed,
  });
  const speed = budget.components.filter((c) => c.basis === 'speed');
  return {
    components: speed.map(({ note, name, ...c }) => ({
      ...c,
      inputs: { ...c.inputs },
      ...(note ? { note } : {}),
      ...(name !== undefined ? { name } : {}),
    })),
    combined: [1, 20].map((years) => ({
      years,
      value: Math.sqrt(speed.reduce((a, c) => a + c.value ** 2 / (c.perHorizon ? years : 1), 0)),
    })),
  };
}
