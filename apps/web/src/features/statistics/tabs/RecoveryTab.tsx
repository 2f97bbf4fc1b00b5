import type { TStatisticsResult } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Flex, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { recoveryOption } from '../charts.utils.ts';
import { RecoveryRate } from '../components/RecoveryRate.tsx';
import { StatChart } from '../components/StatChart.tsx';
import { useChannelLookup } from '../components/use-channel-lookup.ts';
import { formatValue, type RecoveryTreeRow, recoveryPieces, toRecoveryTree } from '../statistics.utils.ts';

/** Data recovery (有效数据完整率, WIND-ANALYSIS §3): SPEC §3 rows per channel with month rows beneath. */
export function RecoveryTab({ result }: { result: TStatisticsResult }) {
  const { t } = useTranslation();
  const { caption } = useChannelLookup(result);
  const option = useMemo(
    () => recoveryOption(result, caption, { validRate: t('statistics.columns.validRate') }),
    [result, caption, t],
  );
  const tree = useMemo(() => toRecoveryTree(result.recovery.rows), [result]);
  const chartHeight = Math.max(260, 48 + result.recovery.byChannel.length * 28 + 72);
  const num = (digits: number) => (v: number | null) => formatValue(v, digits);
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
    {
      key: 'validRate',
      dataIndex: 'validRate',
      title: t('statistics.columns.validRate'),
      width: 130,
      render: (v: number | null) => <RecoveryRate value={v} />,
    },
    {
      key: 'validAvg',
      dataIndex: 'validAvg',
      title: t('statistics.columns.validAvg'),
      width: 130,
      render: num(3),
    },
    {
      key: 'avgWindPower',
      dataIndex: 'avgWindPower',
      title: t('statistics.columns.avgWindPower'),
      width: 150,
      render: num(1),
    },
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
      <Table<RecoveryTreeRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={tree}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
    </Flex>
  );
}
