import type { TEnergyUncertainty, TEnergyUncertaintyComponent } from '@masthub/shared';

/**
 * The uncertainty chain (issue 46 §1) as the EYA DEF wind uncertainty assessment: each IEC 61400-15-2
 * category with its components as the schema's subcategories, relative to wind speed (speed components)
 * and to energy (all), standard deviations; the future variability and the overall σ_E for the 1-, 10- and
 * 20-year return periods; S = the chain's speed-to-energy sensitivity.
 */

const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

const CATEGORY: Record<TEnergyUncertaintyComponent['category'], string> = {
  measurement: 'measurement',
  historical: 'historical_wind_resource',
  vertical: 'vertical_extrapolation',
  horizontal: 'horizontal_extrapolation',
  future: 'future_assessment_period_variability',
  plant: 'other',
  other: 'other',
};

const SUBCATEGORY: Record<TEnergyUncertaintyComponent['key'], string> = {
  measurement: 'wind_speed_measurement',
  longTermPeriod: 'long_term_period_representativeness',
  referenceConsistency: 'reference_data_consistency',
  mcp: 'long_term_adjustment',
  reconstruction: 'on_site_data_synthesis',
  verticalExtrapolation: 'vertical_model_uncertainty',
  horizontalExtrapolation: 'horizontal_model_sensitivity',
  futureVariability: 'wind_speed_variability',
  plantPerformance: 'other',
  other: 'other',
};

type TStat = { statistic_type: 'standard_deviation'; return_period?: number };

function sd(value: number, returnPeriod?: number) {
  const statistic: TStat = { statistic_type: 'standard_deviation' };
  if (returnPeriod !== undefined) statistic.return_period = returnPeriod;
  return { statistic, values: round(value) };
}

/** The datasets of one value (per horizon for the future variability: value/√N). */
function datasets(value: number, perHorizon: boolean, years: readonly number[]) {
  return [{ statistics: perHorizon ? years.map((n) => sd(value / Math.sqrt(n), n)) : [sd(value)] }];
}

function describe(c: TEnergyUncertaintyComponent): string {
  const inputs = Object.entries(c.inputs)
    .map(([k, v]) => `${k} = ${typeof v === 'number' ? round(v) : v}`)
    .join(', ');
  return `${c.name ?? c.key} (${c.how}): ${c.formula}${inputs ? `; ${inputs}` : ''}. ${c.source}`;
}

export function windUncertaintyChain(chain: TEnergyUncertainty) {
  const years = chain.horizons.map((h) => h.years);
  const byCategory = new Map<string, TEnergyUncertaintyComponent[]>();
  // Plant performance is the plant performance assessment's standard deviation, not a wind uncertainty.
  const wind = chain.components.filter((c) => c.category !== 'plant');
  for (const c of wind) {
    const label = CATEGORY[c.category];
    byCategory.set(label, [...(byCategory.get(label) ?? []), c]);
  }
  const categories = [...byCategory].map(([label, components]) => {
    const perHorizon = components.some((c) => c.perHorizon);
    const speed = components.filter((c) => c.basis === 'speed');
    const energy = Math.sqrt(components.reduce((a, c) => a + c.energy ** 2, 0));
    const speedTotal = Math.sqrt(speed.reduce((a, c) => a + c.value ** 2, 0));
    return {
      label,
      results: {
        ...(speed.length > 0
          ? { relative_wind_speed_uncertainty: datasets(speedTotal, perHorizon, years) }
          : {}),
        relative_energy_uncertainty: datasets(energy, perHorizon, years),
      },
      subcategories: components.map((c) => ({
        label: SUBCATEGORY[c.key],
        description: describe(c),
        results: {
          ...(c.basis === 'speed'
            ? { relative_wind_speed_uncertainty: datasets(c.value, c.perHorizon, years) }
            : {}),
          relative_energy_uncertainty: datasets(c.energy, c.perHorizon, years),
        },
      })),
    };
  });
  return {
    categories,
    results: {
      relative_energy_uncertainty: [
        {
          statistics: years.map((n) =>
            sd(Math.sqrt(wind.reduce((a, c) => a + c.energy ** 2 / (c.perHorizon ? n : 1), 0)), n),
          ),
        },
      ],
    },
    wind_speed_to_energy_sensitivity_factor: round(chain.sensitivity),
  };
}

/** The plant performance's standard deviation (the typed component), relative energy × the efficiency. */
export function plantPerformanceSd(chain: TEnergyUncertainty, efficiency: number): number | undefined {
  const plant = chain.components.find((c) => c.key === 'plantPerformance');
  return plant ? round(plant.energy * efficiency) : undefined;
}

/** The net's exceedance levels for each return period of the chain, GWh. */
export function exceedanceByReturnPeriod(chain: TEnergyUncertainty) {
  return chain.horizons.flatMap((h) =>
    (['P75', 'P90', 'P99'] as const).map((p) => ({
      statistic: {
        statistic_type: 'exceedance_level' as const,
        probability: Number(p.slice(1)) / 100,
        return_period: h.years,
      },
      values: round(h[p] / 1000),
    })),
  );
}
