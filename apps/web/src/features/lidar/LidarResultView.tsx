import type { TLidarHeightResult, TLidarVerifyResult } from '@masthub/shared';
import { Alert, Card, Flex, Table, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalysisBasisNote } from '../common/AnalysisQuality.tsx';
import { ChartCardGrid } from '../common/ChartCardGrid.tsx';
import {
  buildDirectionScatterOption,
  buildSpeedScatterOption,
  criterionMark,
  LIDAR_CRITERIA,
  limitText,
} from './lidar.charts.ts';

const fmt = (v: number | null | undefined, digits = 4) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

const MARK_COLOURS: Record<string, string> = { '✓': '#389e0d', '✗': '#cf1322' };
const Mark = ({ mark }: { mark: string }) =>
  mark ? <span style={{ color: MARK_COLOURS[mark], fontWeight: 600 }}>{mark}</span> : <>—</>;

/** The result: the summary, the KPI source, the KPI table with ✓/✗ per height, the scatter charts. */
export function LidarResultView({ result }: { result: TLidarVerifyResult }) {
  const { t } = useTranslation();
  const charts = useMemo(() => {
    const labels = {
      pairs: t('lidar-verify.chart.pairs'),
      origin: t('lidar-verify.chart.origin'),
      offset: t('lidar-verify.chart.offset'),
      identity: t('lidar-verify.chart.identity'),
    };
    return result.heights.flatMap((h, k) => [
      {
        title: t('lidar-verify.chart.speed', { height: h.heightM }),
        testId: `lidar-chart-speed-${k}`,
        height: 320,
        option: buildSpeedScatterOption(h, {
          ...labels,
          mast: t('lidar-verify.chart.mastSpeed'),
          lidar: t('lidar-verify.chart.lidarSpeed'),
        }),
      },
      // A direction chart only for heights whose directions were compared.
      ...(h.direction === null
        ? []
        : [
            {
              title: t('lidar-verify.chart.direction', { height: h.heightM }),
              testId: `lidar-chart-direction-${k}`,
              height: 320,
              option: buildDirectionScatterOption(h, {
                ...labels,
                mast: t('lidar-verify.chart.mastDirection'),
                lidar: t('lidar-verify.chart.lidarDirection'),
              }),
            },
          ]),
    ]);
  }, [result, t]);
  const levelColumns = (level: 'bestPractice' | 'minimum') => ({
    title: t(`lidar-verify.table.${level}`),
    children: [
      ...LIDAR_CRITERIA.map((c) => ({
        title: (
          <Tooltip title={limitText(result.kpis, level, c.key)}>
            {t(`lidar-verify.criterion.${c.key}`)}
          </Tooltip>
        ),
        width: 78,
        align: 'center' as const,
        render: (_: unknown, h: TLidarHeightResult) => <Mark mark={criterionMark(h, level, c)} />,
      })),
      {
        title: t('lidar-verify.table.level'),
        width: 70,
        align: 'center' as const,
        render: (_: unknown, h: TLidarHeightResult) => <Mark mark={h[level].pass ? '✓' : '✗'} />,
      },
    ],
  });
  return (
    <Flex vertical gap={16} data-testid="lidar-result">
      <Alert
        type={result.isPass ? 'success' : 'error'}
        showIcon
        data-testid="lidar-summary"
        title={result.summary}
        description={t('lidar-verify.setup', {
          lidar: `${result.lidar.stationName} / ${result.lidar.versionName}`,
          mast: `${result.mast.stationName} / ${result.mast.versionName}`,
          start: result.startTime.slice(0, 10),
          end: result.endTime.slice(0, 10),
        })}
      />
      <AnalysisBasisNote basis={result.basis} versionName={result.lidar.versionName} />
      <Table<TLidarHeightResult>
        rowKey={(h) => `${h.lidarSpeedChannel.id}-${h.mastSpeedChannel.id}`}
        size="small"
        bordered
        pagination={false}
        scroll={{ x: 1900 }}
        data-testid="lidar-table"
        dataSource={result.heights}
        columns={[
          {
            title: t('lidar-verify.table.height'),
            fixed: 'left',
            width: 110,
            render: (_, h) =>
              h.mastHeightM === h.heightM ? `${h.heightM} m` : `${h.heightM} m / ${h.mastHeightM} m`,
          },
          { title: t('lidar-verify.table.pairs'), width: 80, render: (_, h) => h.speed.pairCount },
          {
            title: t('lidar-verify.table.origin'),
            children: [
              {
                title: t('lidar-verify.table.slope'),
                width: 80,
                render: (_, h) => fmt(h.speed.throughOrigin?.slope),
              },
              { title: 'R²', width: 80, render: (_, h) => fmt(h.speed.throughOrigin?.rSquared) },
            ],
          },
          {
            title: t('lidar-verify.table.withOffset'),
            children: [
              {
                title: t('lidar-verify.table.slope'),
                width: 80,
                render: (_, h) => fmt(h.speed.withOffset?.slope),
              },
              {
                title: t('lidar-verify.table.intercept'),
                width: 90,
                render: (_, h) => fmt(h.speed.withOffset?.intercept, 3),
              },
              { title: 'R²', width: 80, render: (_, h) => fmt(h.speed.withOffset?.rSquared) },
            ],
          },
          {
            title: t('lidar-verify.table.meanDifference'),
            width: 110,
            render: (_, h) => fmt(h.speed.meanDifference, 3),
          },
          {
            title: t('lidar-verify.table.direction'),
            children: [
              { title: t('lidar-verify.table.slope'), width: 80, render: (_, h) => fmt(h.direction?.slope) },
              {
                title: t('lidar-verify.table.offset'),
                width: 80,
                render: (_, h) => fmt(h.direction?.offsetDeg, 2),
              },
              { title: 'R²', width: 80, render: (_, h) => fmt(h.direction?.rSquared) },
            ],
          },
          levelColumns('bestPractice'),
          levelColumns('minimum'),
          {
            title: t('lidar-verify.table.verdict'),
            width: 280,
            render: (_, h) => (
              <Typography.Text
                type={h.verdict === 'fail' ? 'danger' : h.verdict === 'minimum' ? 'warning' : 'success'}
              >
                {h.verdictText}
              </Typography.Text>
            ),
          },
        ]}
      />
      <Alert
        type="info"
        data-testid="lidar-kpi-source"
        title={t('lidar-verify.kpiSource')}
        description={result.kpiSource}
      />
      <Card size="small" title={t('lidar-verify.charts')}>
        <ChartCardGrid charts={charts} />
      </Card>
    </Flex>
  );
}
