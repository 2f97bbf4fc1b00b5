import type { TSuitabilityResult } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

/** The four NTM curves' colours (A+ … C), as the report's chart draws them. */
export const CATEGORY_COLOURS = { 'A+': '#cf1322', A: '#fa8c16', B: '#1677ff', C: '#389e0d' } as const;
const CATEGORIES = ['A+', 'A', 'B', 'C'] as const;
const FLAG_COLOUR = '#cf1322';

const round = (v: number | null, digits: number) => (v === null ? null : Number(v.toFixed(digits)));

/**
 * The representative TI of each 1 m/s bin against the NTM curve of each category (WIND-ANALYSIS §8.4,
 * §14): judged bins filled, the others hollow; the check range shaded.
 */
export function buildTiOption(
  result: Pick<TSuitabilityResult, 'turbulence' | 'turbulenceDefinition'>,
  labels: { judged: string; notJudged: string; ntm: (category: string) => string; speed: string },
): EChartsOption | undefined {
  const t = result.turbulence;
  if (!t || t.bins.length === 0) return undefined;
  const key = result.turbulenceDefinition === 'sigma' ? 'sigmaRepTi' : 'tiRep';
  const point = (b: (typeof t.bins)[number]) => [b.centreMps, round(b[key], 4), b.count];
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 20, top: 56, bottom: 44 },
    xAxis: { type: 'value', name: labels.speed, nameLocation: 'middle', nameGap: 28, min: 0 },
    yAxis: { type: 'value', name: 'TI', min: 0 },
    series: [
      {
        type: 'scatter',
        name: labels.judged,
        symbolSize: 9,
        data: t.bins.filter((b) => b.isJudged && b[key] !== null).map(point),
        markArea: {
          silent: true,
          itemStyle: { color: 'rgba(22, 119, 255, 0.06)' },
          data: [[{ xAxis: t.checkRangeMps[0] - 0.5 }, { xAxis: t.checkRangeMps[1] + 0.5 }]],
        },
      },
      {
        type: 'scatter',
        name: labels.notJudged,
        symbol: 'emptyCircle',
        symbolSize: 7,
        data: t.bins.filter((b) => !b.isJudged && b[key] !== null).map(point),
      },
      ...CATEGORIES.map((c) => ({
        type: 'line' as const,
        name: labels.ntm(c),
        showSymbol: false,
        smooth: true,
        lineStyle: { color: CATEGORY_COLOURS[c] },
        itemStyle: { color: CATEGORY_COLOURS[c] },
        data: t.bins.map((b) => [b.centreMps, round(b.ntmTi[c], 4)]),
      })),
    ],
  };
}

/**
 * The extreme-wind probability plot: every method's maxima at their annual reduced variate and its fitted
 * line (the storms' a curve), the 50-year return period marked at y50.
 */
export function buildExtremeOption(
  result: Pick<TSuitabilityResult, 'extremes'>,
  labels: { reducedVariate: string; fiftyYears: string },
): EChartsOption | undefined {
  const { series, returnVariate } = result.extremes;
  if (series.length === 0) return undefined;
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0, type: 'scroll' },
    grid: { left: 56, right: 20, top: 56, bottom: 44 },
    xAxis: { type: 'value', name: labels.reducedVariate, nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', name: 'm/s', scale: true },
    series: series.flatMap((s, i) => [
      {
        type: 'scatter' as const,
        name: s.name,
        symbolSize: 6,
        data: s.points.map((p) => [round(p.y, 3), round(p.speedMps, 2)]),
        ...(i === 0
          ? {
              markLine: {
                silent: true,
                symbol: 'none',
                label: { formatter: labels.fiftyYears },
                lineStyle: { type: 'dashed' as const, color: '#8c8c8c' },
                data: [{ xAxis: round(returnVariate, 3) ?? 0 }],
              },
            }
          : {}),
      },
      {
        type: 'line' as const,
        name: s.name,
        showSymbol: false,
        data: s.line.map((p) => [round(p.y, 3), round(p.speedMps, 2)]),
      },
    ]),
  };
}

/**
 * Shear and inflow by sector: α per sector as bars (red outside 0 … 0.2) with the design 0.2, and the
 * mean inflow angle per sector on a second axis (red beyond ±8°).
 */
export function buildSectorOption(
  result: Pick<TSuitabilityResult, 'shear' | 'inflow'>,
  labels: { alpha: string; inflow: string },
): EChartsOption | undefined {
  const shear = result.shear?.bySector ?? [];
  const inflow = result.inflow?.bySector ?? [];
  const sectorLabels = (shear.length > 0 ? shear : inflow).map((s) => s.label);
  if (sectorLabels.length === 0) return undefined;
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 56, right: 56, top: 48, bottom: 40 },
    xAxis: { type: 'category', data: sectorLabels },
    yAxis: [
      { type: 'value', name: labels.alpha },
      { type: 'value', name: '°', splitLine: { show: false } },
    ],
    series: [
      ...(shear.length > 0
        ? [
            {
              type: 'bar' as const,
              name: labels.alpha,
              data: shear.map((s) => ({
                value: round(s.value, 3),
                itemStyle: s.isFlagged ? { color: FLAG_COLOUR } : {},
              })),
              markLine: {
                silent: true,
                symbol: 'none',
                lineStyle: { type: 'dashed' as const },
                data: [{ yAxis: 0.2 }],
              },
            },
          ]
        : []),
      ...(inflow.length > 0
        ? [
            {
              type: 'line' as const,
              name: labels.inflow,
              yAxisIndex: 1,
              data: inflow.map((s) => ({
                value: round(s.value, 2),
                itemStyle: s.isFlagged ? { color: FLAG_COLOUR } : {},
              })),
            },
          ]
        : []),
    ],
  };
}

/** ✓, ✗ or — for a class cell. */
export function passMark(pass: boolean | null): string {
  return pass === true ? '✓' : pass === false ? '✗' : '—';
}

/** The class table's rows: each check with its marks per class key (limits for informative checks). */
export function classTableRows(result: Pick<TSuitabilityResult, 'checks' | 'classKeys'>) {
  return result.checks.map((c) => ({
    key: c.key,
    name: c.name,
    value: c.siteValue,
    unit: c.unit,
    methodName: c.methodName,
    records: c.records,
    status: c.status,
    isFlagged: c.isFlagged,
    cells: Object.fromEntries(
      result.classKeys.map((key, k) => [
        key,
        c.status === 'judged'
          ? { mark: passMark(c.pass[k] ?? null), limit: c.limits[k] ?? null, pass: c.pass[k] ?? null }
          : { mark: '', limit: c.limits[k] ?? null, pass: null },
      ]),
    ) as Record<string, { mark: string; limit: number | null; pass: boolean | null }>,
  }));
}
