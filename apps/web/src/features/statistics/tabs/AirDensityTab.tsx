import type { TStatisticsResult } from '@masthub/shared';
import { Alert, Descriptions, Flex } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { airDensityOption } from '../charts.utils.ts';
import { DensityByMonthTable } from '../components/DetailTables.tsx';
import { formatValue } from '../statistics.utils.ts';

/** Air density (空气密度, WIND-ANALYSIS §8.5) from T, p (and RH), or the standard 1.225 kg/m³. */
export function AirDensityTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const section = result.airDensity;
  const option = useMemo(
    () =>
      section.source === 'measured'
        ? airDensityOption(section, {
            byMonth: t('statistics.chart.byMonth'),
            byHour: t('statistics.chart.byHour'),
            airDensity: t('statistics.columns.airDensity'),
          })
        : undefined,
    [section, t],
  );
  return (
    <Flex vertical gap={16}>
      {section.source === 'constant' && (
        <Alert type="info" showIcon title={t('statistics.airDensity.constant')} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 3, lg: 5 }}
        items={[
          {
            key: 'source',
            label: t('statistics.airDensity.source'),
            children: t(`statistics.airDensity.sources.${section.source}`),
          },
          { key: 'mean', label: t('statistics.columns.airDensity'), children: formatValue(section.mean, 4) },
          { key: 'sd', label: t('statistics.columns.sd'), children: formatValue(section.sd, 4) },
          { key: 'min', label: t('statistics.columns.min'), children: formatValue(section.min, 4) },
          { key: 'max', label: t('statistics.columns.max'), children: formatValue(section.max, 4) },
        ]}
      />
      <StatChart testId="stat-chart-airDensity" option={option} height={460} />
      <WholeTable
        rowKey="month"
        dataSource={section.byCalendarMonth}
        columns={[
          { key: 'month', dataIndex: 'month', title: t('statistics.columns.month'), width: 100 },
          { key: 'count', dataIndex: 'count', title: t('statistics.columns.count'), width: 120 },
          {
            key: 'mean',
            dataIndex: 'mean',
            title: t('statistics.columns.airDensity'),
            width: 160,
            render: (v: number | null) => formatValue(v, 4),
          },
        ]}
      />
      <DensityByMonthTable months={result.airDensity.byYearMonth} />
    </Flex>
  );
}
