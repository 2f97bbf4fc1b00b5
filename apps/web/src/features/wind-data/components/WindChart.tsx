import type { TChartData } from '@masthub/shared';
import { Empty, Spin } from 'antd';
import { LineChart, ScatterChart } from 'echarts/charts';
import {
  BrushComponent,
  DataZoomComponent,
  GridComponent,
  LegendComponent,
  ToolboxComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../../i18n/i18n.ts';
import {
  buildChartOption,
  type ChartLabels,
  shiftChartTimes,
  type TimeWindow,
  zoneWindowToReal,
} from '../chart.utils.ts';

echarts.use([
  LineChart,
  ScatterChart,
  GridComponent,
  TooltipComponent,
  LegendComponent,
  DataZoomComponent,
  BrushComponent,
  ToolboxComponent,
  CanvasRenderer,
]);

const ZOOM_SETTLE_MS = 400;
const CHART_HEIGHT_PX = 420;

interface ZoomState {
  dataZoom?: { startValue?: number; endValue?: number }[];
}

interface BrushEndEvent {
  areas?: { coordRange?: unknown }[];
}

export interface WindChartProps {
  /** Raw chart data (real epoch ms), overview with any detail already spliced in. */
  data: TChartData | undefined;
  isLoading: boolean;
  utcCode: string;
  /** A time range picked with the brush, in real epoch ms. */
  onBrushRange: (window: TimeWindow) => void;
  /** The visible window after a zoom or pan settled (real epoch ms). */
  onVisibleWindow: (window: TimeWindow) => void;
  /** Each time ECharts has finished drawing. */
  onDrawn?: () => void;
}

/**
 * The wind-data chart: average lines (min–max band when aggregated), flagged points, dataZoom, and a
 * lineX brush whose range opens the mark dialog. Time labels read the user's zone (see chart.utils).
 */
export function WindChart({
  data,
  isLoading,
  utcCode,
  onBrushRange,
  onVisibleWindow,
  onDrawn,
}: WindChartProps) {
  const { t } = useTranslation();
  const language = useAppLanguage();
  const chartRef = useRef<ReactEChartsCore>(null);
  const zoomTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  // Handlers read the latest props through refs, so the chart binds its events once.
  const latest = useRef({ onBrushRange, onVisibleWindow, onDrawn, utcCode });
  latest.current = { onBrushRange, onVisibleWindow, onDrawn, utcCode };

  const labels: ChartLabels = useMemo(
    () => ({
      flags: {
        normal: t('measure-wind.flags.normal'),
        filled: t('measure-wind.flags.filled'),
        suspicious: t('measure-wind.flags.suspicious'),
        invalid: t('measure-wind.flags.invalid'),
        icing: t('measure-wind.flags.icing'),
      },
      minMax: t('measure-wind.chart.minMax'),
      brush: t('measure-wind.chart.brush'),
      clearBrush: t('measure-wind.chart.clearBrush'),
      zoom: t('measure-wind.chart.zoom'),
      zoomBack: t('measure-wind.chart.zoomBack'),
      saveImage: t('measure-wind.chart.saveImage'),
    }),
    [t],
  );

  const option = useMemo(
    () => (data ? buildChartOption(shiftChartTimes(data, utcCode), labels) : undefined),
    [data, utcCode, labels],
  );

  const events = useMemo(
    () => ({
      finished: () => latest.current.onDrawn?.(),
      brushEnd: (event: BrushEndEvent) => {
        const range = event.areas?.[0]?.coordRange;
        if (!Array.isArray(range) || typeof range[0] !== 'number' || typeof range[1] !== 'number') return;
        chartRef.current?.getEchartsInstance().dispatchAction({ type: 'brush', areas: [] });
        latest.current.onBrushRange(
          zoneWindowToReal({ startMs: range[0], endMs: range[1] }, latest.current.utcCode),
        );
      },
      datazoom: () => {
        clearTimeout(zoomTimer.current);
        zoomTimer.current = setTimeout(() => {
          const instance = chartRef.current?.getEchartsInstance();
          const zoom = (instance?.getOption() as ZoomState | undefined)?.dataZoom?.[0];
          if (typeof zoom?.startValue !== 'number' || typeof zoom.endValue !== 'number') return;
          latest.current.onVisibleWindow(
            zoneWindowToReal({ startMs: zoom.startValue, endMs: zoom.endValue }, latest.current.utcCode),
          );
        }, ZOOM_SETTLE_MS);
      },
    }),
    [],
  );
  useEffect(() => () => clearTimeout(zoomTimer.current), []);

  const isEmpty = !data || data.times.length === 0 || data.series.length === 0;
  return (
    <Spin spinning={isLoading}>
      <div
        data-testid="mw-chart"
        data-points={data?.times.length ?? 0}
        style={{ minHeight: CHART_HEIGHT_PX }}
      >
        {isEmpty || !option ? (
          <Empty
            style={{ paddingTop: 120 }}
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={isLoading ? t('common.loading') : t('measure-wind.chart.empty')}
          />
        ) : (
          <ReactEChartsCore
            ref={chartRef}
            echarts={echarts}
            option={option}
            replaceMerge={['series', 'yAxis']}
            lazyUpdate
            opts={{ locale: language === 'en-US' ? 'EN' : 'ZH' }}
            onEvents={events}
            style={{ height: CHART_HEIGHT_PX, width: '100%' }}
          />
        )}
      </div>
    </Spin>
  );
}
