import type { TMcpCompareResult, TMcpRow } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

const OUTLIER_COLOR = '#cf1322';

/** Rounds for display in chart tooltips (the data stay exact enough, the labels short). */
const round = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));

/**
 * The concurrent pairs (reference x, target y) and the line of each overall method over the pairs' span.
 */
export function buildScatterOption(
  result: Pick<TMcpCompareResult, 'scatter' | 'rows'>,
  labels: { reference: string; target: string },
): EChartsOption {
  const xs = result.scatter.x;
  const minX = Math.min(0, ...xs);
  const maxX = Math.max(1, ...xs);
  const lines = result.rows
    .filter((r) => r.sectors === 0 && r.slope !== null)
    .map((r) => {
      const at = (x: number) => round((r.offset ?? 0) + (r.slope ?? 0) * x, 3);
      return {
        type: 'line' as const,
        name: r.methodName,
        showSymbol: false,
        data: [
          [minX, at(minX)],
          [maxX, at(maxX)],
        ],
      };
    });
  return {
    tooltip: {},
    legend: { top: 0, type: 'scroll' },
    grid: { left: 60, right: 20, top: 64, bottom: 50 },
    xAxis: { type: 'value', name: labels.reference, nameLocation: 'middle', nameGap: 30 },
    yAxis: { type: 'value', name: labels.target },
    series: [
      {
        type: 'scatter',
        name: labels.target,
        symbolSize: 3,
        data: xs.map((x, i) => [x, result.scatter.y[i] ?? null]),
      },
      ...lines,
    ],
  };
}

/** Measured and predicted (recommended row) target monthly means over the concurrent period. */
export function buildMonthlyOption(
  monthly: TMcpCompareResult['monthly'],
  labels: { measured: string; predicted: string },
): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 50, right: 20, top: 40, bottom: 40 },
    xAxis: { type: 'category', data: monthly.map((m) => m.month) },
    yAxis: { type: 'value', name: 'm/s' },
    series: [
      { type: 'bar', name: labels.measured, data: monthly.map((m) => round(m.measured, 2)) },
      { type: 'line', name: labels.predicted, data: monthly.map((m) => round(m.predicted, 2)) },
    ],
  };
}

/** The cross-validation errors of one row by block, in percent. */
export function buildCvBlocksOption(
  row: Pick<TMcpRow, 'cvBlocks'> | undefined,
  labels: { error: string },
): EChartsOption {
  const blocks = row?.cvBlocks ?? [];
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 50, right: 20, top: 30, bottom: 40 },
    xAxis: { type: 'category', data: blocks.map((b) => b.label) },
    yAxis: { type: 'value', name: '%' },
    series: [
      {
        type: 'bar',
        name: labels.error,
        data: blocks.map((b) => (b.error === null ? null : round(b.error * 100, 2))),
      },
    ],
  };
}

/** The least-squares line of the annual means over the years, at every year (undefined below 2 years). */
export function annualTrend(years: readonly { year: number; meanMps: number }[]): number[] | undefined {
  if (years.length < 2) return undefined;
  const n = years.length;
  const meanX = years.reduce((s, y) => s + y.year, 0) / n;
  const meanY = years.reduce((s, y) => s + y.meanMps, 0) / n;
  const sxx = years.reduce((s, y) => s + (y.year - meanX) ** 2, 0);
  if (sxx === 0) return undefined;
  const slope = years.reduce((s, y) => s + (y.year - meanX) * (y.meanMps - meanY), 0) / sxx;
  return years.map((y) => meanY + slope * (y.year - meanX));
}

/** The reference's annual means with their least-squares trend; the outlier years in red. */
export function buildHomogeneityOption(
  homogeneity: TMcpCompareResult['homogeneity'],
  labels: { annualMean: string; trend: string; outlier: string },
): EChartsOption {
  const years = homogeneity.years;
  const trend = annualTrend(years) ?? [];
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 50, right: 20, top: 40, bottom: 40 },
    // Years as categories: a value axis would print 2,020.
    xAxis: { type: 'category', data: years.map((y) => String(y.year)) },
    yAxis: { type: 'value', name: 'm/s', scale: true },
    series: [
      { type: 'line', name: labels.annualMean, data: years.map((y) => round(y.meanMps, 2)) },
      {
        type: 'line',
        name: labels.trend,
        showSymbol: false,
        lineStyle: { type: 'dashed' },
        data: trend.map((v) => round(v, 3)),
      },
      {
        type: 'scatter',
        name: labels.outlier,
        symbolSize: 12,
        itemStyle: { color: OUTLIER_COLOR },
        data: years.map((y) => (y.isOutlier ? round(y.meanMps, 2) : null)),
      },
    ],
  };
}

/** The long-term mean speed of each calendar month (recommended row's synthesised series). */
export function buildLongTermMonthlyOption(
  months: TMcpCompareResult['longTermMonthly'],
  labels: { mean: string; month: (month: number) => string },
): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: { left: 50, right: 20, top: 30, bottom: 40 },
    xAxis: { type: 'category', data: months.map((m) => labels.month(m.month)) },
    yAxis: { type: 'value', name: 'm/s' },
    series: [{ type: 'bar', name: labels.mean, data: months.map((m) => round(m.meanMps, 2)) }],
  };
}
