import type {
  TCorrelationItem,
  TFrequencyItem,
  TRoseItem,
  TShearSection,
  TStatisticsResult,
  TTurbulenceItem,
} from '@masthub/shared';
import type { EChartsOption } from 'echarts';
import { recoveryPieces } from './statistics.utils.ts';

/**
 * ECharts options of the statistics tabs, built from the analysis as it comes from the server (STYLE §9:
 * charts receive shaped data; the shaping is tested here). Texts come in through `labels`.
 */

type Labels = Record<string, string>;
const GRID = { left: 56, right: 56, top: 48, bottom: 48, containLabel: true } as const;
/** The x-axis name centred under the axis, so long names are not cut at the right edge. */
const AXIS_NAME_BELOW = { nameLocation: 'middle', nameGap: 30 } as const;
const fixed = (v: number | null, digits = 3) => (v === null ? null : Number(v.toFixed(digits)));

/** Summary: mean speed per height (bars) and mean wind power density (line, right axis). */
export function summaryOption(result: TStatisticsResult, labels: Labels): EChartsOption {
  const heightOf = new Map(
    result.channels
      .filter((c) => c.element === 'ws' && c.statistic === 'avg')
      .map((c) => [c.channelId, c.heightM ?? 0]),
  );
  const rows = result.summary.rows
    .filter((r) => heightOf.has(r.channelId))
    .sort((a, b) => heightOf.get(a.channelId)! - heightOf.get(b.channelId)!);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: rows.map((r) => `${r.channelName} ${r.heightTag}`) },
    yAxis: [
      { type: 'value', name: labels.meanSpeed },
      { type: 'value', name: labels.powerDensity, splitLine: { show: false } },
    ],
    series: [
      { type: 'bar', name: labels.meanSpeed, data: rows.map((r) => fixed(r.mean)) },
      {
        type: 'line',
        name: labels.powerDensity,
        yAxisIndex: 1,
        data: rows.map((r) => fixed(r.avgWindPower, 1)),
      },
    ],
  };
}

/** Recovery: channel × month heatmap coloured by the SPEC §9 bands. */
export function recoveryOption(
  result: TStatisticsResult,
  channelName: (channelId: number) => string,
  labels: Labels,
  /** The tooltip of a cell: both figures, measured and after reconstruction (issue 45 §1). */
  tooltip?: (p: { channel: string; month: string; measured: string; after: string }) => string,
): EChartsOption {
  const data: [number, number, number | null][] = [];
  const fixed2 = (v: number | null | undefined) => (v === null || v === undefined ? '—' : v.toFixed(2));
  result.recovery.byChannel.forEach((c, y) => {
    c.rates.forEach((rate, x) => {
      data.push([x, y, rate === null ? null : Number(rate.toFixed(2))]);
    });
  });
  return {
    tooltip: {
      position: 'top',
      ...(tooltip
        ? {
            formatter: (p: unknown) => {
              const [x, y] = ((p as { value?: number[] }).value ?? []) as [number, number];
              const c = result.recovery.byChannel[y];
              return tooltip({
                channel: c ? channelName(c.channelId) : '',
                month: result.recovery.months[x] ?? '',
                measured: fixed2(c?.rates[x]),
                after: fixed2(c?.ratesWithFilled[x]),
              });
            },
          }
        : {}),
    },
    grid: { left: 8, right: 16, top: 16, bottom: 72, containLabel: true },
    xAxis: { type: 'category', data: result.recovery.months, splitArea: { show: true } },
    yAxis: {
      type: 'category',
      inverse: true,
      data: result.recovery.byChannel.map((c) => channelName(c.channelId)),
      splitArea: { show: true },
    },
    visualMap: {
      type: 'piecewise',
      pieces: recoveryPieces(),
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      text: [labels.validRate ?? '', ''],
    },
    series: [
      {
        type: 'heatmap',
        name: labels.validRate,
        data,
        label: {
          show: result.recovery.months.length <= 24,
          formatter: (p) => String((p.value as number[])[2] ?? ''),
        },
      },
    ],
  };
}

/** Speed frequency: bars of the measured distribution and the fitted Weibull curve (% per m/s). */
export function frequencyOption(item: TFrequencyItem, labels: Labels): EChartsOption {
  // Bins up to the last one holding data: a category axis keeps the bars wide and readable, and the
  // Weibull line is drawn through each bin's Weibull probability (same units as the bars).
  let last = item.bins.length - 1;
  while (last > 0 && item.bins[last]!.count === 0) last--;
  const bins = item.bins.slice(0, last + 1);
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: {
      type: 'category',
      name: labels.speed,
      ...AXIS_NAME_BELOW,
      data: bins.map((b) => String(b.centre)),
    },
    yAxis: { type: 'value', name: labels.frequency },
    series: [
      {
        type: 'bar',
        name: labels.measured,
        barCategoryGap: '10%',
        data: bins.map((b) => fixed(b.frequencyPct)),
      },
      {
        type: 'line',
        name: labels.weibull,
        smooth: true,
        showSymbol: false,
        data: bins.map((b) => (b.weibullPct === null ? null : fixed(b.weibullPct))),
      },
    ],
  };
}

/** Turbulence: mean and representative TI per speed bin against the IEC 61400-1 A+/A/B/C curves. */
export function turbulenceOption(
  item: TTurbulenceItem,
  curves: TStatisticsResult['turbulence']['iecCurves'],
  labels: Labels,
): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'value', name: labels.speed, ...AXIS_NAME_BELOW, min: 0, max: 25 },
    yAxis: { type: 'value', name: labels.ti, min: 0 },
    series: [
      { type: 'scatter', name: labels.meanTi, data: item.bins.map((b) => [b.speed, fixed(b.meanTi, 4)]) },
      {
        type: 'line',
        name: labels.representTi,
        data: item.bins.map((b) => [b.speed, fixed(b.representTi, 4)]),
      },
      ...curves.categories.map((c) => ({
        type: 'line' as const,
        name: `IEC ${c.category}`,
        showSymbol: false,
        lineStyle: { type: 'dashed' as const, width: 1 },
        data: curves.speed.map((v, k) => [v, c.ti[k]]),
      })),
    ],
  };
}

/** Air density: mean per calendar month (bars, top) and per local hour (line, bottom). */
export function airDensityOption(section: TStatisticsResult['airDensity'], labels: Labels): EChartsOption {
  const axis = { name: 'kg/m³', isScaled: true };
  return stackedPanelsOption(64, [
    {
      title: labels.byMonth,
      categories: section.byCalendarMonth.map((m) => String(m.month)),
      series: {
        type: 'bar',
        name: labels.airDensity,
        data: section.byCalendarMonth.map((m) => fixed(m.mean, 4)),
      },
      axis,
    },
    {
      title: labels.byHour,
      categories: section.byHour.map((_, h) => String(h)),
      series: { type: 'line', name: labels.airDensity, data: section.byHour.map((v) => fixed(v, 4)) },
      axis,
    },
  ]);
}

/** One panel of a two-panel chart: its title, its categories, one series and its value axis. */
interface TChartPanel {
  title: string | undefined;
  categories: string[];
  series: { type: 'bar' | 'line'; name: string | undefined; data: (number | null)[] };
  axis: { name: string; isScaled?: boolean };
}

/** Two panels stacked, each a category axis with one series (air density, shear by hour and sector). */
function stackedPanelsOption(left: number, panels: readonly [TChartPanel, TChartPanel]): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    grid: [
      { left, right: 24, top: 32, height: '32%' },
      { left, right: 24, bottom: 32, height: '32%' },
    ],
    title: panels.map((p, i) => ({
      text: p.title,
      left: 'center',
      top: i === 0 ? 0 : '52%',
      textStyle: { fontSize: 13 },
    })),
    xAxis: panels.map((p, i) => ({ type: 'category' as const, gridIndex: i, data: p.categories })),
    yAxis: panels.map((p, i) => ({
      type: 'value' as const,
      gridIndex: i,
      ...(p.axis.isScaled ? { scale: true } : {}),
      name: p.axis.name,
    })),
    series: panels.map((p, i) => ({ ...p.series, xAxisIndex: i, yAxisIndex: i })),
  };
}

/** Lines of one value per category for several channels (monthly and daily variation). */
export function linesOption(
  categories: readonly string[],
  series: readonly { name: string; values: readonly (number | null)[] }[],
  labels: { x: string; y: string },
): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0, type: 'scroll' },
    grid: GRID,
    xAxis: {
      type: 'category',
      name: labels.x,
      ...AXIS_NAME_BELOW,
      data: [...categories],
      boundaryGap: false,
    },
    yAxis: { type: 'value', name: labels.y, scale: true },
    series: series.map((s) => ({
      type: 'line' as const,
      name: s.name,
      connectNulls: false,
      data: s.values.map((v) => fixed(v)),
    })),
  };
}

/** Diurnal 12 × 24 heatmap (months down, local hours across). */
export function monthHourOption(
  matrix: readonly (readonly (number | null)[])[],
  labels: { month: string; hour: string; value: string },
): EChartsOption {
  const data: [number, number, number | null][] = [];
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  matrix.forEach((row, m) => {
    row.forEach((v, h) => {
      data.push([h, m, v === null ? null : Number(v.toFixed(2))]);
      if (v !== null) {
        min = Math.min(min, v);
        max = Math.max(max, v);
      }
    });
  });
  return {
    tooltip: { position: 'top' },
    grid: { left: 8, right: 16, top: 16, bottom: 56, containLabel: true },
    xAxis: {
      type: 'category',
      name: labels.hour,
      ...AXIS_NAME_BELOW,
      data: Array.from({ length: 24 }, (_, h) => String(h)),
    },
    yAxis: {
      type: 'category',
      name: labels.month,
      data: Array.from({ length: 12 }, (_, m) => String(m + 1)),
    },
    visualMap: {
      min: Number.isFinite(min) ? Math.floor(min) : 0,
      max: Number.isFinite(max) ? Math.ceil(max) : 1,
      calculable: true,
      orient: 'horizontal',
      left: 'center',
      bottom: 0,
      inRange: { color: ['#e6f7ff', '#69c0ff', '#1677ff', '#0b3d91'] },
    },
    series: [{ type: 'heatmap', name: labels.value, data }],
  };
}

/**
 * Wind rose (left) and energy rose (right) as polar bars: categories are the sectors, north up,
 * clockwise, each bar centred on its sector.
 */
export function roseOption(item: TRoseItem, sectorLabels: readonly string[], labels: Labels): EChartsOption {
  const n = sectorLabels.length;
  const startAngle = 90 + 180 / n;
  const angle = (polarIndex: number) => ({
    type: 'category' as const,
    polarIndex,
    data: [...sectorLabels],
    startAngle,
    clockwise: true,
    boundaryGap: true,
    axisTick: { show: false },
  });
  return {
    tooltip: { trigger: 'item' },
    title: [
      { text: labels.windRose, left: '25%', top: 0, textAlign: 'center', textStyle: { fontSize: 13 } },
      { text: labels.energyRose, left: '75%', top: 0, textAlign: 'center', textStyle: { fontSize: 13 } },
    ],
    polar: [
      { center: ['25%', '54%'], radius: '68%' },
      { center: ['75%', '54%'], radius: '68%' },
    ],
    angleAxis: [angle(0), angle(1)],
    radiusAxis: [
      { polarIndex: 0, axisLabel: { formatter: '{value}%' } },
      { polarIndex: 1, axisLabel: { formatter: '{value}%' } },
    ],
    series: [
      {
        type: 'bar',
        coordinateSystem: 'polar',
        polarIndex: 0,
        name: labels.windRose,
        data: item.sectors.map((s) => fixed(s.frequencyPct, 2)),
        itemStyle: { color: '#1677ff' },
      },
      {
        type: 'bar',
        coordinateSystem: 'polar',
        polarIndex: 1,
        name: labels.energyRose,
        data: item.sectors.map((s) => fixed(s.energyPct, 2)),
        itemStyle: { color: '#fa8c16' },
      },
    ],
  };
}

/**
 * Correlation: a sample of concurrent pairs (period means when averaged) and the chosen method's all-sector
 * line (SpeedSort: three points, from the origin below its cutoff); R, R² in the title, how the pairs were
 * averaged and fitted in the subtitle.
 */
export function correlationOption(
  item: TCorrelationItem,
  labels: { x: string; y: string; points: string; line: string; title: string; subtitle?: string },
): EChartsOption {
  const shift = labels.subtitle ? 18 : 0;
  return {
    title: {
      text: labels.title,
      ...(labels.subtitle ? { subtext: labels.subtitle } : {}),
      left: 'center',
      top: 0,
      textStyle: { fontSize: 13 },
    },
    tooltip: { trigger: 'item' },
    legend: { top: 24 + shift },
    grid: { ...GRID, top: 64 + shift },
    xAxis: { type: 'value', name: labels.x, ...AXIS_NAME_BELOW, min: 0 },
    yAxis: { type: 'value', name: labels.y, min: 0 },
    series: [
      {
        type: 'scatter',
        name: labels.points,
        symbolSize: 3,
        large: true,
        data: item.scatter.x.map((x, k) => [x, item.scatter.y[k]!]),
      },
      {
        type: 'line',
        name: labels.line,
        showSymbol: false,
        data: item.line.x.map((x, k) => [x, item.line.y[k]!]),
      },
    ],
  };
}

/** "y = 0.8706x + 0.0012, R = 0.9990, R² = 0.9980" */
export function regressionCaption(item: TCorrelationItem): string {
  if (item.slope === null || item.intercept === null) return '';
  const sign = item.intercept < 0 ? '−' : '+';
  const r = item.r === null ? '—' : item.r.toFixed(4);
  const r2 = item.rSquared === null ? '—' : item.rSquared.toFixed(4);
  return `y = ${item.slope.toFixed(4)}x ${sign} ${Math.abs(item.intercept).toFixed(4)}, R = ${r}, R² = ${r2}`;
}

/** Extreme wind per height: mean, 5 × mean, measured max, 50-year extreme gust. */
export function extremeOption(rows: TStatisticsResult['extreme']['rows'], labels: Labels): EChartsOption {
  const series = (key: 'avg' | 'max' | 'fivefoldMax' | 'ewmMax') => ({
    type: 'bar' as const,
    name: labels[key],
    data: rows.map((r) => fixed(r[key], 2)),
  });
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'category', data: rows.map((r) => r.height) },
    yAxis: { type: 'value', name: 'm/s' },
    series: [series('avg'), series('max'), series('fivefoldMax'), series('ewmMax')],
  };
}

/** Gumbel probability plot: annual maxima against the reduced variate and the fitted line to T = 50 y. */
export function gumbelOption(
  gumbel: NonNullable<TStatisticsResult['extreme']['gumbel']>,
  labels: { x: string; y: string; points: string; fit: string },
): EChartsOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'value', name: labels.x, ...AXIS_NAME_BELOW, scale: true },
    yAxis: { type: 'value', name: labels.y, scale: true },
    series: [
      {
        type: 'scatter',
        name: labels.points,
        data: gumbel.points.map((p) => [fixed(p.reducedVariate, 4), fixed(p.speed, 2)]),
      },
      ...(gumbel.fit
        ? [
            {
              type: 'line' as const,
              name: labels.fit,
              showSymbol: false,
              data: gumbel.fit.line.reducedVariate.map((y, k) => [
                fixed(y, 4),
                fixed(gumbel.fit!.line.speed[k]!, 2),
              ]),
            },
          ]
        : []),
    ],
  };
}

/** Shear profile: measured mean speeds at their heights and the power-law profile of the fitted α. */
export function shearProfileOption(shear: TShearSection, labels: Labels): EChartsOption {
  return {
    tooltip: { trigger: 'item' },
    legend: { top: 0 },
    grid: GRID,
    xAxis: { type: 'value', name: labels.speed, ...AXIS_NAME_BELOW, scale: true },
    yAxis: { type: 'value', name: labels.height, min: 0 },
    series: [
      {
        type: 'scatter',
        name: labels.measured,
        symbolSize: 10,
        data: shear.heightsM.map((h, k) => [fixed(shear.meanSpeeds[k] ?? null), h]),
      },
      {
        type: 'line',
        name: labels.powerLaw,
        showSymbol: false,
        data: shear.profile.heightM.map((h, k) => [shear.profile.speed[k]!, h]),
      },
    ],
  };
}

/** Shear exponent by local hour (line) and by direction sector (bars). */
export function shearByOption(shear: TShearSection, labels: Labels): EChartsOption {
  return stackedPanelsOption(56, [
    {
      title: labels.byHour,
      categories: shear.byHour.map((h) => String(h.hour)),
      series: { type: 'line', name: labels.exponent, data: shear.byHour.map((h) => fixed(h.exponent, 4)) },
      axis: { name: 'α' },
    },
    {
      title: labels.bySector,
      categories: shear.bySector.map((s) => s.label),
      series: { type: 'bar', name: labels.exponent, data: shear.bySector.map((s) => fixed(s.exponent, 4)) },
      axis: { name: 'α' },
    },
  ]);
}
