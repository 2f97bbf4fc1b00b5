import type { TMcpRow } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  annualTrend,
  buildCvBlocksOption,
  buildHomogeneityOption,
  buildLongTermMonthlyOption,
  buildMonthlyOption,
  buildScatterOption,
} from './longterm.charts.ts';

type TSeries = { type: string; name?: string; data: unknown[] };
const seriesOf = (option: { series?: unknown }) => option.series as TSeries[];

const row = (over: Partial<TMcpRow>): TMcpRow => ({
  method: 'ols',
  methodName: 'OLS',
  sectors: 0,
  count: 6,
  slope: 1.1675,
  offset: -0.18325,
  rSquared: 0.98,
  sectorLines: [],
  cvBias: -0.00835,
  cvRmse: 0.0441,
  cvBlocks: [],
  uMcp: 0.018,
  uLt: 0.00875,
  uTotal: 0.02,
  longTerm: [],
  isRecommended: false,
  ...over,
});

describe('long-term chart options', () => {
  it('builds the scatter option with one line per overall method', () => {
    const option = buildScatterOption(
      {
        scatter: { x: [6.1, 7.4, 5.2], y: [7, 8.3, 6.1] },
        rows: [
          row({}),
          row({ method: 'tls', methodName: 'TLS', slope: 1.2, offset: -0.4 }),
          row({ method: 'ols', sectors: 12, slope: null, offset: null }),
        ],
      },
      { reference: 'Reference m/s', target: 'Target m/s' },
    );
    const series = seriesOf(option);
    expect(series.map((s) => s.type)).toEqual(['scatter', 'line', 'line']);
    expect(series[0]!.data).toEqual([
      [6.1, 7],
      [7.4, 8.3],
      [5.2, 6.1],
    ]);
    expect(series[1]).toMatchObject({
      name: 'OLS',
      data: [
        [0, -0.183],
        [7.4, 8.456],
      ],
    });
    expect(series[2]!.name).toBe('TLS');
  });

  it('builds the monthly option with the measured bars and the predicted line', () => {
    const option = buildMonthlyOption(
      [
        { month: '2025-01', measured: 7.004, predicted: 6.9224 },
        { month: '2025-02', measured: null, predicted: 8.5222 },
      ],
      { measured: 'Measured', predicted: 'Predicted' },
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['2025-01', '2025-02']);
    expect(seriesOf(option).map((s) => s.data)).toEqual([
      [7, null],
      [6.92, 8.52],
    ]);
  });

  it('builds the cross-validation option with the block errors in percent', () => {
    const option = buildCvBlocksOption(
      row({
        cvBlocks: [
          { label: '2025-01', error: -0.01037 },
          { label: '2025-02', error: null },
        ],
      }),
      { error: 'Error' },
    );
    expect(seriesOf(option)[0]!.data).toEqual([-1.04, null]);
    expect(seriesOf(buildCvBlocksOption(undefined, { error: 'Error' }))[0]!.data).toEqual([]);
  });

  it('fits the least-squares trend through the annual means', () => {
    const line = annualTrend([
      { year: 2000, meanMps: 6.1 },
      { year: 2001, meanMps: 6.1 },
      { year: 2002, meanMps: 6.4 },
    ]);
    expect(line).toHaveLength(3);
    expect(line?.[0]).toBeCloseTo(6.05, 10);
    expect(line?.[2]).toBeCloseTo(6.35, 10);
    expect(annualTrend([{ year: 2000, meanMps: 6 }])).toBeUndefined();
  });

  it('builds the homogeneity option with the annual means, the trend and the outlier years marked', () => {
    const option = buildHomogeneityOption(
      {
        years: [
          { year: 2018, meanMps: 6.5, isOutlier: false },
          { year: 2019, meanMps: 7.9, isOutlier: true },
          { year: 2020, meanMps: 6.6, isOutlier: false },
        ],
        trendPercentPerDecade: 1,
        isTrendFlagged: false,
        sigmaIav: 0.1,
      },
      { annualMean: 'Annual mean', trend: 'Trend', outlier: 'Outlier year' },
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['2018', '2019', '2020']);
    const [means, trend, outliers] = seriesOf(option);
    expect(means!.data).toEqual([6.5, 7.9, 6.6]);
    expect(trend!.data).toHaveLength(3);
    expect(outliers).toMatchObject({ name: 'Outlier year', data: [null, 7.9, null] });
  });

  it('builds the long-term monthly option over the calendar months with their labels', () => {
    const option = buildLongTermMonthlyOption(
      [
        { month: 1, meanMps: 7.456 },
        { month: 2, meanMps: null },
      ],
      { mean: 'Mean', month: (m) => `M${m}` },
    );
    expect((option.xAxis as { data: string[] }).data).toEqual(['M1', 'M2']);
    expect(seriesOf(option)[0]!.data).toEqual([7.46, null]);
  });
});
