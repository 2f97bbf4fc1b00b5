import { Empty } from 'antd';
import type { EChartsOption } from 'echarts';
import { BarChart, HeatmapChart, LineChart, ScatterChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  PolarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useElementWidth } from '../table/use-element-width.ts';
import { fitChartOption } from './chart-fit.ts';

echarts.use([
  BarChart,
  HeatmapChart,
  LineChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  PolarComponent,
  TitleComponent,
  TooltipComponent,
  VisualMapComponent,
  CanvasRenderer,
]);

declare global {
  interface Window {
    /** Read by browser tests: the chart drawn in an element (its option and what it rendered). */
    __masthubChartAt?: (element: HTMLElement) => ReturnType<typeof echarts.getInstanceByDom>;
  }
}
if (typeof window !== 'undefined') window.__masthubChartAt = (element) => echarts.getInstanceByDom(element);

export interface StatChartProps {
  /** Undefined shows the "no data" placeholder. */
  option: EChartsOption | undefined;
  /** `stat-chart-<tabKey>` on a tab's main chart. */
  testId?: string;
  /** Explicit height so the canvas renders in a headless browser too. */
  height?: number;
}

/**
 * One result chart (ECharts on canvas) with a fixed height, drawn once its width is known and laid out
 * for it: legend, margins and label density follow the one rule of `fitChartOption`.
 */
export function StatChart({ option, testId, height = 380 }: StatChartProps) {
  const { t } = useTranslation();
  const [box, width] = useElementWidth();
  const fitted = useMemo(
    () => (option && width ? fitChartOption(option, { widthPx: width, heightPx: height }) : undefined),
    [option, width, height],
  );
  return (
    <div ref={box} data-testid={testId} style={{ height, width: '100%' }}>
      {option ? (
        fitted && (
          <ReactEChartsCore
            echarts={echarts}
            option={fitted}
            notMerge
            lazyUpdate
            style={{ height, width: '100%' }}
          />
        )
      ) : (
        <Empty
          style={{ paddingTop: height / 3 }}
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('statistics.noData')}
        />
      )}
    </div>
  );
}
