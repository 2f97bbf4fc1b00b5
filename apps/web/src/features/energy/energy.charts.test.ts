import type { TEnergyResult } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { fitChartOption, LEGEND_HEIGHT_PX } from '../../ui/charts/chart-fit.ts';
import {
  buildHourlyPowerOption,
  buildMonthlyEnergyOption,
  buildSectorShareOption,
  buildSiteCurveOption,
} from './energy.charts.ts';

type TAny = Record<string, any>;

function turbine(model: string, scale: number) {
  return {
    model,
    byMonth: Array.from({ length: 12 }, (_, m) => ({ month: m + 1, grossMwh: 600 * scale })),
    byHour: Array.from({ length: 24 }, (_, h) => ({ hour: h, meanPowerKw: 1000 * scale })),
    bySector: Array.from({ length: 12 }, () => ({ energyShare: 1 / 12 })),
    siteCurve: { speed: [3, 10, 25], power: [0, 3000 * scale, 3370 * scale] },
  };
}
const result = {
  sectorLabels: Array.from({ length: 12 }, (_, i) => String(i * 30)),
  turbines: [turbine('IEA 3.4 MW RWT (130 m)', 1), turbine('NREL 5 MW reference (126 m)', 1.2)],
} as unknown as TEnergyResult;

/** A card of the two-column chart grid at 1366 px is about 500 px wide. */
const CARD = { widthPx: 500, heightPx: 300 };

describe('the energy-yield charts', () => {
  it('name their units on the axes and draw one series per turbine', () => {
    expect((buildMonthlyEnergyOption(result) as TAny).yAxis.name).toBe('MWh');
    expect((buildHourlyPowerOption(result) as TAny).yAxis.name).toBe('kW');
    const curve = buildSiteCurveOption(result) as TAny;
    expect([curve.xAxis.name, curve.yAxis.name]).toEqual(['m/s', 'kW']);
    expect(curve.series.map((s: TAny) => s.name)).toEqual([
      'IEA 3.4 MW RWT (130 m)',
      'NREL 5 MW reference (126 m)',
    ]);
    expect((buildSectorShareOption(result) as TAny).series).toHaveLength(2);
  });

  it('draw no sector chart without sectors', () => {
    expect(buildSectorShareOption({ ...result, sectorLabels: [] } as TEnergyResult)).toBeUndefined();
  });

  it('at a card’s width, keep every axis unit below the legend and show every other hour', () => {
    for (const build of [buildMonthlyEnergyOption, buildHourlyPowerOption, buildSiteCurveOption]) {
      const fitted = fitChartOption(build(result), CARD) as TAny;
      expect(fitted.legend).toMatchObject({ type: 'scroll', top: 0 });
      expect(fitted.grid.top).toBeGreaterThanOrEqual(LEGEND_HEIGHT_PX + 8);
      expect(fitted.grid.outerBoundsContain).toBe('all');
    }
    const hourly = fitChartOption(buildHourlyPowerOption(result), CARD) as TAny;
    expect(hourly.xAxis.axisLabel.interval).toBe(1);
    const monthly = fitChartOption(buildMonthlyEnergyOption(result), CARD) as TAny;
    expect(monthly.xAxis.axisLabel.interval).toBe(0);
  });

  it('at a card’s width, label the sector chart’s rings sparsely, in %, and every sector', () => {
    const fitted = fitChartOption(buildSectorShareOption(result)!, { widthPx: 500, heightPx: 320 }) as TAny;
    expect(fitted.radiusAxis.splitNumber).toBeLessThanOrEqual(3);
    expect(fitted.radiusAxis.axisLabel).toMatchObject({ formatter: '{value} %', showMinLabel: false });
    expect(fitted.angleAxis.axisLabel.interval).toBe(0);
  });
});
