import type { TEnergyResult } from '@masthub/shared';
import type { EChartsOption } from 'echarts';

/**
 * The energy-yield charts, shaped from the result. Legends, margins and label density are laid out for
 * the drawn size by StatChart (fitChartOption): these options say what is drawn, not where.
 */

/** Gross energy of each month of the average year per turbine (MWh; the annual figures are MWh/yr). */
export function buildMonthlyEnergyOption(result: TEnergyResult): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    xAxis: { type: 'category', data: Array.from({ length: 12 }, (_, i) => String(i + 1)) },
    yAxis: { type: 'value', name: 'MWh' },
    series: result.turbines.map((r) => ({
      type: 'bar',
      name: r.model,
      data: r.byMonth.map((m) => m.grossMwh),
    })),
  };
}

/** Mean power of each hour of the day per turbine (kW). */
export function buildHourlyPowerOption(result: TEnergyResult): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    xAxis: { type: 'category', data: Array.from({ length: 24 }, (_, h) => String(h)) },
    yAxis: { type: 'value', name: 'kW' },
    series: result.turbines.map((r) => ({
      type: 'line',
      name: r.model,
      data: r.byHour.map((h) => h.meanPowerKw),
    })),
  };
}

/** Each sector's share of the energy per turbine (%), as bars around the compass; none without sectors. */
export function buildSectorShareOption(result: TEnergyResult): EChartsOption | undefined {
  if (result.sectorLabels.length === 0) return undefined;
  return {
    tooltip: {},
    legend: {},
    polar: { radius: '70%' },
    angleAxis: {
      type: 'category',
      data: result.sectorLabels,
      startAngle: 90 + 180 / result.sectorLabels.length,
    },
    radiusAxis: { axisLabel: { formatter: '{value} %' } },
    series: result.turbines.map((r) => ({
      type: 'bar',
      coordinateSystem: 'polar',
      name: r.model,
      data: r.bySector.map((s) => (s.energyShare === null ? 0 : Math.round(s.energyShare * 1000) / 10)),
    })),
  };
}

/** The power curves at the site's air density (kW over m/s). */
export function buildSiteCurveOption(result: TEnergyResult): EChartsOption {
  return {
    tooltip: { trigger: 'axis' },
    legend: {},
    xAxis: { type: 'value', name: 'm/s' },
    yAxis: { type: 'value', name: 'kW' },
    series: result.turbines.map((r) => ({
      type: 'line',
      name: r.model,
      showSymbol: false,
      data: r.siteCurve.speed.map((v, i) => [v, r.siteCurve.power[i]!]),
    })),
  };
}
