import type { THomeRose, THomeRoseType } from '@masthub/shared';
import { Empty, Skeleton, Tabs, Typography, theme } from 'antd';
import type { EChartsOption } from 'echarts';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, PolarComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../../ui/use-date-time.ts';
import { useHomeRose } from '../../api.ts';

echarts.use([BarChart, LineChart, GridComponent, PolarComponent, TooltipComponent, CanvasRenderer]);

const TYPES: THomeRoseType[] = ['direction', 'energy', 'monthly', 'daily', 'frequency'];
const HEIGHT = 230;

/** The ECharts option of one home chart (undefined: nothing to draw). */
export function roseOption(rose: THomeRose, color: string, labels: { x: string }): EChartsOption | undefined {
  if (rose.categories.length === 0 || rose.values.every((v) => v === null)) return undefined;
  const values = rose.values.map((v) => (v === null ? null : Math.round(v * 100) / 100));
  const tooltip = {
    trigger: 'axis' as const,
    valueFormatter: (v: unknown) => (v === null || v === undefined ? '—' : `${v} ${rose.unit}`),
  };
  if (rose.type === 'direction' || rose.type === 'energy') {
    const n = rose.categories.length;
    return {
      animation: false,
      tooltip,
      polar: { radius: ['0%', '72%'], center: ['50%', '52%'] },
      // The first sector (N) centred at the top, clockwise.
      angleAxis: {
        type: 'category',
        data: rose.categories,
        startAngle: 90 + 180 / n,
        axisLabel: { fontSize: 10, interval: n > 8 ? 1 : 0 },
      },
      radiusAxis: { type: 'value', axisLabel: { fontSize: 9, formatter: `{value}${rose.unit}` } },
      series: [{ type: 'bar', coordinateSystem: 'polar', data: values, itemStyle: { color } }],
    };
  }
  const isLine = rose.type === 'monthly' || rose.type === 'daily';
  return {
    animation: false,
    tooltip,
    grid: { left: 40, right: 12, top: 24, bottom: 40 },
    xAxis: {
      type: 'category',
      data: rose.categories,
      name: labels.x,
      nameLocation: 'middle',
      nameGap: 26,
      axisLabel: { fontSize: 10, hideOverlap: true },
    },
    yAxis: { type: 'value', name: rose.unit, nameTextStyle: { fontSize: 10 }, axisLabel: { fontSize: 10 } },
    series: [
      isLine
        ? {
            type: 'line',
            data: values,
            smooth: false,
            symbolSize: 4,
            itemStyle: { color },
            connectNulls: false,
          }
        : { type: 'bar', data: values, itemStyle: { color }, barCategoryGap: '10%' },
    ],
  };
}

function RoseChart({ stationId, type }: { stationId: number; type: THomeRoseType }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const formatDateTime = useFormatDateTime();
  const { data, isPending, isError } = useHomeRose(stationId, type);
  if (isPending) return <Skeleton active paragraph={{ rows: 5 }} />;
  const option =
    data && !isError
      ? roseOption(data, token.colorPrimary, { x: t(`home-overview.rose.axis.${type}`) })
      : undefined;
  if (!data || !option) {
    return (
      <Empty
        data-testid="rose-empty"
        style={{ height: HEIGHT, paddingTop: 48, margin: 0 }}
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description={isError ? t('home-overview.rose.failed') : t('home-overview.rose.empty')}
      />
    );
  }
  return (
    <div data-testid={`rose-chart-${type}`}>
      <ReactEChartsCore
        echarts={echarts}
        option={option}
        notMerge
        lazyUpdate
        style={{ height: HEIGHT, width: '100%' }}
      />
      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
        {t('home-overview.rose.caption', {
          channel: data.channelName ?? '—',
          height: data.heightM ?? '—',
          start: formatDateTime(data.startTime) || '—',
          end: formatDateTime(data.endTime) || '—',
        })}
      </Typography.Text>
    </div>
  );
}

/**
 * The home rose charts of a site (SPEC §2): wind direction rose, wind energy rose, monthly mean speed,
 * daily (24 h) mean speed and speed frequency over its last 12 months of data. Only the open tab loads.
 */
export default function HomeRoseCharts({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<THomeRoseType>('direction');
  return (
    <Tabs
      size="small"
      activeKey={active}
      onChange={(key) => setActive(key as THomeRoseType)}
      data-testid="rose-tabs"
      items={TYPES.map((type) => ({
        key: type,
        label: t(`home-overview.rose.tabs.${type}`),
        children: active === type ? <RoseChart stationId={stationId} type={type} /> : null,
      }))}
    />
  );
}
