import type { TCorrelationSectorRow, TStatisticsResult } from '@masthub/shared';
import { Descriptions, Empty, Flex, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { correlationOption, regressionCaption } from '../charts.utils.ts';
import { ChannelPicker } from '../components/ChannelPicker.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { StatChart } from '../components/StatChart.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue, speedAverages } from '../statistics.utils.ts';

type Strength = TCorrelationSectorRow['strength'];

export interface CorrelationTabProps {
  result: TStatisticsResult;
  /** Re-runs the analysis with another reference speed. */
  onReferenceChange: (channelId: number) => void;
}

/** Wind speed correlation (风速相关性, WIND-ANALYSIS §8.8–§9): per reference sector, with R/R² wording. */
export function CorrelationTab({ result, onReferenceChange }: CorrelationTabProps) {
  const { t } = useTranslation();
  const { byId, caption } = useChannelLookup(result);
  const section = result.correlation;
  const speeds = speedAverages(result.channels);
  const [chosen, setChosen] = useState<number | undefined>(section.items[0]?.targetChannelId);
  const item = section.items.find((i) => i.targetChannelId === chosen) ?? section.items[0];
  const strengthText = (strength: Strength) =>
    strength ? t('statistics.correlation.strength', { r: strength.rText, r2: strength.rSquaredText }) : '—';
  const option = useMemo(
    () =>
      item &&
      section.referenceChannelId !== null &&
      correlationOption(item, {
        x: `${caption(section.referenceChannelId)} (m/s)`,
        y: `${caption(item.targetChannelId)} (m/s)`,
        points: t('statistics.chart.pairs'),
        line: t('statistics.chart.regression'),
        title: regressionCaption(item),
      }),
    [item, section, caption, t],
  );
  const reference =
    speeds.length > 1 && section.referenceChannelId !== null ? (
      <ChannelPicker
        label={t('statistics.correlation.reference')}
        channels={speeds}
        value={section.referenceChannelId}
        onChange={onReferenceChange}
      />
    ) : null;
  if (!item) {
    return (
      <Flex vertical gap={16}>
        {reference}
        <Empty description={t('statistics.correlation.needTwo')} />
      </Flex>
    );
  }
  const columns: TableColumnsType<TCorrelationSectorRow> = [
    { key: 'sectorRange', dataIndex: 'sectorRange', title: t('statistics.columns.sectorRange'), width: 130 },
    { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 90 },
    decimalColumn('intercept', t('statistics.columns.intercept'), 100, 4),
    decimalColumn('slope', t('statistics.columns.slope'), 100, 4),
    decimalColumn('r', t('statistics.columns.r'), 100, 4),
    decimalColumn('rSquared', t('statistics.columns.rSquared'), 110, 4),
    decimalColumn('correctedValue', t('statistics.columns.correctedValue'), 140, 3),
    {
      key: 'strength',
      dataIndex: 'strength',
      title: t('statistics.columns.strength'),
      width: 180,
      render: strengthText,
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Flex gap={24} wrap>
        {reference}
        <ChannelPicker
          label={t('statistics.correlation.target')}
          channels={section.items.map((i) => byId.get(i.targetChannelId)!).filter(Boolean)}
          value={item.targetChannelId}
          onChange={setChosen}
        />
      </Flex>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'count', label: t('statistics.columns.records'), children: item.count },
          { key: 'r', label: t('statistics.columns.r'), children: formatValue(item.r, 4) },
          { key: 'r2', label: t('statistics.columns.rSquared'), children: formatValue(item.rSquared, 4) },
          { key: 'strength', label: t('statistics.columns.strength'), children: strengthText(item.strength) },
        ]}
      />
      <StatChart testId="stat-chart-correlation" option={option || undefined} height={420} />
      <Table<TCorrelationSectorRow>
        rowKey="sectorRange"
        size="small"
        columns={columns}
        dataSource={item.sectors}
        pagination={false}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
