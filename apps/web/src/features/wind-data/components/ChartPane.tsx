import type { TChartRequest } from '@masthub/shared';
import { CHART_DEFAULT_POINTS, CHART_MAX_CHANNELS } from '@masthub/shared/wind-data/wind-data.schema.ts';
import { Empty, Flex, Typography } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChartData } from '../api.ts';
import { detailWindowFor, mergeChartData, type TimeWindow } from '../chart.utils.ts';
import { bucketParts } from '../wind-data.utils.ts';
import { WindChart } from './WindChart.tsx';

/** The shown range as request fields (none: the whole record). */
export type RangeIso = { startTime?: string; endTime?: string };

/** What the chart and the grid show: a version's selected channels over a range, in the user's zone. */
export interface TDataView {
  versionId: number;
  selectedIds: readonly number[];
  rangeIso: RangeIso;
  utcCode: string;
}

interface ChartPaneProps {
  view: TDataView;
  isMarkable: boolean;
  onBrushRange: (window: TimeWindow) => void;
  /** Called once the chart is drawn, or has nothing to draw (the grid below waits for it). */
  onFirstData: () => void;
}

/**
 * The chart tab: an overview of the whole range (server-aggregated), and after zooming into at most
 * half of it, the visible window again in detail, spliced into the overview.
 */
export function ChartPane({ view, isMarkable, onBrushRange, onFirstData }: ChartPaneProps) {
  const { versionId, selectedIds, rangeIso, utcCode } = view;
  const { t } = useTranslation();
  const chartIds = useMemo(() => selectedIds.slice(0, CHART_MAX_CHANNELS), [selectedIds]);
  const overviewRequest = useMemo<TChartRequest | undefined>(
    () =>
      chartIds.length > 0
        ? { versionId, channelIds: chartIds, ...rangeIso, maxPoints: CHART_DEFAULT_POINTS }
        : undefined,
    [versionId, chartIds, rangeIso],
  );
  const overviewKey = JSON.stringify(overviewRequest ?? null);
  const overview = useChartData(overviewRequest);
  const [visible, setVisible] = useState<{ key: string; window: TimeWindow }>();
  const overviewData = overview.isPlaceholderData ? undefined : overview.data;
  const detailRequest = useMemo<TChartRequest | undefined>(() => {
    const window =
      overviewData && visible?.key === overviewKey
        ? detailWindowFor(overviewData, visible.window)
        : undefined;
    if (!overviewRequest || !window) return undefined;
    return {
      ...overviewRequest,
      startTime: new Date(window.startMs).toISOString(),
      endTime: new Date(window.endMs).toISOString(),
    };
  }, [overviewRequest, overviewData, overviewKey, visible]);
  const detail = useChartData(detailRequest);
  // The grid waits for the chart's first drawing; a chart with nothing to draw lets it come at once.
  const firstData = useRef(onFirstData);
  firstData.current = onFirstData;
  const hasNothingToDraw =
    overview.isError || (overview.data !== undefined && overview.data.times.length === 0);
  useEffect(() => {
    if (hasNothingToDraw) firstData.current();
  }, [hasNothingToDraw]);
  const data = useMemo(
    () =>
      overview.data ? mergeChartData(overview.data, detailRequest ? detail.data : undefined) : undefined,
    [overview.data, detail.data, detailRequest],
  );

  if (selectedIds.length === 0) {
    return <Empty style={{ padding: 48 }} description={t('measure-wind.chart.chooseChannels')} />;
  }
  const bucket = overview.data ? bucketParts(overview.data.bucketSeconds) : undefined;
  return (
    <Flex vertical gap={8}>
      <Flex gap={12} wrap align="center">
        {overview.data && bucket ? (
          <Typography.Text type="secondary" data-testid="mw-chart-resolution">
            {overview.data.isAggregated
              ? t('measure-wind.chart.aggregated', {
                  count: bucket.count,
                  unit: t(`measure-wind.units.${bucket.unit}`),
                })
              : t('measure-wind.chart.raw')}
            {detailRequest ? ` · ${t('measure-wind.chart.detail')}` : ''}
          </Typography.Text>
        ) : null}
        {isMarkable ? (
          <Typography.Text type="secondary">{t('measure-wind.chart.brushHint')}</Typography.Text>
        ) : null}
        {selectedIds.length > CHART_MAX_CHANNELS ? (
          <Typography.Text type="warning">
            {t('measure-wind.chart.tooMany', { max: CHART_MAX_CHANNELS })}
          </Typography.Text>
        ) : null}
      </Flex>
      <WindChart
        key={overviewKey}
        data={data}
        isLoading={overview.isFetching || detail.isFetching}
        utcCode={utcCode}
        onBrushRange={onBrushRange}
        onVisibleWindow={(window) => setVisible({ key: overviewKey, window })}
        onDrawn={() => firstData.current()}
      />
    </Flex>
  );
}
