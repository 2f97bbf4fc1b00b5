import type { TChartData, TChartSeries } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import {
  assignAxes,
  buildChartOption,
  buildTooltip,
  type ChartLabels,
  detailWindowFor,
  mergeChartData,
  seriesNames,
  shiftChartTimes,
  zoneWindowToReal,
} from './chart.utils.ts';

const labels: ChartLabels = {
  flags: { normal: '正常', filled: '插补', suspicious: '可疑', invalid: '无效', icing: '结冰' },
  minMax: '范围',
  brush: '选择',
  clearBrush: '清除',
  zoom: '缩放',
  zoomBack: '还原',
  saveImage: '保存',
};

const HOUR = 3_600_000;
const T0 = Date.parse('2026-01-01T00:00:00Z');

function series(partial: Partial<TChartSeries>): TChartSeries {
  return {
    channelId: 1,
    name: 'WS80A',
    unit: 'm/s',
    avg: [5, null, 7],
    min: [4, null, 6],
    max: [6, null, 9],
    flag: [0, 0, 2],
    ...partial,
  };
}

function chart(partial: Partial<TChartData>): TChartData {
  return {
    times: [T0, T0 + HOUR, T0 + 2 * HOUR],
    bucketSeconds: 3600,
    isAggregated: true,
    startTime: null,
    endTime: null,
    series: [series({})],
    ...partial,
  };
}

type LooseSeries = { id: string; type: string; name: string; yAxisIndex: number; data: unknown[] };

describe('assignAxes(series) / seriesNames(series)', () => {
  it('gives each unit one axis in order of appearance', () => {
    expect(assignAxes([{ unit: 'm/s' }, { unit: '°' }, { unit: 'm/s' }, { unit: '°C' }])).toEqual({
      units: ['m/s', '°', '°C'],
      axisOfSeries: [0, 1, 0, 2],
    });
  });

  it('makes duplicate channel names unique with the channel id', () => {
    expect(
      seriesNames([
        { name: 'WS', channelId: 1 },
        { name: 'WS', channelId: 2 },
        { name: 'WD', channelId: 3 },
      ]),
    ).toEqual(['WS #1', 'WS #2', 'WD']);
  });
});

describe('buildChartOption(data, labels)', () => {
  it('bounds the scrolling legend so it never runs under the toolbox, down to a 700 px wide chart', () => {
    const option = buildChartOption(chart({}), labels) as {
      legend: { width?: string; left: number };
      toolbox: { right: number; feature: Record<string, unknown>; itemSize?: number; itemGap?: number };
    };
    expect(option.legend.width).toMatch(/^\d+%$/);
    // ECharts toolbox defaults: 15 px icons, 10 px apart; dataZoom and brush give two icons each.
    const icons = 5;
    const toolboxPx = icons * (option.toolbox.itemSize ?? 15) + (icons - 1) * (option.toolbox.itemGap ?? 10);
    const chartPx = 700;
    const legendEndPx = option.legend.left + (Number.parseFloat(option.legend.width!) / 100) * chartPx;
    expect(legendEndPx).toBeLessThan(chartPx - option.toolbox.right - toolboxPx);
  });

  it('draws the average line, a min–max band and the flagged buckets when aggregated', () => {
    const option = buildChartOption(chart({}), labels);
    const drawn = option.series as LooseSeries[];
    expect(drawn.map((s) => s.id)).toEqual(['avg-1', 'min-1', 'band-1', 'flag-1-2']);
    expect(drawn.every((s) => s.name === 'WS80A')).toBe(true);
    expect(drawn[0]?.data).toEqual([
      [T0, 5],
      [T0 + HOUR, null],
      [T0 + 2 * HOUR, 7],
    ]);
    // The band is stacked on the minimum: max − min, null where a bucket is empty.
    expect(drawn[2]?.data).toEqual([
      [T0, 2],
      [T0 + HOUR, null],
      [T0 + 2 * HOUR, 3],
    ]);
    // The suspicious bucket drawn again in the flag's colour, the others left empty.
    expect(drawn[3]).toMatchObject({ type: 'line', color: '#d4b106' });
    expect(drawn[3]?.data).toEqual([
      [T0, null],
      [T0 + HOUR, null],
      [T0 + 2 * HOUR, 7],
    ]);
    expect(option.useUTC).toBe(true);
    expect(option.animation).toBe(false);
  });

  it('draws only the line and the points when the range was not aggregated', () => {
    const option = buildChartOption(
      chart({ isAggregated: false, series: [series({ flag: [0, 0, 0] })] }),
      labels,
    );
    expect((option.series as LooseSeries[]).map((s) => s.id)).toEqual(['avg-1']);
  });

  it('puts each unit on its own axis, direction fixed to 0–360°', () => {
    const option = buildChartOption(
      chart({
        series: [
          series({ channelId: 1 }),
          series({ channelId: 2, name: 'WD', unit: '°' }),
          series({ channelId: 3, name: 'T', unit: '°C' }),
        ],
      }),
      labels,
    );
    const axes = option.yAxis as {
      name: string;
      position: string;
      offset: number;
      min?: number;
      max?: number;
    }[];
    expect(axes.map((a) => [a.name, a.position, a.offset])).toEqual([
      ['m/s', 'left', 0],
      ['°', 'right', 0],
      ['°C', 'left', 52],
    ]);
    expect(axes[1]).toMatchObject({ min: 0, max: 360 });
    const avgAxes = (option.series as LooseSeries[])
      .filter((s) => s.id.startsWith('avg-'))
      .map((s) => s.yAxisIndex);
    expect(avgAxes).toEqual([0, 1, 2]);
  });

  it('names the axes and the tooltip with unit symbols, not the stored codes (deg_C → °C, deg → °)', () => {
    const data = chart({
      series: [
        series({ channelId: 2, name: 'WD', unit: 'deg' }),
        series({ channelId: 3, name: 'T', unit: 'deg_C' }),
        series({ channelId: 4, name: 'GHI', unit: 'W/m^2' }),
      ],
    });
    const option = buildChartOption(data, labels);
    const axes = option.yAxis as { name: string; min?: number; max?: number }[];
    expect(axes.map((a) => a.name)).toEqual(['°', '°C', 'W/m²']);
    expect(axes[0]).toMatchObject({ min: 0, max: 360 });
    const tooltip = buildTooltip(data, ['WD', 'T', 'GHI'], labels, [
      { seriesId: 'avg-2', dataIndex: 0 },
      { seriesId: 'avg-3', dataIndex: 0 },
    ]);
    expect(tooltip).toContain(' °');
    expect(tooltip).toContain(' °C');
    expect(tooltip).not.toContain('deg');
  });

  it('has a time axis with dataZoom and a lineX brush', () => {
    const option = buildChartOption(chart({}), labels);
    expect((option.dataZoom as { type: string }[]).map((z) => z.type)).toEqual(['inside', 'slider']);
    expect(option.brush).toMatchObject({ xAxisIndex: 0, brushMode: 'single' });
    expect(option.xAxis).toMatchObject({ type: 'time' });
  });
});

describe('buildTooltip(data, names, labels, params)', () => {
  it('lists each average with its range and flag, skipping bands and points', () => {
    const data = chart({ series: [series({ name: 'WS<80>' })] });
    const html = buildTooltip(data, ['WS<80>'], labels, [
      { seriesId: 'avg-1', dataIndex: 2, marker: '●' },
      { seriesId: 'band-1', dataIndex: 2 },
      { seriesId: 'flag-1', dataIndex: 2 },
    ]);
    expect(html).toBe(
      '<b>2026-01-01 02:00</b><br/>●WS&lt;80&gt;: <b>7</b> m/s <span style="color:#8c8c8c">(范围 6–9)</span> <span style="color:#d4b106">● 可疑</span>',
    );
    expect(buildTooltip(data, ['WS'], labels, [])).toBe('');
  });

  it('shows a dash for an empty bucket', () => {
    const html = buildTooltip(chart({}), ['WS80A'], labels, [{ seriesId: 'avg-1', dataIndex: 1 }]);
    expect(html).toContain('WS80A: <b>—</b> m/s');
  });
});

describe('zone shifting', () => {
  it('shiftChartTimes(data, utcCode) moves times onto the user clock and back', () => {
    const shifted = shiftChartTimes(chart({}), 'UTC+08:00');
    expect(shifted.times[0]).toBe(T0 + 8 * HOUR);
    expect(zoneWindowToReal({ startMs: T0 + 8 * HOUR, endMs: T0 + 9 * HOUR }, 'UTC+08:00')).toEqual({
      startMs: T0,
      endMs: T0 + HOUR,
    });
  });
});

describe('detailWindowFor(overview, visible)', () => {
  const overview = chart({ times: Array.from({ length: 100 }, (_, k) => T0 + k * HOUR) });

  it('asks for detail when at most half of an aggregated overview is visible, on bucket edges', () => {
    expect(detailWindowFor(overview, { startMs: T0 + 10.5 * HOUR, endMs: T0 + 20.2 * HOUR })).toEqual({
      startMs: T0 + 10 * HOUR,
      endMs: T0 + 21 * HOUR,
    });
  });

  it('keeps the overview for wide windows and for raw data', () => {
    expect(detailWindowFor(overview, { startMs: T0, endMs: T0 + 80 * HOUR })).toBeUndefined();
    expect(
      detailWindowFor({ ...overview, isAggregated: false }, { startMs: T0, endMs: T0 + 10 * HOUR }),
    ).toBeUndefined();
  });
});

describe('mergeChartData(overview, detail)', () => {
  it('splices the detail in place of the overview buckets it covers', () => {
    const overview = chart({
      times: [T0, T0 + HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR],
      series: [series({ avg: [1, 2, 3, 4], min: [1, 2, 3, 4], max: [1, 2, 3, 4], flag: [0, 0, 0, 0] })],
    });
    const detail = chart({
      times: [T0 + HOUR, T0 + 1.5 * HOUR],
      bucketSeconds: 1800,
      isAggregated: false,
      series: [series({ avg: [20, 25], min: [20, 25], max: [20, 25], flag: [3, 0] })],
    });
    const merged = mergeChartData(overview, detail);
    expect(merged.times).toEqual([T0, T0 + HOUR, T0 + 1.5 * HOUR, T0 + 2 * HOUR, T0 + 3 * HOUR]);
    expect(merged.series[0]?.avg).toEqual([1, 20, 25, 3, 4]);
    expect(merged.series[0]?.flag).toEqual([0, 3, 0, 0, 0]);
    expect(merged.isAggregated).toBe(true);
  });

  it('keeps the overview when the detail is missing or holds other channels', () => {
    const overview = chart({});
    expect(mergeChartData(overview, undefined)).toBe(overview);
    expect(mergeChartData(overview, chart({ series: [series({ channelId: 9 })] }))).toBe(overview);
  });
});
