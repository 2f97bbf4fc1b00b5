import type { TStatisticsResult, TTurbulenceRow } from '@masthub/shared';
import { Alert, Descriptions, Empty, Flex, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { turbulenceOption } from '../charts.utils.ts';
import { TurbulenceDetail } from '../components/DetailTables.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { useHeightChoice } from '../components/use-height-choice.tsx';
import { formatValue } from '../statistics.utils.ts';

/** Turbulence intensity (湍流强度, WIND-ANALYSIS §8.4): SPEC §3 rows per speed bin and the IEC curves. */
export function TurbulenceTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const items = result.turbulence.items;
  const { item, picker } = useHeightChoice(result, items, (i) => i.channelId);
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
      {result.turbulence.tiSource === 'remote_sensing' && result.turbulence.tiNote ? (
        // A lidar's or sodar's TI (issue 31): the server says, in the reader's language, why it is no cup TI.
        <Alert type="warning" showIcon title={result.turbulence.tiNote} data-testid="stat-lidar-ti-note" />
      ) : null}
      {picker}
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
      <WholeTable<TTurbulenceRow> rowKey="name" columns={columns} dataSource={item.rows} />
      <TurbulenceDetail item={item} />
    </Flex>
  );
}
