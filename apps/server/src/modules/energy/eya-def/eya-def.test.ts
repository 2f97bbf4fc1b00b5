import type { TEnergyResult, TEnergyTurbineResult, TTurbine } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { eyaDefValidator, hasEyaDefSchemas } from '../../../../test/eya-def-validator.ts';
import { energyUncertainty } from '../energy-uncertainty.ts';
import { buildEyaDef, sensitivityOf, type TEyaInput } from './build-eya-def.ts';

const validate = hasEyaDefSchemas ? eyaDefValidator() : () => [];

const CURVE = [
  { speed: 3, power: 0, ct: 0.9 },
  { speed: 5, power: 171, ct: 0.82 },
  { speed: 8, power: 800, ct: 0.78 },
  { speed: 11, power: 1824, ct: 0.6 },
  { speed: 13, power: 2000, ct: 0.4 },
  { speed: 25, power: 2000, ct: 0.06 },
];

function turbineRecord(id: number, overrides: Partial<TTurbine> = {}): TTurbine {
  return {
    id,
    model: `Demo-${id}`,
    manufacturer: 'Example Wind',
    ratedKw: 2000,
    rotorDiameterM: 110,
    hubHeightsM: [90],
    referenceDensity: 1.225,
    regulation: 'pitch',
    curve: CURVE,
    source: 'test',
    licence: 'CC0',
    iecClass: 'III B',
    isBuiltin: false,
    creatorName: 'tester',
    createTime: '2026-11-27 10:00:00',
    ...overrides,
  } as TTurbine;
}

function turbineResult(id: number, overrides: Partial<TEnergyTurbineResult> = {}): TEnergyTurbineResult {
  return {
    turbineId: id,
    model: `Demo-${id}`,
    manufacturer: 'Example Wind',
    ratedKw: 2000,
    regulation: 'pitch',
    iecClass: 'III B',
    classSuitable: true,
    hubMeanSpeed: 7.1,
    count: 4000,
    grossMwh: 6200,
    plainGrossMwh: 6150,
    missingMonths: [],
    aepSensitivity: null,
    uAep: null,
    meanPowerKw: 707,
    grossBasis: 'averageYear',
    capacityFactor: 0.354,
    fullLoadHours: 3100,
    weibull: { scale: 8, shape: 2.1, grossMwh: 6300, capacityFactor: 0.36, fullLoadHours: 3150 },
    weibullBySectorMwh: 6280,
    netMwh: 5450,
    lossFactor: 0.879,
    exceedance: { sigma: 0.0877, P50: 5450, P75: 5128, P90: 4838, P99: 4340 },
    uncertainty: null,
    byMonth: Array.from({ length: 12 }, (_, m) => ({
      month: m + 1,
      count: 330,
      meanPowerKw: 700,
      grossMwh: 516,
    })),
    byHour: Array.from({ length: 24 }, (_, hour) => ({ hour, meanPowerKw: 700 })),
    bySector: Array.from({ length: 12 }, (_, i) => ({
      label: `${i * 30}°`,
      frequency: 1 / 12,
      meanSpeed: 7,
      meanPowerKw: 700,
      energyShare: 1 / 12,
      weibullScale: 8,
      weibullShape: 2,
    })),
    siteCurve: { speed: CURVE.map((p) => p.speed), power: CURVE.map((p) => p.power) },
    ...overrides,
  };
}

function energyResult(overrides: Partial<TEnergyResult> = {}): TEnergyResult {
  return {
    versionId: 1,
    versionName: 'original',
    startTime: '2025-01-01T00:00:00.000Z',
    endTime: '2026-01-01T00:00:00.000Z',
    speedChannel: { id: 3, name: 'WS_100m', heightM: 100 },
    hubHeight: 120,
    shearMode: 'overall',
    shearExponent: 0.18,
    shearIsDefault: false,
    shearBySector: [],
    shearByHour: [],
    densitySource: 'measured',
    meanDensity: 1.08,
    sectorLabels: Array.from({ length: 12 }, (_, i) => `${i * 30}°`),
    losses: { wake: 8, availability: 3, electrical: 2, icing: 0, curtailment: 0, other: 0 },
    uncertaintySigma: 0.0877,
    uncertaintyOverrides: [],
    longTerm: null,
    siteClass: null,
    turbines: [turbineResult(1), turbineResult(2, { netMwh: null, grossMwh: null, missingMonths: [2] })],
    basis: {
      versionId: 1,
      startTime: '2025-01-01T00:00:00.000Z',
      endTime: '2026-01-01T00:00:00.000Z',
      records: 52_560,
      policy: { includeSuspicious: false, includeFilled: true },
      channels: [],
    },
    ...overrides,
  };
}

function input(overrides: Partial<TEyaInput> = {}): TEyaInput {
  return {
    result: energyResult(),
    request: {
      losses: { wake: 8, availability: 3, electrical: 2, icing: 0, curtailment: 0, other: 0 },
      uncertainties: [
        { name: 'measurement', value: 5 },
        { name: 'model', value: 4 },
      ],
    },
    turbines: [turbineRecord(1), turbineRecord(2, { curve: CURVE.map((p) => ({ ...p, ct: null })) })],
    site: { code: '000123', name: '测试风电场', longitude: 112.5, latitude: 41.2, altitudeM: 1400 },
    author: { name: '张工', organisation: 'Example Energy' },
    issuedAt: new Date('2026-11-27T10:00:00Z'),
    utcOffsetMinutes: 480,
    documentId: '6f1c9a2e-7d3b-4a55-9b1e-2c3d4e5f6a7b',
    texts: { title: 'Energy yield', assumedPeriod: 'assumed 20 years', scenario: (m, h) => `${m} at ${h} m` },
    ...overrides,
  };
}

describe('the IEC 61400-15-2 EYA DEF document of an energy yield (issue 32)', () => {
  it.skipIf(!hasEyaDefSchemas)(
    'is valid against the official EYA DEF and IEC 61400-16 power curve schemas',
    () => {
      const document = buildEyaDef(input());
      expect(validate(document)).toEqual([]);
    },
  );

  it.skipIf(!hasEyaDefSchemas)(
    'names the site’s IEA ice class and its expected loss range in the icing loss subcategory, still valid against the schema',
    () => {
      const document = buildEyaDef(
        input({
          iceClass: { iceClass: 3, year: 2024, meteorologicalIcingPct: 4.444, productionLossPct: [3, 12] },
        }),
      ) as {
        scenarios: {
          energy_assessment: {
            plant_performance_assessment: {
              categories: { label: string; subcategories: { label: string; comments?: string }[] }[];
            };
          };
        }[];
      };
      expect(validate(document)).toEqual([]);
      const icing = document.scenarios[0]!.energy_assessment.plant_performance_assessment.categories.flatMap(
        (c) => c.subcategories,
      ).find((s) => s.label === 'icing');
      expect(icing?.comments).toBe(
        'IEA ice class 3 (IEA Wind Task 19, recommended practices 13, 2nd edition 2017) from the site’s 2024 ' +
          'data: meteorological icing 4.44 % of the measured time (T ≤ 0 °C and RH ≥ 95 %); expected ' +
          'production loss of the class 3–12 %.',
      );
      // Without a stored class the subcategory carries no comments (the schema wants none empty).
      const plain = buildEyaDef(input()) as typeof document;
      expect(
        plain.scenarios[0]!.energy_assessment.plant_performance_assessment.categories.flatMap(
          (c) => c.subcategories,
        ).find((s) => s.label === 'icing'),
      ).not.toHaveProperty('comments');
    },
  );

  it.skipIf(!hasEyaDefSchemas)('refuses what the schema refuses: the validator is not a formality', () => {
    const document = buildEyaDef(input()) as Record<string, unknown>;
    expect(validate({ ...document, epsg_srid: 'WGS84' }).join()).toMatch(/epsg_srid/);
    const { scenarios: _, ...withoutScenarios } = document;
    expect(validate(withoutScenarios).join()).toMatch(/scenarios/);
  });

  it('carries the figures of the yield: GWh, one scenario per turbine, P50 and the exceedance levels, the losses as efficiencies', () => {
    const doc = buildEyaDef(input()) as {
      scenarios: {
        label: string;
        is_main_scenario: boolean;
        energy_assessment: {
          gross_energy_assessment: {
            results: { annual_energy_production: { statistics: { values: unknown }[] }[] };
          };
          net_energy_assessment: {
            results: {
              annual_energy_production: { statistics: { statistic: unknown; values: unknown }[] }[];
            };
          };
          plant_performance_assessment: {
            categories: { label: string; results: { efficiency: { statistics: { values: unknown }[] }[] } }[];
          };
          wind_uncertainty_assessment: { wind_speed_to_energy_sensitivity_factor: number };
        };
      }[];
      wind_farms: { installed_capacity: number; turbines: { hub_height: number; location: unknown }[] }[];
      power_curves: { turbine: { model_name: string; rated_power: number } }[];
    };
    expect(doc.scenarios.map((s) => [s.label, s.is_main_scenario])).toEqual([
      ['Demo-1 at 120 m', true],
      ['Demo-2 at 120 m', false],
    ]);
    const [first, second] = doc.scenarios;
    expect(
      first!.energy_assessment.gross_energy_assessment.results.annual_energy_production[0]!.statistics[0]!
        .values,
    ).toBe(6.2);
    // The second has a month without data: its gross is the all-records one.
    expect(
      second!.energy_assessment.gross_energy_assessment.results.annual_energy_production[0]!.statistics[0]!
        .values,
    ).toBe(6.15);
    const net =
      first!.energy_assessment.net_energy_assessment.results.annual_energy_production[0]!.statistics;
    expect(net).toEqual([
      { statistic: { statistic_type: 'median' }, values: 5.45 },
      { statistic: { statistic_type: 'exceedance_level', probability: 0.75 }, values: 5.128 },
      { statistic: { statistic_type: 'exceedance_level', probability: 0.9 }, values: 4.838 },
      { statistic: { statistic_type: 'exceedance_level', probability: 0.99 }, values: 4.34 },
    ]);
    const wake = first!.energy_assessment.plant_performance_assessment.categories.find(
      (c) => c.label === 'turbine_interaction',
    );
    expect(wake!.results.efficiency[0]!.statistics[0]!.values).toBe(0.92);
    expect(doc.wind_farms[0]!.installed_capacity).toBe(2);
    expect(doc.wind_farms[0]!.turbines[0]).toMatchObject({
      hub_height: 120,
      location: { x: 112.5, y: 41.2 },
    });
    expect(doc.power_curves[0]!.turbine).toMatchObject({ model_name: 'Demo-1', rated_power: 2_000_000 });
    expect(
      first!.energy_assessment.wind_uncertainty_assessment.wind_speed_to_energy_sensitivity_factor,
    ).toBeGreaterThan(1);
  });

  it('states the long-term correction under the historical wind resource and uses its sensitivity', () => {
    const result = energyResult({
      longTerm: {
        step: 'longterm_mcp',
        referenceName: 'ERA5 node',
        method: 'ols',
        methodName: 'OLS',
        concurrentPeriods: 12,
        r: 0.93,
        uMcp: 0.021,
        uLt: 0.015,
        uTotal: 0.0258,
        averageYearMps: 7.0,
      },
      turbines: [turbineResult(1, { aepSensitivity: 1.74, uAep: 0.0449 })],
    });
    const document = buildEyaDef(input({ result }));
    expect(validate(document)).toEqual([]);
    const text = JSON.stringify(document);
    expect(text).toContain('"label":"historical_wind_resource"');
    expect(text).toContain('"label":"long_term_adjustment"');
    expect(text).toContain('"wind_speed_to_energy_sensitivity_factor":1.74');
  });

  it('derives the wind-speed-to-energy sensitivity from the Weibull gross when the yield has none (≈ 1.5–2.5 for a modern turbine at 7–8 m/s)', () => {
    const s = sensitivityOf(turbineResult(1));
    expect(s).toBeGreaterThan(1.2);
    expect(s).toBeLessThan(2.5);
    expect(sensitivityOf(turbineResult(1, { aepSensitivity: 1.9 }))).toBe(1.9);
    expect(sensitivityOf(turbineResult(1, { weibull: null }))).toBeNull();
  });
});

describe('the uncertainty chain in the EYA DEF document (issue 46 §1)', () => {
  const LONG_TERM = {
    step: 'longterm_mcp' as const,
    referenceName: 'ERA5 node',
    method: 'ols',
    methodName: 'OLS',
    concurrentPeriods: 12,
    r: 0.93,
    uMcp: 0.018,
    uLt: 0.0088,
    uTotal: 0.02,
    averageYearMps: 7.0,
  };
  const chain = energyUncertainty(
    {
      heights: [
        { channel: { dataKey: 'ws_100', heightM: 100 } as never, meanSpeedMps: 7.1 },
        { channel: { dataKey: 'ws_80', heightM: 80 } as never, meanSpeedMps: 6.8 },
        { channel: { dataKey: 'ws_60', heightM: 60 } as never, meanSpeedMps: 6.5 },
      ],
      shear: { heightsM: [60, 80, 100], meanSpeedsMps: [6.5, 6.8, 7.1] },
      measuredHeightM: 100,
      hubHeightM: 120,
      measuredYears: 1,
      longTerm: LONG_TERM,
      inputs: {
        anemometers: {
          ws_100: {
            classification: '1.7A',
            mounting: 'side',
            certificate: { id: 'C1', kFactor: 2, points: [{ referenceBinMps: 8, uncertaintyMps: 0.1 }] },
          },
        },
        overrides: [
          {
            key: 'horizontalExtrapolation',
            valuePct: 2,
            userName: '张工',
            updatedAt: '2026-11-29T10:00:00Z',
          },
        ],
        reconstruction: { taskId: 3, uncertaintyPct: 0.5 },
      },
      other: [{ name: 'model', value: 1 }],
    },
    {
      curve: {
        speedsMps: CURVE.map((p) => p.speed),
        powerKw: CURVE.map((p) => p.power),
        ratedKw: 2000,
        referenceDensityKgM3: 1.225,
        regulation: 'pitch',
      },
      netMwh: 5450,
      yieldSensitivity: 1.74,
      hubSpeeds: () => new Float64Array(),
      meanDensity: 1.225,
    },
  )!;

  it.skipIf(!hasEyaDefSchemas)(
    'is valid with every category filled, on a long-term version with a reconstruction and a typed component',
    () => {
      const result = energyResult({
        longTerm: LONG_TERM,
        turbines: [turbineResult(1, { uncertainty: chain })],
      });
      const document = buildEyaDef(input({ result }));
      expect(validate(document)).toEqual([]);
      const text = JSON.stringify(document);
      for (const label of [
        'measurement',
        'historical_wind_resource',
        'vertical_extrapolation',
        'horizontal_extrapolation',
        'future_assessment_period_variability',
        'other',
        'wind_speed_measurement',
        'long_term_period_representativeness',
        'reference_data_consistency',
        'long_term_adjustment',
        'on_site_data_synthesis',
        'vertical_model_uncertainty',
        'wind_speed_variability',
      ])
        expect(text).toContain(`"label":"${label}"`);
      expect(text).toContain('"wind_speed_to_energy_sensitivity_factor":1.74');
    },
  );

  it('gives the future variability per return period as σ_IAV/√N and the net P90 of each horizon', () => {
    const doc = buildEyaDef(
      input({
        result: energyResult({ longTerm: LONG_TERM, turbines: [turbineResult(1, { uncertainty: chain })] }),
      }),
    ) as { scenarios: { energy_assessment: Record<string, any> }[] };
    const e = doc.scenarios[0]!.energy_assessment;
    const future = e.wind_uncertainty_assessment.categories.find(
      (c: { label: string }) => c.label === 'future_assessment_period_variability',
    );
    const sd = future.results.relative_wind_speed_uncertainty[0].statistics.map(
      (s: { values: number }) => s.values,
    );
    expect(sd[0]).toBeCloseTo(0.06, 6);
    expect(sd[1]).toBeCloseTo(0.06 / Math.sqrt(10), 6);
    expect(sd[2]).toBeCloseTo(0.06 / Math.sqrt(20), 6);
    const net = e.net_energy_assessment.results.annual_energy_production[0].statistics;
    const p90 = net.filter((s: { statistic: { probability?: number } }) => s.statistic.probability === 0.9);
    expect(p90.map((s: { values: number }) => s.values)).toEqual(
      chain.horizons.map((h) => Math.round(h.P90 * 1000) / 1e6),
    );
  });
});
