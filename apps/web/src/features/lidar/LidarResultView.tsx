import type { TLidarHeightResult, TLidarVerifyResult } from '@masthub/shared';
import { Alert, Card, Flex, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartCardGrid } from '../../ui/charts/ChartCardGrid.tsx';
import { formatFixed } from '../../ui/format-number.ts';
import { PassMark } from '../../ui/PassMark.tsx';
import { type FitColumn, fitColumns } from '../../ui/table/fit-columns.ts';
import { useElementWidth } from '../../ui/table/use-element-width.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateRange } from '../../ui/use-date-time.ts';
import { AnalysisBasisNote } from '../analysis-form/index.ts';
import {
  buildDirectionScatterOption,
  buildSpeedScatterOption,
  criterionMark,
  LIDAR_CRITERIA,
  limitText,
} from './lidar.charts.ts';

const fmt = (v: number | null | undefined, digits = 4) => formatFixed(v, digits);

/** A ✓/✗ column of a KPI: its title ("Speed slope", "Dir. R²") wraps over two lines. */
const MARK_COLUMN_PX = 66;
const rowKey = (h: TLidarHeightResult) => `${h.lidarSpeedChannel.id}-${h.mastSpeedChannel.id}`;

/** The scatter charts of every height: speeds, and directions where they were compared. */
function useScatterCharts(result: TLidarVerifyResult) {
  const { t } = useTranslation();
  return useMemo(() => {
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
}

/** The result: the summary, the KPI source, the KPI table with ✓/✗ per height, the scatter charts. */
export function LidarResultView({ result }: { result: TLidarVerifyResult }) {
  const { t } = useTranslation();
  const formatDateRange = useFormatDateRange();
  // The compared period [start, end) as dates in the reader's zone (not the UTC stamps' first ten characters).
  const period = formatDateRange(result.startTime, result.endTime);
  const charts = useScatterCharts(result);
  // Two tables that fit the card at 1366 px (issue 41 §4): the regressions per height, then the KPIs of
  // both levels with the verdict.
  const [tableBox, tableWidth] = useElementWidth();
  const height: FitColumn<TLidarHeightResult> = {
    title: t('lidar-verify.table.height'),
    fixed: 'left',
    width: 80,
    render: (_, h) =>
      h.mastHeightM === h.heightM ? `${h.heightM} m` : `${h.heightM} m / ${h.mastHeightM} m`,
  };
  const regression = fitColumns<TLidarHeightResult>(
    [
      height,
      { title: t('lidar-verify.table.pairs'), width: 80, render: (_, h) => h.speed.pairCount },
      {
        title: t('lidar-verify.table.origin'),
        children: [
          {
            title: (
              <Tooltip title={t('lidar-verify.table.slopeKpiHint')}>
                {t('lidar-verify.table.slopeKpi')}
              </Tooltip>
            ),
            width: 90,
            render: (_, h) => fmt(h.speed.throughOrigin?.slope),
          },
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
          // The R² the speed KPI judges (OWA roadmap): of the regression with offset, r², 0…1. The R² of the
          // line through the origin (about the mean, negative when that line fits worse than the mean) is in
          // the workbook with its definition, not here where it would read as an error (issue 41).
          {
            title: (
              <Tooltip title={t('lidar-verify.table.rSquaredKpiHint')}>
                {t('lidar-verify.table.rSquaredKpi')}
              </Tooltip>
            ),
            width: 90,
            render: (_, h) => fmt(h.speed.withOffset?.rSquared),
          },
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
    ],
    tableWidth,
  );
  const levelColumns = (level: 'bestPractice' | 'minimum'): FitColumn<TLidarHeightResult> => ({
    title: t(`lidar-verify.table.${level}`),
    children: [
      ...LIDAR_CRITERIA.map((c) => ({
        title: (
          <Tooltip title={limitText(result.kpis, level, c.key)}>
            {t(`lidar-verify.criterion.${c.key}`)}
          </Tooltip>
        ),
        width: MARK_COLUMN_PX,
        align: 'center' as const,
        render: (_: unknown, h: TLidarHeightResult) => <PassMark mark={criterionMark(h, level, c)} />,
      })),
      {
        title: t('lidar-verify.table.level'),
        width: MARK_COLUMN_PX,
        align: 'center' as const,
        render: (_: unknown, h: TLidarHeightResult) => <PassMark mark={h[level].pass ? '✓' : '✗'} />,
      },
    ],
  });
  const kpis = fitColumns<TLidarHeightResult>(
    [
      height,
      levelColumns('bestPractice'),
      levelColumns('minimum'),
      {
        title: t('lidar-verify.table.verdict'),
        width: 170,
        wrap: true,
        render: (_, h) => (
          <Typography.Text
            type={h.verdict === 'fail' ? 'danger' : h.verdict === 'minimum' ? 'warning' : 'success'}
          >
            {h.verdictText}
          </Typography.Text>
        ),
      },
    ],
    tableWidth,
  );
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
          start: period.start,
          end: period.end,
        })}
      />
      <AnalysisBasisNote basis={result.basis} versionName={result.lidar.versionName} />
      <div ref={tableBox}>
        <WholeTable<TLidarHeightResult>
          rowKey={rowKey}
          bordered
          data-testid="lidar-regression-table"
          dataSource={result.heights}
          {...regression.tableProps}
          columns={regression.columns}
        />
        <WholeTable<TLidarHeightResult>
          rowKey={rowKey}
          bordered
          style={{ marginTop: 16 }}
          data-testid="lidar-table"
          dataSource={result.heights}
          {...kpis.tableProps}
          columns={kpis.columns}
        />
      </div>
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
