import { formatUnit, type TStatisticsResult } from '@masthub/shared';
import { Empty, Flex, Segmented, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { linesOption, monthHourOption } from '../charts.utils.ts';
import { ChannelPicker } from '../components/ChannelPicker.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue } from '../statistics.utils.ts';
import { useElementChoice } from './use-element-choice.ts';

const HOURS = Array.from({ length: 24 }, (_, h) => String(h));

interface HourRow {
  hour: number;
  values: (number | null)[];
}

/** Daily variation (日变化): 24-hour profiles per height (local time) and the 12 × 24 speed matrix. */
export function DailyTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { byId, caption } = useChannelLookup(result);
  const { present, element, setElement } = useElementChoice(result.daily.series);
  const series = result.daily.series.filter((s) => s.element === element);
  const withMatrix = result.daily.series.filter((s) => s.byMonthHour !== null);
  const [matrixChannel, setMatrixChannel] = useState<number | undefined>(withMatrix.at(-1)?.channelId);
  const matrix = withMatrix.find((s) => s.channelId === matrixChannel) ?? withMatrix.at(-1);
  const unit = formatUnit(series[0]?.unit);
  const option = useMemo(
    () =>
      series.length > 0
        ? linesOption(
            HOURS,
            series.map((s) => ({ name: caption(s.channelId), values: s.byHour })),
            { x: t('statistics.columns.hour'), y: `${t(`statistics.elements.${element}`)} (${unit})` },
          )
        : undefined,
    [series, caption, element, unit, t],
  );
  const heatmap = useMemo(
    () =>
      matrix?.byMonthHour
        ? monthHourOption(matrix.byMonthHour, {
            month: t('statistics.columns.month'),
            hour: t('statistics.columns.hour'),
            value: t('statistics.chart.meanSpeed'),
          })
        : undefined,
    [matrix, t],
  );
  if (present.length === 0) return <Empty description={t('statistics.noData')} />;
  const rows: HourRow[] = HOURS.map((_, hour) => ({
    hour,
    values: series.map((s) => s.byHour[hour] ?? null),
  }));
  const columns: TableColumnsType<HourRow> = [
    { key: 'hour', dataIndex: 'hour', title: t('statistics.columns.hour'), width: 80 },
    ...series.map((s, k) => ({
      key: String(s.channelId),
      title: `${caption(s.channelId)} (${formatUnit(s.unit)})`,
      width: 150,
      render: (_: unknown, row: HourRow) => formatValue(row.values[k], 3),
    })),
  ];
  return (
    <Flex vertical gap={16}>
      <Segmented
        value={element}
        onChange={(v) => setElement(String(v))}
        options={present.map((e) => ({ value: e, label: t(`statistics.elements.${e}`) }))}
      />
      <StatChart testId="stat-chart-daily" option={option} />
      {matrix && (
        <Flex vertical gap={8}>
          <Flex gap={16} align="center" wrap>
            <Typography.Text strong>{t('statistics.daily.matrix')}</Typography.Text>
            <ChannelPicker
              label={t('statistics.height')}
              channels={withMatrix.map((s) => byId.get(s.channelId)!).filter(Boolean)}
              value={matrix.channelId}
              onChange={setMatrixChannel}
            />
          </Flex>
          <StatChart testId="stat-chart-daily-matrix" option={heatmap} height={360} />
        </Flex>
      )}
      <WholeTable<HourRow> rowKey="hour" columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
    </Flex>
  );
}
