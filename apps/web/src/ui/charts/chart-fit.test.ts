import type { EChartsOption } from 'echarts';
import { describe, expect, it } from 'vitest';
import { categoryInterval, fitChartOption, LEGEND_HEIGHT_PX, labelWidthPx } from './chart-fit.ts';

type TAny = Record<string, any>;
const fit = (option: EChartsOption, widthPx: number, heightPx = 300) =>
  fitChartOption(option, { widthPx, heightPx }) as TAny;

const hours = Array.from({ length: 24 }, (_, h) => String(h));
const withLegend: EChartsOption = {
  legend: { top: 0 },
  grid: { left: 60, right: 20, top: 40, bottom: 40 },
  xAxis: { type: 'category', data: hours },
  yAxis: { type: 'value', name: 'kW' },
  series: [{ type: 'line', name: 'IEA 3.4 MW RWT (130 m)', data: [] }],
};

describe('fitChartOption(option, box)', () => {
  it('puts the legend on one scrolling line at the top and the plot, with its axis names, below it', () => {
    const fitted = fit(withLegend, 500);
    expect(fitted.legend).toMatchObject({ type: 'scroll', top: 0, left: 'center', width: 468 });
    // The plot's box starts below the legend and holds its axis labels and names (ECharts 6 outerBounds):
    // the unit "kW" can no longer sit under the legend.
    expect(fitted.grid.top).toBeGreaterThanOrEqual(LEGEND_HEIGHT_PX + 8);
    expect(fitted.grid).toMatchObject({ outerBoundsMode: 'same', outerBoundsContain: 'all' });
    // The vertical axis's name starts at the axis and runs into the plot, not off the canvas.
    expect(fitted.yAxis.nameTextStyle).toEqual({ align: 'left' });
  });

  it('starts the plot near the top when there is no legend', () => {
    const { legend: _, ...bare } = withLegend as TAny;
    expect(fit(bare, 500).grid.top).toBeLessThan(LEGEND_HEIGHT_PX);
  });

  it('shows fewer category labels on a narrow chart than on a wide one, and hides any that would still overlap', () => {
    const narrow = fit(withLegend, 300).xAxis.axisLabel;
    const wide = fit(withLegend, 1200).xAxis.axisLabel;
    expect(narrow.interval).toBeGreaterThan(wide.interval);
    expect(wide.interval).toBe(0);
    expect(narrow.hideOverlap).toBe(true);
  });

  it('asks a time axis for as many date ticks as its width holds, never fewer than two', () => {
    const days: EChartsOption = { xAxis: { type: 'time' }, yAxis: { type: 'value' }, series: [] };
    const split = (width: number) => fit(days, width).xAxis.splitNumber as number;
    expect(split(360)).toBeLessThan(split(900));
    expect(split(120)).toBe(2);
    expect(fit(days, 360).xAxis.axisLabel.hideOverlap).toBe(true);
  });

  it('keeps what the caller set: a label interval, a split number, turned labels', () => {
    const fitted = fit(
      {
        xAxis: { type: 'category', data: hours, axisLabel: { interval: 5 } },
        yAxis: [
          { type: 'value', splitNumber: 3 },
          { type: 'value', name: 'm/s' },
        ],
        series: [],
      },
      300,
    );
    expect(fitted.xAxis.axisLabel.interval).toBe(5);
    expect(fitted.yAxis[0].splitNumber).toBe(3);
    // A second value axis stands on the right: its name runs leftwards into the plot.
    expect(fitted.yAxis[1].nameTextStyle).toEqual({ align: 'right' });
    const turned = fit(
      { xAxis: { type: 'category', data: hours, axisLabel: { rotate: 45 } }, series: [] },
      300,
    );
    expect(turned.xAxis.axisLabel.interval).toBeUndefined();
  });

  it('leaves the margins of a chart with a zoom slider or a colour scale, below the legend', () => {
    const fitted = fit({ ...withLegend, dataZoom: [{ type: 'slider' }] }, 500);
    expect(fitted.grid).toMatchObject({ left: 60, right: 20, bottom: 40 });
    expect(fitted.grid.top).toBeGreaterThanOrEqual(LEGEND_HEIGHT_PX + 8);
    expect(fitted.grid.outerBoundsMode).toBeUndefined();
  });

  it('gives a polar chart as many labelled rings as its radius holds, none at the centre or the rim, and thins its angle labels', () => {
    const sectors = Array.from({ length: 36 }, (_, i) => String(i * 10));
    const polar = (width: number, height: number) =>
      fit(
        {
          legend: {},
          polar: { radius: '70%' },
          angleAxis: { type: 'category', data: sectors },
          radiusAxis: {},
          series: [],
        },
        width,
        height,
      );
    const small = polar(300, 260);
    const large = polar(1000, 800);
    expect(small.radiusAxis.splitNumber).toBeLessThan(large.radiusAxis.splitNumber);
    expect(small.radiusAxis.axisLabel).toMatchObject({
      showMinLabel: false,
      showMaxLabel: false,
      hideOverlap: true,
    });
    expect(small.angleAxis.axisLabel.interval).toBeGreaterThan(large.angleAxis.axisLabel.interval);
    // The disc sits below the legend.
    expect(Number.parseFloat(small.polar.center[1])).toBeGreaterThan(50);
  });
});

describe('categoryInterval(labels, lengthPx)', () => {
  it('skips nothing when the labels fit side by side, and more as the axis gets shorter', () => {
    expect(categoryInterval(hours, 1000)).toBe(0);
    expect(categoryInterval(hours, 400)).toBe(1);
    expect(categoryInterval(hours, 150)).toBeGreaterThan(1);
    expect(categoryInterval([], 100)).toBe(0);
  });

  it('counts Chinese labels wider than Latin ones', () => {
    expect(labelWidthPx('北')).toBeGreaterThan(labelWidthPx('N'));
  });
});
