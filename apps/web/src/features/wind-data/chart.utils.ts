import { formatUnit, isDegreeUnit, type TChartData, type TChartSeries } from '@masthub/shared';
import type { EChartsOption, SeriesOption } from 'echarts';
import {
  FLAG_COLORS,
  type FlagName,
  flagName,
  formatValue,
  formatZoneMs,
  fromZoneMs,
  toZoneMs,
} from './wind-data.utils.ts';

/** Share of the chart's width the legend may take; the toolbox has the rest (see buildChartOption). */
export const LEGEND_WIDTH = '72%';

/**
 * The wind-data chart (SPEC §2 MeasureWind): the server already downsampled each channel into buckets
 * (avg/min/max/strongest flag). The chart draws the average line, a min–max band when the range was
 * aggregated, and the flagged buckets as coloured points; one y axis per unit; time on a zone-shifted
 * axis so labels read the user's time zone whatever the browser's zone is (ECharts runs with useUTC).
 */

export const SERIES_COLORS = [
  '#1677ff',
  '#fa8c16',
  '#52c41a',
  '#722ed1',
  '#eb2f96',
  '#13c2c2',
  '#a0d911',
  '#2f54eb',
  '#faad14',
  '#f5222d',
  '#597ef7',
  '#08979c',
] as const;

const AXIS_WIDTH_PX = 52;

export interface ChartLabels {
  flags: Record<FlagName, string>;
  /** Tooltip caption of the bucket's extremes. */
  minMax: string;
  brush: string;
  clearBrush: string;
  zoom: string;
  zoomBack: string;
  saveImage: string;
}

export interface ChartAxes {
  /** One entry per axis, in axis order. */
  units: string[];
  /** Axis index of each series. */
  axisOfSeries: number[];
}

/** One y axis per distinct unit, in the order the units first appear. */
export function assignAxes(series: readonly Pick<TChartSeries, 'unit'>[]): ChartAxes {
  const units: string[] = [];
  const axisOfSeries = series.map((entry) => {
    let index = units.indexOf(entry.unit);
    if (index === -1) {
      units.push(entry.unit);
      index = units.length - 1;
    }
    return index;
  });
  return { units, axisOfSeries };
}

/** Legend names: the channel names, made unique when two channels share one. */
export function seriesNames(series: readonly Pick<TChartSeries, 'name' | 'channelId'>[]): string[] {
  const counts = new Map<string, number>();
  for (const entry of series) counts.set(entry.name, (counts.get(entry.name) ?? 0) + 1);
  return series.map((entry) =>
    (counts.get(entry.name) ?? 0) > 1 ? `${entry.name} #${entry.channelId}` : entry.name,
  );
}

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

interface TooltipParam {
  seriesId?: string;
  dataIndex: number;
  marker?: unknown;
}

/**
 * Bucket details under the pointer: each channel's average, its min–max when aggregated, and its flag
 * when not normal. Only the average series are listed (bands and points share their names).
 */
export function buildTooltip(
  data: TChartData,
  names: readonly string[],
  labels: ChartLabels,
  params: readonly TooltipParam[],
): string {
  const first = params[0];
  if (!first) return '';
  const zoneTime = data.times[first.dataIndex];
  const lines: string[] = [];
  if (zoneTime !== undefined) lines.push(`<b>${formatZoneMs(zoneTime)}</b>`);
  for (const param of params) {
    const match = /^avg-(\d+)$/.exec(param.seriesId ?? '');
    if (!match) continue;
    const index = data.series.findIndex((entry) => entry.channelId === Number(match[1]));
    const series = data.series[index];
    if (!series) continue;
    const k = param.dataIndex;
    const avg = series.avg[k] ?? null;
    let text = `${typeof param.marker === 'string' ? param.marker : ''}${escapeHtml(names[index] ?? series.name)}: <b>${formatValue(avg) || '—'}</b> ${escapeHtml(formatUnit(series.unit))}`;
    if (data.isAggregated && avg !== null) {
      text += ` <span style="color:#8c8c8c">(${labels.minMax} ${formatValue(series.min[k])}–${formatValue(series.max[k])})</span>`;
    }
    const flag = flagName(series.flag[k] ?? 0);
    if (flag !== 'normal') {
      text += ` <span style="color:${FLAG_COLORS[flag]}">● ${escapeHtml(labels.flags[flag])}</span>`;
    }
    lines.push(text);
  }
  return lines.join('<br/>');
}

/**
 * Chart data with zone-shifted times (see toZoneMs); everything else unchanged. Done once per answer so
 * the option builder and the tooltip read the same times.
 */
export function shiftChartTimes(data: TChartData, utcCode: string): TChartData {
  return { ...data, times: data.times.map((time) => toZoneMs(time, utcCode)) };
}

/** The ECharts option of (zone-shifted) chart data. */
export function buildChartOption(data: TChartData, labels: ChartLabels): EChartsOption {
  const { units, axisOfSeries } = assignAxes(data.series);
  const names = seriesNames(data.series);
  const leftAxes = Math.ceil(units.length / 2);
  const rightAxes = Math.floor(units.length / 2);
  const series: SeriesOption[] = [];

  data.series.forEach((entry, index) => {
    const color = SERIES_COLORS[index % SERIES_COLORS.length];
    const name = names[index] ?? entry.name;
    const yAxisIndex = axisOfSeries[index] ?? 0;
    series.push({
      id: `avg-${entry.channelId}`,
      name,
      type: 'line',
      yAxisIndex,
      color,
      showSymbol: false,
      connectNulls: false,
      lineStyle: { width: 1.2 },
      emphasis: { disabled: true },
      data: data.times.map((time, k) => [time, entry.avg[k] ?? null]),
    });
    if (data.isAggregated) {
      // The band is stacked on an invisible min line: its height is max − min.
      const stacked = {
        name,
        type: 'line' as const,
        yAxisIndex,
        color,
        stack: `band-${entry.channelId}`,
        stackStrategy: 'all' as const,
        symbol: 'none',
        silent: true,
        lineStyle: { opacity: 0 },
      };
      series.push(
        {
          id: `min-${entry.channelId}`,
          ...stacked,
          data: data.times.map((time, k) => [time, entry.min[k] ?? null]),
        },
        {
          id: `band-${entry.channelId}`,
          ...stacked,
          areaStyle: { color, opacity: 0.16 },
          data: data.times.map((time, k) => {
            const min = entry.min[k];
            const max = entry.max[k];
            return [
              time,
              min === null || min === undefined || max === null || max === undefined ? null : max - min,
            ];
          }),
        },
      );
    }
    // Flagged buckets: the line drawn again in the flag's colour over them (isolated ones as dots), so a
    // long marked span reads as a coloured stretch of the channel's line rather than a cloud of points.
    for (const flag of [1, 2, 4, 3] as const) {
      const points = entry.avg.map((value, k) => {
        return (entry.flag[k] ?? 0) === flag && value !== null && value !== undefined ? value : null;
      });
      if (points.every((value) => value === null)) continue;
      series.push({
        id: `flag-${entry.channelId}-${flag}`,
        name,
        type: 'line',
        yAxisIndex,
        color: FLAG_COLORS[flagName(flag)],
        connectNulls: false,
        symbol: 'circle',
        symbolSize: 3,
        showSymbol: true,
        lineStyle: { width: 2 },
        silent: true,
        z: 4,
        data: data.times.map((time, k) => [time, points[k]]),
      });
    }
  });

  return {
    animation: false,
    useUTC: true,
    color: [...SERIES_COLORS],
    // The legend scrolls within the left three quarters; the toolbox (five icons, ~125 px) keeps the right
    // quarter. `right` alone does not bound a scrolling legend: at 1280–1440 px it ran under the icons.
    legend: { type: 'scroll', top: 4, left: 8, width: LEGEND_WIDTH, data: [...new Set(names)] },
    grid: {
      top: 68,
      bottom: 72,
      left: 16 + AXIS_WIDTH_PX * leftAxes,
      right: 16 + AXIS_WIDTH_PX * Math.max(rightAxes, 0),
    },
    toolbox: {
      right: 8,
      top: 0,
      feature: {
        dataZoom: { yAxisIndex: 'none', title: { zoom: labels.zoom, back: labels.zoomBack } },
        brush: { type: ['lineX', 'clear'], title: { lineX: labels.brush, clear: labels.clearBrush } },
        saveAsImage: { title: labels.saveImage },
      },
    },
    brush: {
      xAxisIndex: 0,
      brushLink: 'none',
      brushMode: 'single',
      transformable: false,
      throttleType: 'debounce',
      throttleDelay: 300,
      outOfBrush: { colorAlpha: 1 },
      brushStyle: { color: 'rgba(22,119,255,0.12)', borderColor: 'rgba(22,119,255,0.6)', borderWidth: 1 },
    },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'line' },
      confine: true,
      formatter: (params: unknown) =>
        buildTooltip(data, names, labels, (Array.isArray(params) ? params : [params]) as TooltipParam[]),
    },
    xAxis: { type: 'time', axisLabel: { hideOverlap: true }, splitLine: { show: false } },
    yAxis: units.map((unit, index) => {
      const isDirection = isDegreeUnit(unit);
      return {
        type: 'value' as const,
        name: formatUnit(unit),
        position: index % 2 === 0 ? ('left' as const) : ('right' as const),
        offset: Math.floor(index / 2) * AXIS_WIDTH_PX,
        alignTicks: index > 0 && !isDirection,
        scale: !isDirection,
        ...(isDirection ? { min: 0, max: 360, interval: 90 } : {}),
        axisLine: {
          show: true,
          lineStyle: { color: SERIES_COLORS[axisOfSeries.indexOf(index) % SERIES_COLORS.length] },
        },
        splitLine: { show: index === 0 },
        nameTextStyle: { align: index % 2 === 0 ? ('right' as const) : ('left' as const) },
      };
    }),
    dataZoom: [
      { type: 'inside', xAxisIndex: 0, filterMode: 'none' },
      {
        type: 'slider',
        xAxisIndex: 0,
        filterMode: 'none',
        height: 22,
        bottom: 12,
        labelFormatter: (value: number) => formatZoneMs(value),
      },
    ],
    series,
  };
}

/** A time window [startMs, endMs) in real epoch ms. */
export interface TimeWindow {
  startMs: number;
  endMs: number;
}

/** The zone-shifted window of a dataZoom as real epoch ms (the detail request's range). */
export function zoneWindowToReal(window: TimeWindow, utcCode: string): TimeWindow {
  return { startMs: fromZoneMs(window.startMs, utcCode), endMs: fromZoneMs(window.endMs, utcCode) };
}

/**
 * The window to load in detail after a zoom, or undefined when the overview is enough: only when the
 * overview is aggregated and the visible part is at most half of it. The window is widened to whole
 * overview buckets so small pans do not refetch.
 */
export function detailWindowFor(overview: TChartData, visible: TimeWindow): TimeWindow | undefined {
  if (!overview.isAggregated || overview.times.length < 2) return undefined;
  const bucketMs = overview.bucketSeconds * 1000;
  const first = overview.times[0]!;
  const end = overview.times[overview.times.length - 1]! + bucketMs;
  const startMs = Math.max(first, first + Math.floor((visible.startMs - first) / bucketMs) * bucketMs);
  const endMs = Math.min(end, first + Math.ceil((visible.endMs - first) / bucketMs) * bucketMs);
  if (endMs <= startMs || (endMs - startMs) * 2 > end - first) return undefined;
  return { startMs, endMs };
}

/**
 * The overview with a detailed window spliced in: overview buckets outside the detail's span, then the
 * detail's points. Both must hold the same channels in the same order (else the overview is kept).
 */
export function mergeChartData(overview: TChartData, detail: TChartData | undefined): TChartData {
  if (!detail || detail.times.length === 0) return overview;
  const sameChannels =
    detail.series.length === overview.series.length &&
    detail.series.every((entry, index) => entry.channelId === overview.series[index]?.channelId);
  if (!sameChannels) return overview;
  const detailStart = detail.times[0]!;
  const detailEnd = detail.times[detail.times.length - 1]! + detail.bucketSeconds * 1000;
  const before: number[] = [];
  const after: number[] = [];
  overview.times.forEach((time, k) => {
    if (time < detailStart) before.push(k);
    else if (time >= detailEnd) after.push(k);
  });
  const pick = <T>(values: readonly T[], detailValues: readonly T[]): T[] => [
    ...before.map((k) => values[k]!),
    ...detailValues,
    ...after.map((k) => values[k]!),
  ];
  return {
    ...overview,
    times: pick(overview.times, detail.times),
    isAggregated: overview.isAggregated || detail.isAggregated,
    series: overview.series.map((entry, index) => {
      const inner = detail.series[index]!;
      return {
        ...entry,
        avg: pick(entry.avg, inner.avg),
        min: pick(entry.min, inner.min),
        max: pick(entry.max, inner.max),
        flag: pick(entry.flag, inner.flag),
      };
    }),
  };
}
