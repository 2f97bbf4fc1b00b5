import type { TFrequencyItem, TStatisticsResult } from '@masthub/shared';
import { Descriptions, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { frequencyOption } from '../charts.utils.ts';
import { useHeightChoice } from '../components/use-height-choice.tsx';
import { formatValue } from '../statistics.utils.ts';

type Bin = TFrequencyItem['bins'][number];

/** Speed frequency distribution with the Weibull fit (风速频率分布, WIND-ANALYSIS §8.2) per height. */
export function FrequencyTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const items = result.frequency.items;
  const { item, picker } = useHeightChoice(result, items, (i) => i.channelId);
  const option = useMemo(
    () =>
      item &&
      frequencyOption(item, {
        speed: t('statistics.chart.speed'),
        frequency: t('statistics.chart.frequency'),
        measured: t('statistics.chart.measured'),
        weibull: t('statistics.chart.weibull'),
      }),
    [item, t],
  );
  if (!item) return <Empty description={t('statistics.noSpeed')} />;
  const columns: TableColumnsType<Bin> = [
    { key: 'centre', dataIndex: 'centre', title: t('statistics.columns.binCentre'), width: 120 },
    {
      key: 'range',
      title: t('statistics.columns.speedBin'),
      width: 140,
      render: (_, b) => `${b.lower} – ${b.upper}`,
    },
    { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 100 },
    {
      key: 'frequencyPct',
      dataIndex: 'frequencyPct',
      title: t('statistics.columns.frequencyPct'),
      width: 120,
      render: (v: number) => formatValue(v, 2),
    },
    {
      key: 'weibullPct',
      dataIndex: 'weibullPct',
      title: t('statistics.columns.weibullPct'),
      width: 140,
      render: (v: number | null) => formatValue(v, 2),
    },
  ];
  const w = item.weibull;
  return (
    <Flex vertical gap={16}>
      {picker}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 5 }}
        items={[
          { key: 'mean', label: t('statistics.columns.meanSpeed'), children: formatValue(item.mean, 3) },
          {
            key: 'method',
            label: t('statistics.filters.weibullMethod'),
            children: w ? t(`statistics.weibullMethods.${w.method}`) : t('statistics.frequency.noFit'),
          },
          { key: 'A', label: t('statistics.columns.weibullScale'), children: formatValue(w?.scale, 3) },
          { key: 'k', label: t('statistics.columns.weibullShape'), children: formatValue(w?.shape, 3) },
          {
            key: 'power',
            label: t('statistics.columns.weibullPower'),
            children: formatValue(w?.powerDensity, 1),
          },
        ]}
      />
      <StatChart testId="stat-chart-frequency" option={option} />
      <Table<Bin> rowKey="centre" size="small" columns={columns} dataSource={item.bins} pagination={false} />
    </Flex>
  );
}
