import type { TStatisticsResult, TTurbulenceRow } from '@masthub/shared';
import { Descriptions, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { turbulenceOption } from '../charts.utils.ts';
import { ChannelPicker } from '../components/ChannelPicker.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { StatChart } from '../components/StatChart.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue } from '../statistics.utils.ts';

/** Turbulence intensity (湍流强度, WIND-ANALYSIS §8.4): SPEC §3 rows per speed bin and the IEC curves. */
export function TurbulenceTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { byId } = useChannelLookup(result);
  const items = result.turbulence.items;
  const [chosen, setChosen] = useState<number | undefined>(items.at(-1)?.channelId);
  const item = items.find((i) => i.channelId === chosen) ?? items.at(-1);
  const option = useMemo(
    () =>
      item &&
      turbulenceOption(item, result.turbulence.iecCurves, {
        speed: t('statistics.chart.speed'),
        ti: t('statistics.chart.ti'),
        meanTi: t('statistics.columns.tiAvg'),
        representTi: t('statistics.columns.tiRepresent'),
      }),
    [item, result, t],
  );
  if (!item) return <Empty description={t('statistics.turbulence.noSd')} />;
  const columns: TableColumnsType<TTurbulenceRow> = [
    { key: 'name', dataIndex: 'name', title: t('statistics.columns.tiName'), width: 120 },
    decimalColumn('avg', t('statistics.columns.tiAvg'), 140, 4),
    decimalColumn('sd', t('statistics.columns.tiSd'), 140, 4),
    decimalColumn('represent', t('statistics.columns.tiRepresent'), 160, 4),
    { key: 'sample', dataIndex: 'sample', title: t('statistics.columns.tiSample'), width: 100 },
  ];
  return (
    <Flex vertical gap={16}>
      <ChannelPicker
        label={t('statistics.height')}
        channels={items.map((i) => byId.get(i.channelId)!).filter(Boolean)}
        value={item.channelId}
        onChange={setChosen}
      />
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3 }}
        items={[
          { key: 'ti15', label: t('statistics.columns.ti15'), children: formatValue(item.ti15, 4) },
          { key: 'iec', label: t('statistics.columns.iecCategory'), children: item.iecCategory ?? '—' },
          {
            key: 'gb',
            label: t('statistics.columns.gbGrade'),
            children: item.gbGrade ? t(`statistics.turbulence.grades.${item.gbGrade}`) : '—',
          },
        ]}
      />
      <StatChart testId="stat-chart-turbulence" option={option} />
      <Table<TTurbulenceRow>
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={item.rows}
        pagination={false}
      />
    </Flex>
  );
}
