import { formatUnit, type TStatisticsResult, type TSummaryRow } from '@masthub/shared';
import { Descriptions, Flex, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { summaryOption } from '../charts.utils.ts';
import { decimalColumn } from '../components/decimal-column.ts';
import { recoveryRateColumn } from '../components/RecoveryRate.tsx';

/** Summary (WIND-ANALYSIS §8.1): one row per channel; chart of mean speed and power density by height. */
export function SummaryTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const option = useMemo(
    () =>
      summaryOption(result, {
        meanSpeed: t('statistics.chart.meanSpeed'),
        powerDensity: t('statistics.chart.powerDensity'),
      }),
    [result, t],
  );
  const columns: TableColumnsType<TSummaryRow> = [
    {
      key: 'channelName',
      dataIndex: 'channelName',
      title: t('statistics.columns.channel'),
      fixed: 'left',
      width: 140,
    },
    { key: 'element', dataIndex: 'element', title: t('statistics.columns.element'), width: 120 },
    { key: 'heightTag', dataIndex: 'heightTag', title: t('statistics.columns.height'), width: 80 },
    {
      key: 'unit',
      dataIndex: 'unit',
      title: t('statistics.columns.unit'),
      width: 70,
      render: (unit: string) => formatUnit(unit),
    },
    { key: 'count', dataIndex: 'count', title: t('statistics.columns.count'), width: 100 },
    decimalColumn('mean', t('statistics.columns.mean'), 90, 3),
    decimalColumn('sd', t('statistics.columns.sd'), 90, 3),
    decimalColumn('min', t('statistics.columns.min'), 90, 2),
    decimalColumn('max', t('statistics.columns.max'), 90, 2),
    recoveryRateColumn('validRate', t('statistics.columns.validRate'), 130),
    decimalColumn('avgWindPower', t('statistics.columns.avgWindPower'), 150, 1),
    decimalColumn('usefulWindHours', t('statistics.columns.usefulWindHours'), 140, 1),
    decimalColumn('weibullScale', t('statistics.columns.weibullScale'), 120, 3),
    decimalColumn('weibullShape', t('statistics.columns.weibullShape'), 100, 3),
    decimalColumn('gustMax', t('statistics.columns.gustMax'), 120, 2),
    decimalColumn('meanDirection', t('statistics.columns.meanDirection'), 120, 1),
    decimalColumn('directionSdYamartino', t('statistics.columns.directionSdYamartino'), 190, 1),
  ];
  return (
    <Flex vertical gap={16}>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'version', label: t('statistics.summary.version'), children: result.versionName },
          {
            key: 'period',
            label: t('statistics.summary.period'),
            children: `${formatDateTime(result.startTime)} ~ ${formatDateTime(result.endTime)}`,
          },
          {
            key: 'interval',
            label: t('statistics.summary.interval'),
            children: t('statistics.summary.minutes', { count: result.intervalMinutes }),
          },
          { key: 'records', label: t('statistics.summary.records'), children: result.recordCount },
        ]}
      />
      <StatChart testId="stat-chart-summary" option={option} />
      <WholeTable<TSummaryRow>
        rowKey="channelId"
        columns={columns}
        dataSource={result.summary.rows}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
