import type { TScaleResult } from '@masthub/shared';
import { Alert, Flex, Input, Space, Tag, Typography } from 'antd';
import type { EChartsOption } from 'echarts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCardGrid } from '../../ui/charts/ChartCardGrid.tsx';
import { formatFixed } from '../../ui/format-number.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateRange } from '../../ui/use-date-time.ts';

const fmt = (v: number | null | undefined, digits = 3) => formatFixed(v, digits);

/** A scaling's statistics, scatter and monthly charts, the long-term means, and making a version of it. */
export function ScalingResult({
  result,
  versionName,
  onVersionName,
  isGenerating,
  onGenerate,
}: {
  result: TScaleResult;
  versionName: string;
  onVersionName: (name: string) => void;
  isGenerating: boolean;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  const formatDateRange = useFormatDateRange();
  const scatterOption = useMemo<EChartsOption>(() => {
    const maxX = Math.max(1, ...result.scatter.x);
    const line =
      result.overall.slope === null
        ? []
        : [
            [0, result.overall.intercept ?? 0],
            [maxX, (result.overall.intercept ?? 0) + result.overall.slope * maxX],
          ];
    return {
      tooltip: {},
      grid: { left: 60, right: 20, top: 30, bottom: 50 },
      xAxis: { type: 'value', name: t('wsa.scale.meso'), nameLocation: 'middle', nameGap: 30 },
      yAxis: { type: 'value', name: t('wsa.scale.mast') },
      series: [
        { type: 'scatter', symbolSize: 3, data: result.scatter.x.map((x, i) => [x, result.scatter.y[i]!]) },
        { type: 'line', showSymbol: false, data: line, lineStyle: { color: '#d4380d' } },
      ],
    };
  }, [result, t]);
  const monthlyOption = useMemo<EChartsOption>(
    () => ({
      tooltip: { trigger: 'axis' },
      legend: { top: 0 },
      grid: { left: 50, right: 20, top: 40, bottom: 40 },
      xAxis: { type: 'category', data: result.monthly.map((m) => m.month) },
      yAxis: { type: 'value', name: 'm/s' },
      series: [
        { type: 'bar', name: t('wsa.scale.meso'), data: result.monthly.map((m) => m.meso) },
        { type: 'bar', name: t('wsa.scale.mast'), data: result.monthly.map((m) => m.mast) },
      ],
    }),
    [result, t],
  );
  return (
    <Flex vertical gap={16} style={{ marginTop: 16 }} data-testid="scale-result">
      <Alert
        type={result.overall.r !== null && result.overall.r >= 0.8 ? 'success' : 'warning'}
        showIcon
        title={result.verdict}
      />
      <WholeTable
        rowKey="label"
        dataSource={[
          { label: t('wsa.scale.allSectors'), isMerged: false, directionOffsetDeg: 0, ...result.overall },
          ...result.sectors,
        ]}
        columns={[
          { title: t('wsa.scale.sector'), dataIndex: 'label', width: 120 },
          { title: 'n', dataIndex: 'count', width: 80 },
          { title: t('wsa.scale.slope'), dataIndex: 'slope', render: (v) => fmt(v, 4) },
          { title: t('wsa.scale.intercept'), dataIndex: 'intercept', render: (v) => fmt(v, 3) },
          { title: 'r', dataIndex: 'r', render: (v) => fmt(v, 4) },
          { title: t('wsa.scale.bias'), dataIndex: 'biasMps', render: (v) => fmt(v, 3) },
          { title: t('wsa.scale.ratio'), dataIndex: 'ratioOfMeans', render: (v) => fmt(v, 4) },
          { title: t('wsa.scale.offset'), dataIndex: 'directionOffsetDeg', render: (v) => fmt(v, 1) },
          {
            title: '',
            dataIndex: 'isMerged',
            render: (merged: boolean) => (merged ? <Tag color="orange">{t('wsa.scale.merged')}</Tag> : null),
          },
        ]}
      />
      <ChartCardGrid
        charts={[
          {
            title: t('wsa.scale.scatter'),
            option: scatterOption,
            testId: 'scale-chart-scatter',
            height: 320,
          },
          {
            title: t('wsa.scale.monthly'),
            option: monthlyOption,
            testId: 'scale-chart-monthly',
            height: 320,
          },
        ]}
      />
      <Typography.Text type="secondary">
        {t('wsa.scale.longTerm', {
          start: formatDateRange(result.longTerm.start, result.longTerm.end).start || '—',
          end: formatDateRange(result.longTerm.start, result.longTerm.end).end || '—',
          meso: fmt(result.longTerm.mesoMean, 2),
          scaled: fmt(result.longTerm.scaledMean, 2),
        })}
      </Typography.Text>
      <Space>
        <Input
          value={versionName}
          onChange={(e) => onVersionName(e.target.value)}
          maxLength={50}
          style={{ width: 260 }}
        />
        <PermissionButton
          feature="data.process"
          type="primary"
          loading={isGenerating}
          disabled={!versionName.trim()}
          onClick={onGenerate}
          data-testid="scale-generate"
        >
          {t('wsa.scale.generate')}
        </PermissionButton>
        {result.generatedVersionId !== null && <Tag color="green">{t('wsa.scale.versionMade')}</Tag>}
      </Space>
    </Flex>
  );
}
