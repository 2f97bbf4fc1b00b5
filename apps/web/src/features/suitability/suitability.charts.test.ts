import type { TSuitabilityResult } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  buildExtremeOption,
  buildSectorOption,
  buildTiOption,
  classTableRows,
  passMark,
} from './suitability.charts.ts';

const bin = (centreMps: number, isJudged: boolean, sigmaRepTi: number) => ({
  centreMps,
  count: isJudged ? 40 : 5,
  sigmaRepTi,
  tiRep: sigmaRepTi - 0.001,
  ntmTi: {
    'A+': 0.18 * (0.75 + 5.6 / centreMps),
    A: 0.16 * (0.75 + 5.6 / centreMps),
    B: 0.14 * (0.75 + 5.6 / centreMps),
    C: 0.12 * (0.75 + 5.6 / centreMps),
  },
  isJudged,
  notJudgedReason: isJudged ? null : ('tooFewRecords' as const),
});

const result = {
  turbulenceDefinition: 'sigma',
  turbulence: {
    checkRangeMps: [10, 25] as [number, number],
    minCount: 30,
    equivalentReferenceTi: 0.13,
    alternativeEquivalentReferenceTi: 0.129,
    decidingBinMps: 15,
    referenceTi: { 'A+': 0.18, A: 0.16, B: 0.14, C: 0.12 },
    bins: [bin(8, false, 0.16), bin(15, true, 0.1353), bin(20, true, 0.12)],
  },
  extremes: {
    returnVariate: 3.9019,
    series: [
      {
        method: 'periodicMaxima',
        name: 'Periodic maxima',
        points: [
          { y: -1, speedMps: 18 },
          { y: 0.5, speedMps: 22 },
        ],
        line: [
          { y: -1.5, speedMps: 17 },
          { y: 4.4, speedMps: 31 },
        ],
      },
      { method: 'fivefoldMean', name: '5 × mean', points: [{ y: 3.9019, speedMps: 36 }], line: [] },
    ],
  },
  shear: {
    exponent: 0.15,
    heightsM: [50, 90],
    meanSpeedsMps: [6, 6.5],
    count: 100,
    bySector: [
      { label: 'N', value: 0.12, count: 40, isFlagged: false },
      { label: 'E', value: 0.26, count: 40, isFlagged: true },
    ],
  },
  inflow: {
    overallDeg: 1.1,
    count: 80,
    bySector: [
      { label: 'N', value: 1, count: 40, isFlagged: false },
      { label: 'E', value: 9.5, count: 40, isFlagged: true },
    ],
  },
  classKeys: ['III B', 'III C'],
  checks: [
    {
      key: 'turbulence',
      name: 'Turbulence',
      status: 'judged',
      siteValue: 0.1353,
      unit: '',
      method: 'sigma',
      methodName: 'σ',
      records: 80,
      limits: [0.14, 0.12],
      pass: [true, false],
      margins: [0.03, -0.1],
      isFlagged: false,
      reasons: [],
    },
    {
      key: 'shear',
      name: 'Shear',
      status: 'informative',
      siteValue: 0.26,
      unit: '',
      method: 'powerLawOfMeans',
      methodName: 'α',
      records: 80,
      limits: [0.2, 0.2],
      pass: [null, null],
      margins: [-0.3, -0.3],
      isFlagged: true,
      reasons: [],
    },
  ],
} as unknown as TSuitabilityResult;

describe('the site suitability charts and table', () => {
  it('draws judged and unjudged bins apart and the four NTM curves, with the check range shaded', () => {
    const option = buildTiOption(result, {
      judged: 'judged',
      notJudged: 'not judged',
      ntm: (c) => `NTM ${c}`,
      speed: 'm/s',
    })!;
    const series = option.series as { name: string; data: unknown[][]; markArea?: { data: unknown } }[];
    expect(series.map((s) => s.name)).toEqual(['judged', 'not judged', 'NTM A+', 'NTM A', 'NTM B', 'NTM C']);
    expect(series[0]!.data).toEqual([
      [15, 0.1353, 40],
      [20, 0.12, 40],
    ]);
    expect(series[1]!.data).toEqual([[8, 0.16, 5]]);
    expect(series[0]!.markArea!.data).toEqual([[{ xAxis: 9.5 }, { xAxis: 25.5 }]]);
    // C at 15 m/s: 0.12 · (0.75 + 5.6/15) = 0.1348 (WIND-ANALYSIS §8.4).
    expect(series[5]!.data[1]).toEqual([15, 0.1348]);
    expect(
      buildTiOption({ ...result, turbulence: null }, { judged: '', notJudged: '', ntm: String, speed: '' }),
    ).toBeUndefined();
  });

  it('puts each method’s maxima and line on one probability plot with the 50-year mark', () => {
    const option = buildExtremeOption(result, { reducedVariate: 'y', fiftyYears: '50 yr' })!;
    const series = option.series as {
      type: string;
      name: string;
      data: unknown[];
      markLine?: { data: unknown };
    }[];
    expect(series.map((s) => `${s.type} ${s.name}`)).toEqual([
      'scatter Periodic maxima',
      'line Periodic maxima',
      'scatter 5 × mean',
      'line 5 × mean',
    ]);
    expect(series[0]!.markLine!.data).toEqual([{ xAxis: 3.902 }]);
    expect(series[1]!.data).toEqual([
      [-1.5, 17],
      [4.4, 31],
    ]);
  });

  it('marks the sectors outside the design shear and the ±8° inflow in red', () => {
    const option = buildSectorOption(result, { alpha: 'α', inflow: 'inflow' })!;
    const series = option.series as { data: { value: number; itemStyle: { color?: string } }[] }[];
    expect(series[0]!.data.map((d) => d.itemStyle.color ?? null)).toEqual([null, '#cf1322']);
    expect(series[1]!.data.map((d) => d.value)).toEqual([1, 9.5]);
  });

  it('shows ✓/✗ for judged checks and the limits for informative ones', () => {
    const rows = classTableRows(result);
    expect(rows[0]!.cells['III B']).toEqual({ mark: '✓', limit: 0.14, pass: true });
    expect(rows[0]!.cells['III C']).toEqual({ mark: '✗', limit: 0.12, pass: false });
    expect(rows[1]!.cells['III C']).toEqual({ mark: '', limit: 0.2, pass: null });
    expect([passMark(true), passMark(false), passMark(null)]).toEqual(['✓', '✗', '—']);
  });
});
