import {
  CORRELATION_PERIOD_KEYS,
  CORRELATION_PERIOD_NAMES,
  MCP_METHOD_KEYS,
  MCP_METHOD_NAMES,
  type TCorrelationSectorRow,
  type TStatisticsResult,
} from '@masthub/shared';
import {
  Descriptions,
  Empty,
  Flex,
  InputNumber,
  Select,
  Space,
  type TableColumnsType,
  Typography,
} from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../../i18n/i18n.ts';
import { toShortLanguage } from '../../../i18n/languages.ts';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { correlationOption, regressionCaption } from '../charts.utils.ts';
import { ChannelPicker } from '../components/ChannelPicker.tsx';
import { decimalColumn } from '../components/decimal-column.ts';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import {
  type CorrelationChoices,
  correlationBasis,
  formatValue,
  speedAverages,
} from '../statistics.utils.ts';

type Strength = TCorrelationSectorRow['strength'];

export interface CorrelationTabProps {
  result: TStatisticsResult;
  /** Re-runs the analysis with another reference speed. */
  onReferenceChange: (channelId: number) => void;
  /** Re-runs the analysis with another averaging period, coverage or method. */
  onCorrelationChange: (change: CorrelationChoices) => void;
}

/** The averaging period, the coverage an averaged period needs (not for 10-min records) and the method. */
function CorrelationOptions({
  section,
  onChange,
}: {
  section: TStatisticsResult['correlation'];
  onChange: (change: CorrelationChoices) => void;
}) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const [coverage, setCoverage] = useState<number | null>(section.coverage ?? 0.9);
  const commitCoverage = (value: number | null) => {
    if (value !== null && value >= 0.5 && value <= 1 && value !== section.coverage) {
      onChange({ correlationPeriod: section.period, correlationCoverage: value });
    }
  };
  return (
    <>
      <Space>
        <Typography.Text>{t('statistics.correlation.period')}</Typography.Text>
        <Select
          data-testid="corr-period"
          aria-label={t('statistics.correlation.period')}
          style={{ minWidth: 160 }}
          value={section.period}
          onChange={(period) => onChange({ correlationPeriod: period, correlationCoverage: coverage ?? 0.9 })}
          options={CORRELATION_PERIOD_KEYS.map((p) => ({
            value: p,
            label: CORRELATION_PERIOD_NAMES[p][language],
          }))}
        />
      </Space>
      {section.period !== '10min' ? (
        <Space>
          <Typography.Text>{t('statistics.correlation.coverage')}</Typography.Text>
          <InputNumber
            data-testid="corr-coverage"
            aria-label={t('statistics.correlation.coverage')}
            min={0.5}
            max={1}
            step={0.05}
            value={coverage}
            onChange={setCoverage}
            onStep={commitCoverage}
            onBlur={() => commitCoverage(coverage)}
            onPressEnter={() => commitCoverage(coverage)}
          />
        </Space>
      ) : null}
      <Space>
        <Typography.Text>{t('statistics.correlation.method')}</Typography.Text>
        <Select
          data-testid="corr-method"
          aria-label={t('statistics.correlation.method')}
          style={{ minWidth: 180 }}
          value={section.method}
          onChange={(method) => onChange({ correlationMethod: method })}
          options={MCP_METHOD_KEYS.map((m) => ({ value: m, label: MCP_METHOD_NAMES[m][language] }))}
        />
      </Space>
    </>
  );
}

/** Wind speed correlation (风速相关性, WIND-ANALYSIS §8.8–§9): per reference sector, with R/R² wording. */
export function CorrelationTab({ result, onReferenceChange, onCorrelationChange }: CorrelationTabProps) {
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
        line: t('statistics.correlation.line', { method: section.methodName }),
        title: regressionCaption(item),
        subtitle: correlationBasis(
          section,
          (percent) => t('statistics.correlation.coverageAtLeast', { percent }),
          t('statistics.correlation.separator'),
        ),
      }),
    [item, section, caption, t],
  );
  const picker =
    speeds.length > 1 && section.referenceChannelId !== null ? (
      <ChannelPicker
        label={t('statistics.correlation.reference')}
        channels={speeds}
        value={section.referenceChannelId}
        onChange={onReferenceChange}
      />
    ) : null;
  const toolbar = (target: ReactNode) => (
    <Flex gap={24} wrap>
      {picker}
      {target}
      <CorrelationOptions
        key={`${section.period}-${section.coverage}`}
        section={section}
        onChange={onCorrelationChange}
      />
    </Flex>
  );
  if (!item) {
    return (
      <Flex vertical gap={16}>
        {toolbar(null)}
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
      {toolbar(
        <ChannelPicker
          label={t('statistics.correlation.target')}
          channels={section.items.map((i) => byId.get(i.targetChannelId)!).filter(Boolean)}
          value={item.targetChannelId}
          onChange={setChosen}
        />,
      )}
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
      <WholeTable<TCorrelationSectorRow>
        rowKey="sectorRange"
        columns={columns}
        dataSource={item.sectors}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
