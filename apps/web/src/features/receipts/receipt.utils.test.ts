import type { TReceiptChart } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { fitChartOption } from '../../ui/charts/chart-fit.ts';
import { badgeOf, buildReceiptChartOption, fixParams, formatEvidence } from './receipt.utils.ts';

describe('badgeOf', () => {
  it('shows open findings in the colour of the worst severity, else pending, failed or all clear', () => {
    const base = { id: 1, findingCount: 3, openCount: 2, maxSeverity: 'error' as const };
    expect(badgeOf({ ...base, status: 'done' })).toEqual({ kind: 'findings', color: 'red', count: 2 });
    expect(badgeOf({ ...base, status: 'pending' }).kind).toBe('pending');
    expect(badgeOf({ ...base, status: 'failed' }).kind).toBe('failed');
    expect(badgeOf({ ...base, status: 'done', openCount: 0, maxSeverity: null }).kind).toBe('dismissedOnly');
    expect(badgeOf({ ...base, status: 'done', findingCount: 0, openCount: 0 }).kind).toBe('ok');
  });
});

describe('formatEvidence', () => {
  it('rounds by magnitude and shows a missing value as a dash', () => {
    expect(formatEvidence(null)).toBe('—');
    expect(formatEvidence(12)).toBe('12');
    expect(formatEvidence(0.95432)).toBe('0.9543');
    expect(formatEvidence(1.03456)).toBe('1.035');
    expect(formatEvidence(215.26)).toBe('215.3');
  });
});

describe('fixParams', () => {
  it('names a swap by the channels’ names and its date', () => {
    const params = fixParams(
      { kind: 'swap_heights', channelA: 'ws_80_mean', channelB: 'ws_100_mean', fromMs: 0 },
      (key) => key.toUpperCase(),
      () => '1970-01-01',
    );
    expect(params).toEqual({ a: 'WS_80_MEAN', b: 'WS_100_MEAN', from: '1970-01-01' });
  });
});

describe('buildReceiptChartOption', () => {
  const chart: TReceiptChart = {
    kind: 'daily',
    xKey: 'day_start_ms',
    x: [0, 86_400_000, 172_800_000],
    series: [{ key: 'ratio_upper_lower', y: [1.05, null, 0.95] }],
    marks: { history_ratio: 1.04, from_ms: 86_400_000, found_wake_deg: null },
  };

  it('draws the series on a time axis with a horizontal history mark and a vertical date mark', () => {
    const option = buildReceiptChartOption(chart, (key) => `L:${key}`, String);
    const series = option.series as {
      type: string;
      name: string;
      data: unknown[];
      markLine?: { data: unknown[] };
    }[];
    expect((option.xAxis as { type: string }).type).toBe('time');
    expect(series[0]!.type).toBe('line');
    expect(series[0]!.name).toBe('L:ratio_upper_lower');
    expect(series[0]!.data).toEqual([
      [0, 1.05],
      [86_400_000, null],
      [172_800_000, 0.95],
    ]);
    expect(series[0]!.markLine!.data).toEqual([
      { name: 'L:history_ratio', yAxis: 1.04 },
      { name: 'L:from_ms', xAxis: 86_400_000 },
    ]);
  });

  it('draws a run of values as bars on a value axis', () => {
    const option = buildReceiptChartOption(
      {
        kind: 'by_lag',
        xKey: 'lag_min',
        x: [-10, 0, 10],
        series: [{ key: 'correlation', y: [0.2, 0.9, 0.3] }],
      },
      (key) => key,
      String,
    );
    expect((option.xAxis as { type: string }).type).toBe('value');
    expect((option.series as { markLine?: unknown }[])[0]!.markLine).toBeUndefined();
  });

  it('asks for as many dates as the chart’s width holds, so the day labels never overlap', () => {
    const month = { ...chart, x: Array.from({ length: 31 }, (_, d) => d * 86_400_000) };
    const option = buildReceiptChartOption(month, String, (ms) => new Date(ms).toISOString().slice(0, 10));
    const at = (widthPx: number) =>
      (fitChartOption(option, { widthPx, heightPx: 200 }) as { xAxis: Record<string, any> }).xAxis;
    // The drawer's chart (about 700 px) and a narrow one: ten-character dates need about 90 px each.
    expect(at(700).splitNumber).toBe(6);
    expect(at(360).splitNumber).toBe(3);
    expect(at(360).axisLabel.hideOverlap).toBe(true);
  });
});
