import type { TLtConvergenceStep } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

const BAND_COLOR = 'rgba(22, 119, 255, 0.15)';
const round = (v: number, digits: number) => Number(v.toFixed(digits));

/** L_m and its band L_m·(1 ± u_MCP(m)) of each step; a step without u_MCP has no band. */
export function convergenceBand(series: readonly TLtConvergenceStep[]) {
  return series.map((s) => ({
    month: s.month,
    m: s.m,
    lt: round(s.ltMeanMps, 3),
    lower: s.uMcp === null ? null : round(s.ltMeanMps * (1 - s.uMcp), 3),
    upper: s.uMcp === null ? null : round(s.ltMeanMps * (1 + s.uMcp), 3),
    uPercent: s.uMcp === null ? null : round(s.uMcp * 100, 2),
  }));
}

/**
 * The convergence of a campaign (WIND-ANALYSIS §13): L_m over the campaign months m = 3 … M with the
 * ±u_MCP(m) band (a stacked area from the lower edge), x = the m-th month.
 */
export function buildConvergenceOption(
  series: readonly TLtConvergenceStep[],
  labels: {
    lt: string;
    band: string;
    /** The tooltip line of one step. */
    tip: (step: { m: number; month: string; lt: number; uPercent: number | null }) => string;
  },
): EChartsOption {
  const band = convergenceBand(series);
  return {
    tooltip: {
      trigger: 'axis',
      formatter: (params: unknown) => {
        const first = (Array.isArray(params) ? params[0] : params) as { dataIndex?: number } | undefined;
        const step = band[first?.dataIndex ?? -1];
        return step ? labels.tip(step) : '';
      },
    },
    legend: { top: 0, data: [labels.lt, labels.band] },
    grid: { left: 56, right: 20, top: 40, bottom: 40 },
    xAxis: { type: 'category', data: band.map((s) => s.month), boundaryGap: false },
    yAxis: { type: 'value', name: 'm/s', scale: true },
    series: [
      {
        type: 'line',
        name: labels.band,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        data: band.map((s) => s.lower),
      },
      {
        type: 'line',
        name: labels.band,
        stack: 'band',
        symbol: 'none',
        lineStyle: { opacity: 0 },
        itemStyle: { color: BAND_COLOR },
        areaStyle: { color: BAND_COLOR },
        data: band.map((s) => (s.lower === null || s.upper === null ? null : round(s.upper - s.lower, 3))),
      },
      { type: 'line', name: labels.lt, data: band.map((s) => s.lt) },
    ],
  };
}
