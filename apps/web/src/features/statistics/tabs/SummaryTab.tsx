import { formatUnit, type TStatisticsResult, type TSummaryRow } from '@masthub/shared';
import { Descriptions, Flex, Table, type TableColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../../app/use-date-time.ts';
import { summaryOption } from '../charts.utils.ts';
import { RecoveryRate } from '../components/RecoveryRate.tsx';
import { StatChart } from '../components/StatChart.tsx';
import { formatValue } from '../statistics.utils.ts';

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
  const num = (digits: number) => (v: number | null) => formatValue(v, digits);
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
    { key: 'mean', dataIndex: 'mean', title: t('statistics.columns.mean'), width: 90, render: num(3) },
    { key: 'sd', dataIndex: 'sd', title: t('statistics.columns.sd'), width: 90, render: num(3) },
    { key: 'min', dataIndex: 'min', title: t('statistics.columns.min'), width: 90, render: num(2) },
    { key: 'max', dataIndex: 'max', title: t('statistics.columns.max'), width: 90, render: num(2) },
    {
      key: 'validRate',
      dataIndex: 'validRate',
      title: t('statistics.columns.validRate'),
      width: 130,
      render: (v: number | null) => <RecoveryRate value={v} />,
    },
    {
      key: 'avgWindPower',
      dataIndex: 'avgWindPower',
      title: t('statistics.columns.avgWindPower'),
      width: 150,
      render: num(1),
    },
    {
      key: 'usefulWindHours',
      dataIndex: 'usefulWindHours',
      title: t('statistics.columns.usefulWindHours'),
      width: 140,
      render: num(1),
    },
    {
      key: 'weibullScale',
      dataIndex: 'weibullScale',
      title: t('statistics.columns.weibullScale'),
      width: 120,
      render: num(3),
    },
    {
      key: 'weibullShape',
      dataIndex: 'weibullShape',
      title: t('statistics.columns.weibullShape'),
      width: 100,
      render: num(3),
    },
    {
      key: 'gustMax',
      dataIndex: 'gustMax',
      title: t('statistics.columns.gustMax'),
      width: 120,
      render: num(2),
    },
    {
      key: 'meanDirection',
      dataIndex: 'meanDirection',
      title: t('statistics.columns.meanDirection'),
      width: 120,
      render: num(1),
    },
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
      <Table<TSummaryRow>
        rowKey="channelId"
        size="small"
        columns={columns}
        dataSource={result.summary.rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
