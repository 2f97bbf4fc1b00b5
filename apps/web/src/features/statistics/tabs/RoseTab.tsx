import type { TStatisticsResult } from '@masthub/shared';
import { Empty, Flex, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { roseOption } from '../charts.utils.ts';
import { JointFrequencyTable } from '../components/DetailTables.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { TabDownload } from '../components/TabDownload.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { useHeightChoice } from '../components/use-height-choice.tsx';
import { formatValue } from '../statistics.utils.ts';

interface SectorRow {
  index: number;
  label: string;
  count: number;
  frequencyPct: number;
  meanSpeed: number | null;
  energyPct: number;
  powerDensity: number | null;
}

/** Wind rose and wind energy rose (风向玫瑰图 / 风能玫瑰图, WIND-ANALYSIS §8.7) per speed height. */
export function RoseTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { caption } = useChannelLookup(result);
  const items = result.rose.items;
  const { item, picker } = useHeightChoice(result, items, (i) => i.speedChannelId);
  const option = useMemo(
    () =>
      item &&
      roseOption(item, result.rose.labels, {
        windRose: t('statistics.chart.windRose'),
        energyRose: t('statistics.chart.energyRose'),
      }),
    [item, result, t],
  );
  if (!item) return <Empty description={t('statistics.rose.noVane')} />;
  const rows: SectorRow[] = item.sectors.map((s) => ({
    ...s,
    label: result.rose.labels[s.index] ?? String(s.index),
  }));
  const columns: TableColumnsType<SectorRow> = [
    { key: 'label', dataIndex: 'label', title: t('statistics.columns.sector'), width: 100 },
    { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 100 },
    decimalColumn('frequencyPct', t('statistics.columns.frequencyPct'), 120, 2),
    decimalColumn('meanSpeed', t('statistics.columns.meanSpeed'), 140, 2),
    decimalColumn('energyPct', t('statistics.columns.energyPct'), 140, 2),
    decimalColumn('powerDensity', t('statistics.columns.powerDensity'), 160, 1),
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={16} align="center" wrap>
        {picker}
        <Typography.Text type="secondary">
          {t('statistics.rose.caption', {
            vane: caption(item.directionChannelId),
            calm: formatValue(item.calmPct, 2),
            threshold: result.rose.calmThreshold,
          })}
        </Typography.Text>
      </Flex>
      <StatChart testId="stat-chart-rose" option={option} height={420} />
      <Table<SectorRow> rowKey="index" size="small" columns={columns} dataSource={rows} pagination={false} />
      <TabDownload
        result={result}
        speedChannelId={item.speedChannelId}
        directionChannelId={item.directionChannelId}
      />
      <JointFrequencyTable table={item.jointTable} labels={result.rose.labels} />
    </Flex>
  );
}
