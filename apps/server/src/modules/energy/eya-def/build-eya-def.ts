import type { TEnergyRequest, TEnergyResult, TEnergyTurbineResult, TTurbine } from '@masthub/shared';
import { exceedanceByReturnPeriod, plantPerformanceSd, windUncertaintyChain } from './eya-def-uncertainty.ts';

/**
 * The energy yield of a data version as an IEC 61400-15-2 EYA DEF document (the official JSON Schema,
 * draft 2020-12, in ../shared/reference/standards; power curves as IEC 61400-16 Power Curve Schema documents).
 *
 * How MastHub's single-point yield maps onto the format, so a reviewer can trace every figure:
 * - each candidate turbine is a scenario: one wind farm of one turbine at the site's coordinates (EPSG:4326,
 *   x = longitude, y = latitude) and the chosen hub height; the first is the main scenario;
 * - one wind resource assessment: the measured (or long-term corrected) version at hub height — the mean
 *   hub speed, the sector frequencies, the shear exponent and the mean density; data availability = the
 *   records used over the 10-minute slots of the period;
 * - gross AEP = the average-year time-series gross (the plain all-records one when a calendar month has no
 *   data), GWh/year; net AEP = P50 after the losses, with the P75/P90/P99 exceedance levels of the stated
 *   uncertainty; net energy by calendar month of the average year (gross by month × the loss factor);
 * - plant performance: each loss entered (wake, availability, electrical, icing, curtailment, other) as an
 *   efficiency 1 − loss; their uncertainty is not entered in MastHub, so no standard deviation is claimed;
 *   the icing subcategory's comments name the site's stored IEA ice class and its expected loss range
 *   (issue 45 §2) — the schema has no field for an ice class, and the entered loss stays the figure;
 * - wind uncertainty: the long-term correction's u_MCP and u_LT (relative to wind speed) under the
 *   historical wind resource, when the version stands on one; each component the user entered (relative
 *   to energy) under "other"; the overall relative energy uncertainty σ they combine to;
 * - the wind-speed-to-energy sensitivity: the energy yield's own S where it has one (long-term versions),
 *   else dAEP/AEP per dv/v of the turbine's Weibull gross, by central difference at ±1 % of the scale;
 * - with the uncertainty chain (issue 46 §1; eya-def-uncertainty.ts) every category of the standard
 *   instead: its components as subcategories, in wind speed and in energy, the overall σ_E for 1/10/20-year
 *   return periods, S of the chain, the plant performance's standard deviation and the net exceedance levels
 *   for each return period.
 * The period the wind farm would operate is not known to MastHub: the document assumes 20 years from the
 * 1st of January after the issue date and says so.
 */

export interface TEyaSite {
  code: string;
  name: string;
  longitude: number;
  latitude: number;
  altitudeM: number | null;
}

export interface TEyaInput {
  result: TEnergyResult;
  request: Pick<TEnergyRequest, 'uncertainties' | 'losses'>;
  /** The library records of the result's turbines (power curve, rotor, regulation). */
  turbines: readonly TTurbine[];
  site: TEyaSite;
  author: { name: string; organisation: string };
  issuedAt: Date;
  utcOffsetMinutes: number;
  documentId: string;
  /** Title and descriptions in the caller's language. */
  texts: { title: string; assumedPeriod: string; scenario: (model: string, hubHeight: number) => string };
  /**
   * The site's stored IEA ice class (issue 45 §2), when it has one: the icing loss subcategory's comments
   * name it with its expected production-loss range, beside the loss the user entered.
   */
  iceClass?: TEyaIceClass | null;
}

export interface TEyaIceClass {
  iceClass: number;
  year: number;
  meteorologicalIcingPct: number;
  productionLossPct: readonly [number, number | null];
}

/** The icing subcategory's comments: the IEA ice class the site's data give (English, as the document). */
export function iceClassComment(c: TEyaIceClass): string {
  const [low, high] = c.productionLossPct;
  const loss = high === null ? `above ${low} %` : `${low}–${high} %`;
  return (
    `IEA ice class ${c.iceClass} (IEA Wind Task 19, recommended practices 13, 2nd edition 2017) from the ` +
    `site’s ${c.year} data: meteorological icing ${round(c.meteorologicalIcingPct, 2)} % of the measured time ` +
    `(T ≤ 0 °C and RH ≥ 95 %); expected production loss of the class ${loss}.`
  );
}

type TStat =
  | { statistic_type: 'mean' | 'median' | 'standard_deviation' }
  | { statistic_type: 'exceedance_level'; probability: number };

type TValues = number | [unknown[], number][];

interface TDataset {
  dimensions?: string[];
  description?: string;
  statistics: { statistic: TStat; values: TValues }[];
}

const DATASET_ID = 'site_version';
const EPSG_WGS84 = 4326;
const ASSUMED_LIFETIME_YEARS = 20;
const round = (v: number, digits = 6) => Math.round(v * 10 ** digits) / 10 ** digits;

function single(statistic: TStat, value: number, description?: string): TDataset {
  return { ...(description ? { description } : {}), statistics: [{ statistic, values: round(value) }] };
}

function byDimension(dimensions: string[], statistic: TStat, values: [unknown[], number][]): TDataset {
  return { dimensions, statistics: [{ statistic, values: values.map(([k, v]) => [k, round(v)]) }] };
}

const turbineKey = (t: { turbineId: number }) => `wtg_${t.turbineId}`;
const farmKey = (t: { turbineId: number }) => `wf_${t.turbineId}`;
const grossMwhOf = (t: TEnergyTurbineResult) => t.grossMwh ?? t.plainGrossMwh ?? 0;

/** Weibull gross energy (MWh/year) of a power curve (kW at m/s) at scale `a` and shape `k`. */
function weibullGross(a: number, k: number, curve: { speed: number[]; power: number[] }): number {
  const step = 0.05;
  let sum = 0;
  for (let v = step / 2; v < 40; v += step) {
    const pdf = (k / a) * (v / a) ** (k - 1) * Math.exp(-((v / a) ** k));
    sum += pdf * powerAt(curve, v) * step;
  }
  return (sum * 8766) / 1000;
}

function powerAt(curve: { speed: number[]; power: number[] }, v: number): number {
  const { speed, power } = curve;
  if (speed.length === 0 || v < speed[0]! || v > speed[speed.length - 1]!) return 0;
  for (let i = 1; i < speed.length; i++) {
    if (v <= speed[i]!) {
      const f = (v - speed[i - 1]!) / (speed[i]! - speed[i - 1]!);
      return power[i - 1]! + f * (power[i]! - power[i - 1]!);
    }
  }
  return power[power.length - 1]!;
}

/** S = (AEP(1.01 v) − AEP(0.99 v)) / (0.02 AEP(v)) of one turbine: its own, else from its Weibull gross. */
export function sensitivityOf(t: TEnergyTurbineResult): number | null {
  if (t.aepSensitivity !== null) return t.aepSensitivity;
  if (!t.weibull) return null;
  const { scale, shape } = t.weibull;
  const mid = weibullGross(scale, shape, t.siteCurve);
  if (!(mid > 0)) return null;
  return (
    (weibullGross(scale * 1.01, shape, t.siteCurve) - weibullGross(scale * 0.99, shape, t.siteCurve)) /
    (0.02 * mid)
  );
}

/** An IEC 61400-16 power curve document of a library turbine (W, m/s; the reference density's curve). */
function powerCurveDocument(t: TTurbine, issued: string) {
  const speeds = t.curve.map((p) => p.speed);
  const hasCt = t.curve.every((p) => p.ct !== null);
  const firstPower = t.curve.findIndex((p) => p.power > 0);
  let lastPower = -1;
  t.curve.forEach((p, i) => {
    if (p.power > 0) lastPower = i;
  });
  return {
    document: {
      metadata: [
        { term: 'Identifier', value: `masthub-turbine-${t.id}` },
        { term: 'Format', value: 'IEC61400-16-1' },
        { term: 'Date', value: issued },
        ...(t.source ? [{ term: 'Source', value: t.source }] : []),
        ...(t.licence ? [{ term: 'Rights', value: t.licence }] : []),
      ],
    },
    turbine: {
      model_name: t.model,
      model_description: `${t.manufacturer} ${t.model}`,
      manufacturer_name: t.manufacturer || 'unknown',
      manufacturer_display_name: t.manufacturer || 'unknown',
      rated_power: t.ratedKw * 1000,
      rotor_diameter: t.rotorDiameterM,
      number_of_blades: 3,
      drive_type: 'other',
      regulation_type: t.regulation === 'stall' ? 'stall' : t.regulation === 'pitch' ? 'pitch' : 'other',
    },
    power_curves: {
      default_operating_mode_label: 'standard',
      operating_modes: [
        {
          label: 'standard',
          name: 'Standard',
          description: `The curve of the MastHub turbine library at ${t.referenceDensity} kg/m³`,
          cuts: [
            { cut_type: 'low-cut-in', wind_speed: speeds[Math.max(0, firstPower)]!, period: 600 },
            { cut_type: 'high-cut-out', wind_speed: speeds[Math.max(0, lastPower)]!, period: 600 },
          ],
          parameters: [
            { label: 'air-density', value: t.referenceDensity },
            { label: 'wind-speed', axis: 0, values: speeds },
          ],
          power: t.curve.map((p) => p.power * 1000),
          // The library keeps Ct where the source gave it; otherwise the schema's required array holds 0 —
          // "not known", never used by MastHub (no wake model).
          thrust_coefficient: t.curve.map((p) => (hasCt ? p.ct! : 0)),
        },
      ],
    },
  };
}

function lossCategories(losses: Record<string, number>, iceClass: TEyaIceClass | null | undefined) {
  const map: [string, string, string][] = [
    ['wake', 'turbine_interaction', 'internal_turbine_interaction'],
    ['availability', 'availability', 'turbine_availability'],
    ['electrical', 'electrical', 'electrical_efficiency'],
    ['icing', 'environmental', 'icing'],
    ['curtailment', 'curtailment', 'other'],
    ['other', 'other', 'other'],
  ];
  return map.map(([key, category, subcategory]) => {
    const efficiency = single({ statistic_type: 'mean' }, 1 - (losses[key] ?? 0) / 100);
    return {
      label: category,
      results: { efficiency: [efficiency] },
      subcategories: [
        {
          label: subcategory,
          basis: 'project_specific_assumption',
          variability: 'static',
          description: `MastHub loss input "${key}"`,
          ...(key === 'icing' && iceClass ? { comments: iceClassComment(iceClass) } : {}),
          results: { efficiency: [efficiency] },
        },
      ],
    };
  });
}

function windUncertainty(input: TEyaInput, turbine: TEnergyTurbineResult) {
  if (turbine.uncertainty) return windUncertaintyChain(turbine.uncertainty);
  const { result, request } = input;
  const categories: object[] = [];
  const lt = result.longTerm;
  if (lt && (lt.uMcp !== null || lt.uLt !== null)) {
    const subs: object[] = [];
    if (lt.uMcp !== null)
      subs.push({
        label: 'long_term_adjustment',
        description: `${lt.methodName} against ${lt.referenceName}`,
        results: {
          relative_wind_speed_uncertainty: [single({ statistic_type: 'standard_deviation' }, lt.uMcp)],
        },
      });
    if (lt.uLt !== null)
      subs.push({
        label: 'long_term_period_representativeness',
        results: {
          relative_wind_speed_uncertainty: [single({ statistic_type: 'standard_deviation' }, lt.uLt)],
        },
      });
    categories.push({
      label: 'historical_wind_resource',
      results: {
        relative_wind_speed_uncertainty: [
          single(
            { statistic_type: 'standard_deviation' },
            lt.uTotal ?? Math.hypot(lt.uMcp ?? 0, lt.uLt ?? 0),
          ),
        ],
      },
      subcategories: subs,
    });
  }
  const entered = request.uncertainties;
  categories.push({
    label: 'other',
    results: {
      relative_energy_uncertainty: [
        single({ statistic_type: 'standard_deviation' }, result.uncertaintySigma),
      ],
    },
    subcategories: entered.map((u) => ({
      label: 'other',
      description: u.name,
      results: {
        relative_energy_uncertainty: [single({ statistic_type: 'standard_deviation' }, u.value / 100)],
      },
    })),
  });
  return {
    categories,
    results: {
      relative_energy_uncertainty: [
        single({ statistic_type: 'standard_deviation' }, turbine.exceedance.sigma || result.uncertaintySigma),
      ],
    },
    wind_speed_to_energy_sensitivity_factor: round(sensitivityOf(turbine) ?? 0),
  };
}

function scenario(input: TEyaInput, t: TEnergyTurbineResult, isMain: boolean) {
  const gross = grossMwhOf(t) / 1000;
  const net = (t.netMwh ?? grossMwhOf(t) * t.lossFactor) / 1000;
  const exceedance = t.uncertainty
    ? exceedanceByReturnPeriod(t.uncertainty)
    : (['P75', 'P90', 'P99'] as const)
        .filter((p) => t.exceedance[p] !== null)
        .map((p) => ({
          statistic: { statistic_type: 'exceedance_level' as const, probability: Number(p.slice(1)) / 100 },
          values: round(t.exceedance[p]! / 1000),
        }));
  const plantSd = t.uncertainty ? plantPerformanceSd(t.uncertainty, t.lossFactor) : undefined;
  const monthly = t.byMonth
    .filter((m) => m.grossMwh !== null)
    .map((m): [unknown[], number] => [[m.month], (m.grossMwh! * t.lossFactor) / 1000]);
  return {
    label: input.texts.scenario(t.model, input.result.hubHeight),
    is_main_scenario: isMain,
    wind_farm_ids: [farmKey(t)],
    turbine_wind_resource_assessment: {
      wind_resource_assessment_id_reference: 'wra_1',
      results: {
        wind_speed: [
          byDimension(['turbine_id'], { statistic_type: 'mean' }, [[[turbineKey(t)], t.hubMeanSpeed ?? 0]]),
        ],
      },
    },
    energy_assessment: {
      gross_energy_assessment: {
        results: {
          annual_energy_production: [
            single({ statistic_type: 'median' }, gross),
            byDimension(['turbine_id'], { statistic_type: 'median' }, [[[turbineKey(t)], gross]]),
          ],
        },
      },
      wind_uncertainty_assessment: windUncertainty(input, t),
      plant_performance_assessment: {
        categories: lossCategories(input.request.losses, input.iceClass),
        results: {
          efficiency: [
            plantSd === undefined
              ? single({ statistic_type: 'mean' }, t.lossFactor)
              : {
                  statistics: [
                    { statistic: { statistic_type: 'mean' as const }, values: round(t.lossFactor) },
                    { statistic: { statistic_type: 'standard_deviation' as const }, values: plantSd },
                  ],
                },
          ],
        },
      },
      net_energy_assessment: {
        results: {
          annual_energy_production: [
            {
              statistics: [
                { statistic: { statistic_type: 'median' as const }, values: round(net) },
                ...exceedance,
              ],
            },
          ],
          energy_production: [
            monthly.length > 0
              ? byDimension(['month'], { statistic_type: 'mean' }, monthly)
              : single({ statistic_type: 'mean' }, net),
          ],
        },
      },
    },
  };
}

export function buildEyaDef(input: TEyaInput): Record<string, unknown> {
  const { result, site, issuedAt } = input;
  const issued = issuedAt.toISOString().slice(0, 10);
  const startYear = issuedAt.getUTCFullYear() + 1;
  const first = result.turbines[0];
  const periodMs = Date.parse(result.endTime) - Date.parse(result.startTime);
  const slots = Math.max(1, Math.round(periodMs / 600_000));
  const sectorWidth = result.sectorLabels.length > 0 ? 360 / result.sectorLabels.length : 0;
  const probabilities: [unknown[], number][] =
    first && sectorWidth > 0
      ? first.bySector.map((s, i) => [[DATASET_ID, result.hubHeight, i * sectorWidth], s.frequency])
      : [];
  const libraryById = new Map(input.turbines.map((t) => [t.id, t]));
  return {
    $schema:
      'https://raw.githubusercontent.com/IEC-61400-15/eya_def/blob/main/iec_61400-15-2_eya_def.schema.json',
    uuid: input.documentId,
    title: input.texts.title,
    description: input.texts.assumedPeriod,
    project_name: site.name,
    project_country: 'CN',
    issue_date: issued,
    contributors: [{ name: input.author.name, contributor_type: 'author' }],
    issuing_organisations: [{ name: input.author.organisation }],
    epsg_srid: EPSG_WGS84,
    utc_offset: input.utcOffsetMinutes / 60,
    wind_farms: result.turbines.map((t) => ({
      id: farmKey(t),
      label: `${site.name} — ${t.model}`,
      relevance: 'internal',
      assessment_period_start_date: `${startYear}-01-01`,
      assessment_period_end_date: `${startYear + ASSUMED_LIFETIME_YEARS - 1}-12-31`,
      installed_capacity: t.ratedKw / 1000,
      turbines: [
        {
          id: turbineKey(t),
          label: 'WTG01',
          location: { x: site.longitude, y: site.latitude },
          ground_level_altitude: site.altitudeM ?? 0,
          hub_height: result.hubHeight,
          turbine_model: t.model,
          baseline_operating_mode: 'standard',
        },
      ],
    })),
    wind_resource_assessments: [
      {
        id: 'wra_1',
        description: `${site.code} ${site.name}: ${result.versionName}, ${result.speedChannel.name}`,
        dataset_statistics: {
          data_availability: [
            byDimension(['wind_dataset_id'], { statistic_type: 'mean' }, [
              [[DATASET_ID], Math.min(1, (first?.count ?? 0) / slots)],
            ]),
          ],
        },
        results: {
          wind_speed: [
            byDimension(['wind_dataset_id', 'height'], { statistic_type: 'mean' }, [
              [[DATASET_ID, result.hubHeight], first?.hubMeanSpeed ?? 0],
            ]),
          ],
          probability:
            probabilities.length > 0
              ? [
                  byDimension(
                    ['wind_dataset_id', 'height', 'wind_from_direction'],
                    { statistic_type: 'mean' },
                    probabilities,
                  ),
                ]
              : [
                  byDimension(['wind_dataset_id', 'height'], { statistic_type: 'mean' }, [
                    [[DATASET_ID, result.hubHeight], 1],
                  ]),
                ],
          wind_shear_exponent: [
            byDimension(['wind_dataset_id'], { statistic_type: 'mean' }, [
              [[DATASET_ID], result.shearExponent],
            ]),
          ],
          air_density: [
            byDimension(['wind_dataset_id'], { statistic_type: 'mean' }, [
              [[DATASET_ID], result.meanDensity],
            ]),
          ],
        },
      },
    ],
    power_curves: result.turbines
      .map((t) => libraryById.get(t.turbineId))
      .filter((t): t is TTurbine => t !== undefined)
      .map((t) => powerCurveDocument(t, issued)),
    scenarios: result.turbines.map((t, i) => scenario(input, t, i === 0)),
  };
}
