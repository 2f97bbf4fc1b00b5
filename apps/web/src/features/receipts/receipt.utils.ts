import type { TReceiptChart, TReceiptFix, TReceiptSeverity, TReceiptSummary } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

/** The tag colour of a severity. */
export const SEVERITY_COLORS: Record<TReceiptSeverity, string> = {
  info: 'blue',
  warning: 'gold',
  error: 'red',
};

/** What a file row's badge says: pending, failed, the open findings (worst colour) or all clear. */
export function badgeOf(summary: TReceiptSummary): {
  kind: 'pending' | 'failed' | 'held' | 'findings' | 'dismissedOnly' | 'ok';
  color: string;
  count: number;
} {
  if (summary.status === 'pending') return { kind: 'pending', color: 'processing', count: 0 };
  if (summary.status === 'failed') return { kind: 'failed', color: 'default', count: 0 };
  // Held for a confirmation (issue 40): the file's data are not stored until its doubts are answered.
  if (summary.status === 'held') return { kind: 'held', color: 'warning', count: 0 };
  if (summary.openCount > 0) {
    return {
      kind: 'findings',
      color: SEVERITY_COLORS[summary.maxSeverity ?? 'info'],
      count: summary.openCount,
    };
  }
  if (summary.findingCount > 0) return { kind: 'dismissedOnly', color: 'green', count: 0 };
  return { kind: 'ok', color: 'green', count: 0 };
}

const DAY_AXES = new Set(['day_start_ms', 'run_start_ms']);

/** A number of the evidence, rounded for reading (null: no value). */
export function formatEvidence(value: number | null): string {
  if (value === null) return '—';
  if (Number.isInteger(value)) return String(value);
  const magnitude = Math.abs(value);
  return value.toFixed(magnitude >= 100 ? 1 : magnitude >= 1 ? 3 : 4);
}

/** The parameters of a fix's sentence: channels by name, times as dates, numbers rounded. */
export function fixParams(
  fix: TReceiptFix,
  nameOf: (dataKey: string) => string,
  formatTime: (ms: number) => string,
): Record<string, string | number> {
  switch (fix.kind) {
    case 'shift_clock':
      return { from: formatTime(fix.fromMs), to: formatTime(fix.toMs), minutes: fix.minutes };
    case 'swap_heights':
      return { a: nameOf(fix.channelA), b: nameOf(fix.channelB), from: formatTime(fix.fromMs) };
    case 'set_boom_orientation':
      return { channel: nameOf(fix.channel), deg: Math.round(fix.deg) };
    case 'slope_offset':
      return {
        channel: nameOf(fix.channel),
        slope: fix.slope.toFixed(4),
        offset: fix.offset.toFixed(3),
        from: formatTime(fix.fromMs),
      };
    case 'vane_offset':
      return { channel: nameOf(fix.channel), deg: fix.deg.toFixed(1), from: formatTime(fix.fromMs) };
    case 'flag_invalid':
      return {
        channel: nameOf(fix.channel),
        from: formatTime(fix.fromMs),
        to: formatTime(fix.toMs),
        min: fix.min,
        max: fix.max,
      };
  }
}

/**
 * The ECharts option of a finding's small chart: its series as lines over x (bars for a run of values),
 * days on a time axis, and each finite mark as a dashed line — a vertical one on the x axis for marks
 * named after x (`*_deg`, `*_min`, `*_ms`), a horizontal one otherwise (a history ratio or slope).
 */
export function buildReceiptChartOption(
  chart: TReceiptChart,
  label: (key: string) => string,
  formatDay: (ms: number) => string,
): EChartsOption {
  const isTime = DAY_AXES.has(chart.xKey);
  const marks = Object.entries(chart.marks ?? {}).filter(
    (entry): entry is [string, number] => entry[1] !== null && Number.isFinite(entry[1]),
  );
  const isOnX = (key: string) => /_(deg|min|ms)$/.test(key);
  const markLine = {
    symbol: 'none',
    silent: true,
    lineStyle: { type: 'dashed' as const },
    label: { formatter: '{b}', fontSize: 10 },
    data: marks.map(([key, value]) =>
      isOnX(key) ? { name: label(key), xAxis: value } : { name: label(key), yAxis: Number(value.toFixed(4)) },
    ),
  };
  return {
    grid: { left: 48, right: 16, top: 28, bottom: 36 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, textStyle: { fontSize: 11 } },
    xAxis: {
      type: isTime ? 'time' : 'value',
      name: label(chart.xKey),
      nameLocation: 'middle',
      nameGap: 24,
      scale: true,
      ...(isTime ? { axisLabel: { formatter: (v: number) => formatDay(v) } } : {}),
    },
    yAxis: { type: 'value', scale: true },
    series: chart.series.map((s, k) => ({
      type: chart.kind === 'run' ? ('bar' as const) : ('line' as const),
      name: label(s.key),
      showSymbol: chart.kind !== 'diurnal' && chart.x.length < 60,
      connectNulls: false,
      data: chart.x.map((x, i) => [x, s.y[i] ?? null]),
      ...(k === 0 && marks.length > 0 ? { markLine } : {}),
    })),
  };
}
