import type { TExtremeRow, TStatisticsResult } from '@masthub/shared';
import { Alert, Descriptions, Flex, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { extremeOption, gumbelOption } from '../charts.utils.ts';
import { MonthlyMaximaTable } from '../components/DetailTables.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue } from '../statistics.utils.ts';

/** Extreme wind (极端风速, WIND-ANALYSIS §8.9): SPEC §3 rows per height and the Gumbel plot. */
export function ExtremeTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { caption } = useChannelLookup(result);
  const { rows, gumbel } = result.extreme;
  // The highest speed's monthly maxima (the periodic-maxima input, WIND-ANALYSIS §14).
  const monthlyMaxima = result.extreme.monthlyMaxima[0];
  const option = useMemo(
    () =>
      rows.length > 0
        ? extremeOption(rows, {
            avg: t('statistics.columns.extremeAvg'),
            max: t('statistics.columns.extremeMax'),
            fivefoldMax: t('statistics.columns.fivefoldMax'),
            ewmMax: t('statistics.columns.ewmMax'),
          })
        : undefined,
    [rows, t],
  );
  const gumbelChart = useMemo(
    () =>
      gumbel && gumbel.points.length > 0
        ? gumbelOption(gumbel, {
            x: t('statistics.chart.reducedVariate'),
            y: t('statistics.columns.annualMax'),
            points: t('statistics.columns.annualMax'),
            fit: t('statistics.chart.gumbelFit'),
          })
        : undefined,
    [gumbel, t],
  );
  const num = (v: number | null) => formatValue(v, 2);
  const columns: TableColumnsType<TExtremeRow> = [
    { key: 'height', dataIndex: 'height', title: t('statistics.columns.height'), width: 90 },
    {
      key: 'channel',
      title: t('statistics.columns.channel'),
      width: 150,
      render: (_, r) => caption(r.channelId),
    },
    { key: 'avg', dataIndex: 'avg', title: t('statistics.columns.extremeAvg'), width: 140, render: num },
    {
      key: 'fivefoldMax',
      dataIndex: 'fivefoldMax',
      title: t('statistics.columns.fivefoldMax'),
      width: 150,
      render: num,
    },
    { key: 'max', dataIndex: 'max', title: t('statistics.columns.extremeMax'), width: 170, render: num },
    { key: 'gustMax', dataIndex: 'gustMax', title: t('statistics.columns.gustMax'), width: 130, render: num },
    { key: 'v50', dataIndex: 'v50', title: t('statistics.columns.v50'), width: 170, render: num },
    { key: 'ewmMax', dataIndex: 'ewmMax', title: t('statistics.columns.ewmMax'), width: 170, render: num },
  ];
  return (
    <Flex vertical gap={16}>
      <StatChart testId="stat-chart-extreme" option={option} />
      <WholeTable<TExtremeRow>
        rowKey="channelId"
        columns={columns}
        dataSource={rows}
        scroll={{ x: 'max-content' }}
      />
      {gumbel && (
        <Flex vertical gap={8}>
          <Typography.Text strong>
            {t('statistics.extreme.gumbel', { channel: caption(gumbel.channelId) })}
          </Typography.Text>
          {gumbel.fit ? (
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2, lg: 4 }}
              items={[
                {
                  key: 'u',
                  label: t('statistics.columns.gumbelLocation'),
                  children: formatValue(gumbel.fit.location, 3),
                },
                {
                  key: 'scale',
                  label: t('statistics.columns.gumbelScale'),
                  children: formatValue(gumbel.fit.scale, 3),
                },
                {
                  key: 'v50',
                  label: t('statistics.columns.v50'),
                  children: formatValue(gumbel.fit.returnValue, 2),
                },
                { key: 'years', label: t('statistics.columns.years'), children: gumbel.fit.count },
              ]}
            />
          ) : (
            <Alert
              type="info"
              showIcon
              title={t('statistics.extreme.needYears', {
                count: gumbel.annualMaxima.filter((m) => m.isUsed).length,
              })}
            />
          )}
          <StatChart testId="stat-chart-extreme-gumbel" option={gumbelChart} height={320} />
        </Flex>
      )}
      {monthlyMaxima && <MonthlyMaximaTable maxima={monthlyMaxima} />}
    </Flex>
  );
}
