import type { Language } from '@masthub/shared';
import { say } from '../../../i18n/index.ts';
import { toPng } from '../render/chart-png.ts';
import type { TChartImage } from '../render/render.ts';
import type { TReportFigures } from './collect.ts';

const GREEN = '#05a045';

/** SPEC §9 recovery bands: red below 50 %, orange to 80 %, green above. */
function recoveryColour(percent: number): string {
  if (percent < 50) return '#d4380d';
  if (percent < 80) return '#fa8c16';
  return GREEN;
}

/** The charts a report's template asks for, by block id. */
export function renderCharts(figures: TReportFigures, language: Language): Map<string, TChartImage> {
  const codes = figures.sites.map((s) => s.stationCode);
  const charts = new Map<string, TChartImage>();
  const axisLabel = { fontSize: 14, rotate: codes.length > 12 ? 45 : 0 };
  charts.set(
    'recovery',
    toPng({
      grid: { left: 60, right: 20, top: 40, bottom: codes.length > 12 ? 80 : 50 },
      xAxis: { type: 'category', data: codes, axisLabel },
      yAxis: { type: 'value', max: 100, name: say(language, 'groupReport.recoveryAxis') },
      legend: { top: 0, textStyle: { fontSize: 12 } },
      // Recovery before/after (issue 45 §1): the measured bar in its band colour, the one after
      // reconstruction beside it in grey, each named in the legend.
      series: [
        {
          type: 'bar',
          name: say(language, 'groupReport.recoveryMeasured'),
          itemStyle: { color: GREEN },
          data: figures.sites.map((s) => {
            const percent = Math.round(s.recovery * 1000) / 10;
            return { value: percent, itemStyle: { color: recoveryColour(percent) } };
          }),
          label: { show: codes.length <= 20, position: 'top', fontSize: 12 },
        },
        {
          type: 'bar',
          name: say(language, 'groupReport.recoveryAfter'),
          itemStyle: { color: '#8c8c8c' },
          data: figures.sites.map((s) => Math.round(s.recoveryAfter * 1000) / 10),
          label: { show: codes.length <= 10, position: 'top', fontSize: 12 },
        },
      ],
    }),
  );
  charts.set(
    'speed',
    toPng({
      grid: { left: 60, right: 20, top: 30, bottom: codes.length > 12 ? 80 : 50 },
      xAxis: { type: 'category', data: codes, axisLabel },
      yAxis: { type: 'value', name: 'm/s' },
      series: [
        {
          type: 'bar',
          itemStyle: { color: '#1677ff' },
          data: figures.sites.map((s) => {
            const top = s.heights.find((h) => h.meanSpeed !== null);
            return top?.meanSpeed === undefined || top.meanSpeed === null
              ? 0
              : Math.round(top.meanSpeed * 100) / 100;
          }),
          label: { show: codes.length <= 20, position: 'top', fontSize: 12 },
        },
      ],
    }),
  );
  return charts;
}
