import { formatUnit, type TPeriodComparisonRow, type TStatisticsResult } from '@masthub/shared';
import { Empty, Flex, Segmented, type TableColumnsType, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { linesOption } from '../charts.utils.ts';
import { MommTable } from '../components/DetailTables.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue } from '../statistics.utils.ts';
import { useElementChoice } from './use-element-choice.ts';

interface MonthRow {
  key: string;
  label: string;
  values: (number | null)[];
}

/** Yearly variation (年变化): monthly means per height, MOMM, and each year against the whole period. */
export function MonthlyTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { caption } = useChannelLookup(result);
  const section = result.monthly;
  const { present, element, setElement } = useElementChoice(section.series);
  const series = section.series.filter((s) => s.element === element);
  const unit = formatUnit(series[0]?.unit);
  const option = useMemo(
    () =>
      series.length > 0
        ? linesOption(
            section.months,
            series.map((s) => ({ name: caption(s.channelId), values: s.byYearMonth })),
            { x: t('statistics.columns.yearMonth'), y: `${t(`statistics.elements.${element}`)} (${unit})` },
          )
        : undefined,
    [series, section, caption, element, unit, t],
  );
  if (present.length === 0) return <Empty description={t('statistics.noData')} />;
  const rows: MonthRow[] = [
    ...section.months.map((label, i) => ({
      key: label,
      label,
      values: series.map((s) => s.byYearMonth[i] ?? null),
    })),
    { key: 'momm', label: t('statistics.columns.momm'), values: series.map((s) => s.momm) },
  ];
  const columns: TableColumnsType<MonthRow> = [
    { key: 'label', dataIndex: 'label', title: t('statistics.columns.yearMonth'), width: 160 },
    ...series.map((s, k) => ({
      key: String(s.channelId),
      title: `${caption(s.channelId)} (${formatUnit(s.unit)})`,
      width: 150,
      render: (_: unknown, row: MonthRow) => formatValue(row.values[k], 3),
    })),
  ];
  const comparisonColumns: TableColumnsType<TPeriodComparisonRow> = [
    { key: 'name', dataIndex: 'name', title: t('statistics.columns.periodName'), width: 120 },
    decimalColumn('avgSpeed', t('statistics.columns.avgSpeed'), 140, 3),
    decimalColumn('deviate', t('statistics.columns.deviate'), 140, 3),
    decimalColumn('rate', t('statistics.columns.rate'), 140, 2),
  ];
  return (
    <Flex vertical gap={16}>
      <Segmented
        value={element}
        onChange={(v) => setElement(String(v))}
        options={present.map((e) => ({ value: e, label: t(`statistics.elements.${e}`) }))}
      />
      <StatChart testId="stat-chart-monthly" option={option} />
      <WholeTable<MonthRow> rowKey="key" columns={columns} dataSource={rows} scroll={{ x: 'max-content' }} />
      {section.periodComparison.rows.length > 0 && (
        <Flex vertical gap={8}>
          <Typography.Text strong>
            {t('statistics.monthly.comparison', {
              channel:
                section.periodComparison.channelId === null
                  ? ''
                  : caption(section.periodComparison.channelId),
              mean: formatValue(section.periodComparison.baselineMean, 3),
            })}
          </Typography.Text>
          <WholeTable<TPeriodComparisonRow>
            rowKey="name"
            columns={comparisonColumns}
            dataSource={section.periodComparison.rows}
          />
        </Flex>
      )}
      <MommTable section={section} caption={caption} />
    </Flex>
  );
}
