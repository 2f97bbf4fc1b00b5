import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { MCP_PERIOD_NAMES, type TLongTermConvergence, type TMcpPeriodKey } from '@masthub/shared';
import { Alert, Card, Descriptions, Empty, Flex, Popconfirm, Space, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { StatChart } from '../../ui/charts/StatChart.tsx';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import {
  useDeleteLongTermDefault,
  useLongTermConvergence,
  useRefreshConvergence,
} from './convergence.api.ts';
import { defaultReferenceLabel, formatNumber, formatPercent, formatSpeed } from './longterm.format.ts';
import { buildConvergenceOption } from './longterm-convergence.charts.ts';

const STATUS_COLORS = { converged: 'success', not_yet: 'warning', too_short: 'default' } as const;

function alertType(data: TLongTermConvergence): 'success' | 'warning' | 'error' | 'info' {
  if (data.error) return 'error';
  if (data.status === 'converged') return 'success';
  return data.status === null ? 'info' : 'warning';
}

/**
 * The convergence of a site's running campaign against its default reference (WIND-ANALYSIS §13): the
 * verdict, M and the months still needed, the chart of L_m ± u_MCP(m) over the campaign months, and
 * "recompute now". Without a default it says where one is set, or — `isHiddenWithoutDefault` — nothing.
 */
export function LongTermConvergenceCard({
  stationId,
  isHiddenWithoutDefault = false,
}: {
  stationId: number;
  isHiddenWithoutDefault?: boolean;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const language = toShortLanguage(useAppLanguage());
  const { data } = useLongTermConvergence(stationId);
  const refresh = useRefreshConvergence();
  const remove = useDeleteLongTermDefault();
  const canProcess = useCan('data.process');
  const option = useMemo(
    () =>
      data && data.series.length > 0
        ? buildConvergenceOption(data.series, {
            lt: t('longterm.convergence.lt'),
            band: t('longterm.convergence.band'),
            tip: (step) =>
              t('longterm.convergence.tip', {
                m: step.m,
                month: step.month,
                lt: formatSpeed(step.lt),
                u: step.uPercent === null ? '—' : `${step.uPercent.toFixed(2)} %`,
              }),
          })
        : undefined,
    [data, t],
  );
  if (!data || (isHiddenWithoutDefault && !data.default)) return null;
  const defaults = data.default;
  return (
    <Card
      size="small"
      title={t('longterm.convergence.title')}
      data-testid="lt-convergence"
      extra={
        defaults ? (
          <Space>
            <PermissionButton
              feature="data.process"
              size="small"
              icon={<ReloadOutlined />}
              loading={refresh.isPending}
              onClick={() => refresh.mutate(stationId)}
              data-testid="lt-convergence-refresh"
            >
              {t('longterm.convergence.refresh')}
            </PermissionButton>
            {canProcess ? (
              <Popconfirm
                title={t('longterm.convergence.removeConfirm')}
                onConfirm={() => remove.mutate(stationId)}
              >
                <PermissionButton feature="data.process" size="small" danger icon={<DeleteOutlined />}>
                  {t('longterm.convergence.remove')}
                </PermissionButton>
              </Popconfirm>
            ) : null}
          </Space>
        ) : null
      }
    >
      {defaults ? (
        <Flex vertical gap={12}>
          <Alert type={alertType(data)} showIcon title={data.verdict} data-testid="lt-convergence-verdict" />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2, xl: 4 }}
            items={[
              {
                key: 'status',
                label: t('longterm.convergence.status'),
                children: data.status ? (
                  <Tag color={STATUS_COLORS[data.status]}>{data.statusName}</Tag>
                ) : (
                  data.statusName
                ),
              },
              { key: 'months', label: t('longterm.convergence.months'), children: data.months },
              {
                key: 'needed',
                label: t('longterm.convergence.monthsNeeded'),
                children: data.monthsNeeded ?? '—',
              },
              {
                key: 'estimate',
                label: t('longterm.convergence.estimate'),
                children: `${formatSpeed(data.latestLtMps)} m/s ± ${formatPercent(data.latestUMcp)}`,
              },
              {
                key: 'reference',
                label: t('longterm.convergence.reference'),
                // A reference on a site the reader may not view is named only as such (issue 39 §5).
                children: (
                  <Typography.Text
                    type={defaults.isReferenceVisible ? undefined : 'secondary'}
                    italic={!defaults.isReferenceVisible}
                    data-testid="lt-convergence-reference"
                  >
                    {defaultReferenceLabel(defaults, t('longterm.convergence.referenceHidden'))}
                  </Typography.Text>
                ),
              },
              {
                key: 'method',
                label: t('longterm.convergence.method'),
                children:
                  defaults.sectors > 0
                    ? t('longterm.convergence.bySectors', {
                        method: defaults.methodName,
                        sectors: defaults.sectors,
                      })
                    : defaults.methodName,
              },
              {
                key: 'next',
                label: t('longterm.convergence.expectedNext'),
                children: formatPercent(data.expectedUMcpNextMonth),
              },
              {
                key: 'change',
                label: t('longterm.convergence.change'),
                children: formatPercent(data.changeThreeMonths),
              },
              {
                key: 'computed',
                label: t('longterm.convergence.computedAt'),
                children: data.computedAt ? formatDateTime(data.computedAt) : '—',
              },
              {
                key: 'target',
                label: t('longterm.convergence.target'),
                children: `${defaults.versionName ?? '—'} · ${defaults.speedChannelName}`,
              },
              {
                key: 'period',
                label: t('longterm.period'),
                children: `${MCP_PERIOD_NAMES[defaults.period as TMcpPeriodKey]?.[language] ?? defaults.period} · ${formatNumber(defaults.coverage * 100, 0)} %`,
              },
            ]}
          />
          <StatChart option={option} testId="lt-convergence-chart" height={300} />
        </Flex>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('longterm.convergence.noDefault')} />
      )}
    </Card>
  );
}
