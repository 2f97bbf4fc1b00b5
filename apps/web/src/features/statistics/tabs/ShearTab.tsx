import type { TStatisticsResult } from '@masthub/shared';
import { SHEAR_MAX_HEIGHTS, SHEAR_MIN_HEIGHTS } from '@masthub/shared/wind-data/statistics.schema.ts';
import { Alert, Button, Descriptions, Empty, Flex, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StatChart } from '../../../ui/charts/StatChart.tsx';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { shearByOption, shearProfileOption } from '../charts.utils.ts';
import { channelCaption, formatValue, speedAverages } from '../statistics.utils.ts';

export interface ShearTabProps {
  result: TStatisticsResult;
  /** Re-runs the analysis with 2–8 chosen heights, or with the default (one primary cup per height). */
  onHeightsChange: (channelIds: number[] | undefined) => void;
}

/** Wind shear (风切变指数, WIND-ANALYSIS §6, §8.10): profile, α by hour and by sector. */
export function ShearTab({ result, onHeightsChange }: ShearTabProps) {
  const { t } = useTranslation();
  const shear = result.shear;
  const speeds = speedAverages(result.channels);
  const [picked, setPicked] = useState<number[]>(shear?.isExplicit ? shear.channelIds : []);
  const heightOf = (id: number) => speeds.find((c) => c.channelId === id)?.heightM;
  const option = useMemo(
    () =>
      shear
        ? shearProfileOption(shear, {
            speed: t('statistics.chart.speed'),
            height: t('statistics.columns.heightM'),
            measured: t('statistics.chart.measured'),
            powerLaw: t('statistics.chart.powerLaw'),
          })
        : undefined,
    [shear, t],
  );
  const byOption = useMemo(
    () =>
      shear
        ? shearByOption(shear, {
            byHour: t('statistics.chart.byHour'),
            bySector: t('statistics.chart.bySector'),
            exponent: t('statistics.columns.shearExponent'),
          })
        : undefined,
    [shear, t],
  );
  const heightsPicker = (
    <Space wrap>
      <Typography.Text>{t('statistics.shear.heights')}</Typography.Text>
      <Select
        mode="multiple"
        aria-label={t('statistics.shear.heights')}
        style={{ minWidth: 320 }}
        maxCount={SHEAR_MAX_HEIGHTS}
        value={picked}
        onChange={setPicked}
        placeholder={t('statistics.shear.allHeights')}
        options={speeds.map((c) => ({ value: c.channelId, label: channelCaption(c) }))}
      />
      <Button
        disabled={picked.length < SHEAR_MIN_HEIGHTS || new Set(picked.map(heightOf)).size !== picked.length}
        onClick={() => onHeightsChange(picked)}
      >
        {t('statistics.shear.apply')}
      </Button>
      <Button
        onClick={() => {
          setPicked([]);
          onHeightsChange(undefined);
        }}
      >
        {t('statistics.shear.useAll')}
      </Button>
      <Typography.Text type="secondary">
        {t('statistics.shear.hint', { min: SHEAR_MIN_HEIGHTS, max: SHEAR_MAX_HEIGHTS })}
      </Typography.Text>
      {shear && !shear.isExplicit ? (
        <Typography.Text type="secondary">{t('statistics.shear.defaultRule')}</Typography.Text>
      ) : null}
    </Space>
  );
  if (!shear) {
    return (
      <Flex vertical gap={16}>
        {speeds.length >= 2 && heightsPicker}
        <Empty description={t('statistics.shear.needTwo')} />
      </Flex>
    );
  }
  return (
    <Flex vertical gap={16}>
      {heightsPicker}
      {shear.exponent !== null && shear.exponent > 0.2 && (
        <Alert type="warning" showIcon title={t('statistics.shear.high')} />
      )}
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'heights', label: t('statistics.columns.heightM'), children: shear.heightsM.join(' / ') },
          {
            key: 'alpha',
            label: t('statistics.columns.shearExponent'),
            children: formatValue(shear.exponent, 4),
          },
          { key: 'z0', label: t('statistics.columns.roughness'), children: formatValue(shear.roughness, 4) },
          { key: 'count', label: t('statistics.columns.records'), children: shear.count },
        ]}
      />
      <StatChart testId="stat-chart-shear" option={option} />
      <StatChart testId="stat-chart-shear-by" option={byOption} height={460} />
      <WholeTable
        rowKey="hour"
        dataSource={shear.byHour}
        columns={[
          { key: 'hour', dataIndex: 'hour', title: t('statistics.columns.hour'), width: 80 },
          {
            key: 'exponent',
            dataIndex: 'exponent',
            title: t('statistics.columns.shearExponent'),
            width: 140,
            render: (v: number | null) => formatValue(v, 4),
          },
          { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 100 },
        ]}
      />
    </Flex>
  );
}
