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
import { useTranslation } from 'react-i18next';

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

export interface StatChartProps {
  /** Undefined shows the "no data" placeholder. */
  option: EChartsOption | undefined;
  /** `stat-chart-<tabKey>` on a tab's main chart. */
  testId?: string;
  /** Explicit height so the canvas renders in a headless browser too. */
  height?: number;
}

/** One statistics chart (ECharts on canvas) with a fixed height. */
export function StatChart({ option, testId, height = 380 }: StatChartProps) {
  const { t } = useTranslation();
  return (
    <div data-testid={testId} style={{ height, width: '100%' }}>
      {option ? (
        <ReactEChartsCore
          echarts={echarts}
          option={option}
          notMerge
          lazyUpdate
          style={{ height, width: '100%' }}
        />
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
