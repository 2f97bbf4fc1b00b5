import type { TStatisticsResult } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { recoveryOption } from '../charts.utils.ts';
import { decimalColumn } from '../components/decimal-column.ts';
import { recoveryRateColumn } from '../components/RecoveryRate.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue, type RecoveryTreeRow, recoveryPieces, toRecoveryTree } from '../statistics.utils.ts';

/** Data recovery (有效数据完整率, WIND-ANALYSIS §3): SPEC §3 rows per channel with month rows beneath. */
export function RecoveryTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { caption } = useChannelLookup(result);
  const option = useMemo(
    () =>
      recoveryOption(result, caption, { validRate: t('statistics.columns.validRateMeasured') }, (p) =>
        t('statistics.recovery.tooltip', p),
      ),
    [result, caption, t],
  );
  const tree = useMemo(() => toRecoveryTree(result.recovery.rows), [result]);
  const chartHeight = Math.max(260, 48 + result.recovery.byChannel.length * 28 + 72);
  const formatDateTime = useFormatDateTime();
  type TYear = TStatisticsResult['recovery']['yearly'][number];
  type TGaps = TStatisticsResult['recovery']['gaps'][number];
  const yearColumns: TableColumnsType<TYear> = [
    {
      key: 'channel',
      title: t('statistics.columns.channel'),
      width: 170,
      render: (_, r) => caption(r.channelId),
    },
    { key: 'year', dataIndex: 'year', title: t('statistics.recovery.year'), width: 80 },
    { key: 'count', dataIndex: 'count', title: t('statistics.recovery.count'), width: 100 },
    recoveryRateColumn('coverage', t('statistics.recovery.coverage'), 150),
    decimalColumn('mean', t('statistics.recovery.mean'), 100, 3),
    decimalColumn('max', t('statistics.recovery.max'), 100, 2),
    {
      key: 'maxTime',
      dataIndex: 'maxTime',
      title: t('statistics.recovery.maxTime'),
      width: 170,
      render: (v: string | null) => formatDateTime(v),
    },
  ];
  const gapColumns: TableColumnsType<TGaps> = [
    {
      key: 'channel',
      title: t('statistics.columns.channel'),
      width: 170,
      render: (_, r) => caption(r.channelId),
    },
    { key: 'gapCount', dataIndex: 'gapCount', title: t('statistics.recovery.gapCount'), width: 100 },
    decimalColumn('daysLost', t('statistics.recovery.daysLost'), 110, 2),
    {
      key: 'longest',
      title: t('statistics.recovery.longest'),
      render: (_, r) =>
        r.longest.slice(0, 3).map((g) => (
          <div key={g.from}>
            {formatDateTime(g.from)} → {formatDateTime(g.to)} ({formatValue(g.daysLost, 2)})
          </div>
        )),
    },
  ];
  const columns: TableColumnsType<RecoveryTreeRow> = [
    { key: 'channelName', dataIndex: 'channelName', title: t('statistics.columns.channel'), width: 170 },
    { key: 'element', dataIndex: 'element', title: t('statistics.columns.element'), width: 120 },
    { key: 'dataPhase', dataIndex: 'dataPhase', title: t('statistics.columns.dataPhase'), width: 200 },
    { key: 'heightTag', dataIndex: 'heightTag', title: t('statistics.columns.height'), width: 80 },
    { key: 'shouldCount', dataIndex: 'shouldCount', title: t('statistics.columns.shouldCount'), width: 100 },
    { key: 'lackCount', dataIndex: 'lackCount', title: t('statistics.columns.lackCount'), width: 100 },
    {
      key: 'invalidCount',
      dataIndex: 'invalidCount',
      title: t('statistics.columns.invalidCount'),
      width: 100,
    },
    { key: 'validCount', dataIndex: 'validCount', title: t('statistics.columns.validCount'), width: 100 },
    recoveryRateColumn('validRate', t('statistics.columns.validRateMeasured'), 130),
    { key: 'filledCount', dataIndex: 'filledCount', title: t('statistics.columns.filledCount'), width: 100 },
    recoveryRateColumn('validWithFilledRate', t('statistics.columns.validWithFilledRate'), 160),
    decimalColumn('validAvg', t('statistics.columns.validAvg'), 130, 3),
    decimalColumn('avgWindPower', t('statistics.columns.avgWindPower'), 150, 1),
  ];
  return (
    <Flex vertical gap={16}>
      <Space wrap size={4}>
        <Typography.Text type="secondary">{t('statistics.recovery.bands')}</Typography.Text>
        {recoveryPieces().map((p) => (
          <Tag key={p.label} color={p.color} style={{ color: '#000' }}>
            {p.label}
          </Tag>
        ))}
      </Space>
      <StatChart testId="stat-chart-recovery" option={option} height={chartHeight} />
      <Typography.Text type="secondary" data-testid="stat-recovery-two-figures">
        {t('statistics.recovery.twoFigures')}
      </Typography.Text>
      <Table<RecoveryTreeRow>
        data-testid="stat-recovery-table"
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={tree}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('statistics.recovery.yearly')}
      </Typography.Title>
      <Table<TYear>
        data-testid="stat-recovery-yearly"
        rowKey={(r) => `${r.channelId}-${r.year}`}
        size="small"
        columns={yearColumns}
        dataSource={result.recovery.yearly}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('statistics.recovery.gaps')}
      </Typography.Title>
      <Table<TGaps>
        data-testid="stat-recovery-gaps"
        rowKey="channelId"
        size="small"
        columns={gapColumns}
        dataSource={result.recovery.gaps}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
