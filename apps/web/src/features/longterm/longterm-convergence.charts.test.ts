import { describe, expect, it } from 'vitest';
import { buildConvergenceOption, convergenceBand } from './longterm-convergence.charts.ts';

const steps = [
  { m: 3, month: '2024-03', monthEnd: '2024-04-01T00:00:00.000Z', ltMeanMps: 7.2, uMcp: 0.05 },
  { m: 4, month: '2024-04', monthEnd: '2024-05-01T00:00:00.000Z', ltMeanMps: 7.0, uMcp: null },
  { m: 5, month: '2024-05', monthEnd: '2024-06-01T00:00:00.000Z', ltMeanMps: 7.1, uMcp: 0.02 },
];

type TSeries = { name: string; stack?: string; data: (number | null)[] };

describe('the convergence chart', () => {
  it('convergenceBand gives L_m·(1 ± u_MCP), no band without u_MCP', () => {
    expect(convergenceBand(steps)).toEqual([
      { month: '2024-03', m: 3, lt: 7.2, lower: 6.84, upper: 7.56, uPercent: 5 },
      { month: '2024-04', m: 4, lt: 7, lower: null, upper: null, uPercent: null },
      { month: '2024-05', m: 5, lt: 7.1, lower: 6.958, upper: 7.242, uPercent: 2 },
    ]);
  });

  it('buildConvergenceOption stacks the band on its lower edge under the L_m line, months on x', () => {
    const option = buildConvergenceOption(steps, {
      lt: 'L',
      band: '±u',
      tip: (s) => `m=${s.m} ${s.lt} ${s.uPercent}`,
    });
    expect((option.xAxis as { data: string[] }).data).toEqual(['2024-03', '2024-04', '2024-05']);
    const series = option.series as TSeries[];
    expect(series.map((s) => [s.name, s.stack])).toEqual([
      ['±u', 'band'],
      ['±u', 'band'],
      ['L', undefined],
    ]);
    expect(series[0]!.data).toEqual([6.84, null, 6.958]);
    expect(series[1]!.data).toEqual([0.72, null, 0.284]);
    expect(series[2]!.data).toEqual([7.2, 7, 7.1]);
    const formatter = (option.tooltip as { formatter: (p: unknown) => string }).formatter;
    expect(formatter([{ dataIndex: 2 }])).toBe('m=5 7.1 2');
    expect(formatter([])).toBe('');
  });
});
