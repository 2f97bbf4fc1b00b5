import type { TMcpCompareResult } from '@masthub/shared';
import { Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCardGrid } from '../../ui/charts/ChartCardGrid.tsx';
import {
  buildCvBlocksOption,
  buildHomogeneityOption,
  buildLongTermMonthlyOption,
  buildMonthlyOption,
  buildScatterOption,
} from './longterm.charts.ts';
import { formatNumber, formatPercent, recommendedRow } from './longterm.format.ts';

/** The workbench's five charts, their options shaped by the tested builders. */
export function LongTermCharts({ result }: { result: TMcpCompareResult }) {
  const { t } = useTranslation();
  const charts = useMemo(
    () => [
      {
        title: t('longterm.chart.scatter'),
        testId: 'lt-chart-scatter',
        height: 340,
        option: buildScatterOption(result, {
          reference: t('longterm.chart.reference'),
          target: t('longterm.chart.target'),
        }),
      },
      {
        title: t('longterm.chart.monthly'),
        testId: 'lt-chart-monthly',
        height: 340,
        option: buildMonthlyOption(result.monthly, {
          measured: t('longterm.chart.measured'),
          predicted: t('longterm.chart.predicted'),
        }),
      },
      {
        title: t('longterm.chart.cv'),
        testId: 'lt-chart-cv',
        height: 300,
        option: buildCvBlocksOption(recommendedRow(result), { error: t('longterm.chart.error') }),
      },
      {
        title: t('longterm.chart.homogeneity'),
        testId: 'lt-chart-homogeneity',
        height: 300,
        option: buildHomogeneityOption(result.homogeneity, {
          annualMean: t('longterm.chart.annualMean'),
          trend: t('longterm.chart.trend'),
          outlier: t('longterm.chart.outlier'),
        }),
      },
      {
        title: t('longterm.chart.longTermMonthly'),
        testId: 'lt-chart-lt-monthly',
        height: 300,
        option: buildLongTermMonthlyOption(result.longTermMonthly, {
          mean: t('longterm.chart.mean'),
          month: (month) => t('longterm.chart.month', { month }),
        }),
      },
    ],
    [result, t],
  );
  const { homogeneity } = result;
  return (
    <>
      <ChartCardGrid charts={charts} />
      <Typography.Text type={homogeneity.isTrendFlagged ? 'warning' : 'secondary'}>
        {t('longterm.chart.trendNote', {
          trend: formatNumber(homogeneity.trendPercentPerDecade, 1),
          sigma: formatPercent(homogeneity.sigmaIav),
        })}
      </Typography.Text>
    </>
  );
}
