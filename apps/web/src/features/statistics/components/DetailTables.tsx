import type {
  TJointFrequencyTable,
  TMonthlyMaxima,
  TStatisticsResult,
  TTurbulenceItem,
} from '@masthub/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { formatValue } from '../statistics.utils.ts';
import { decimalColumn } from './decimal-column.ts';

/**
 * The tables issue 29 added to the statistics tabs ("complete the statistics"): the joint speed ×
 * direction frequency table, TI by sector with the overall P90, the MOMM both ways, the air density by
 * year-month and the monthly maxima with their time.
 */

type TSectorTi = TTurbulenceItem['bySector'][number];
type TMommRow = TStatisticsResult['monthly']['series'][number];
type TDensityRow = TStatisticsResult['airDensity']['byYearMonth'][number];
type TMaximaRow = TMonthlyMaxima['months'][number];

/** Joint speed × direction frequency table (% of the records with both), one column per sector. */
export function JointFrequencyTable({ table, labels }: { table: TJointFrequencyTable; labels: string[] }) {
  const { t } = useTranslation();
  const rows = [
    ...table.pct.map((pct, b) => ({ key: String(b), bin: `${table.lower[b]}–${table.upper[b]}`, pct })),
    { key: 'total', bin: t('statistics.detail.total'), pct: table.sectorPct },
  ];
  return (
    <Flex vertical gap={8} data-testid="stat-joint-table">
      <Typography.Title level={5}>
        {t('statistics.detail.jointTable')} · {t(`statistics.jointTableBins.${table.bins}`)}
      </Typography.Title>
      <WholeTable
        rowKey="key"
        scroll={{ x: 'max-content' }}
        dataSource={rows}
        columns={[
          { key: 'bin', dataIndex: 'bin', title: t('statistics.detail.speedBin'), width: 110, fixed: 'left' },
          ...labels.map((label, s) => ({
            key: `s${s}`,
            title: label,
            width: 70,
            render: (_: unknown, row: { pct: number[] }) => formatValue(row.pct[s], 2),
          })),
        ]}
      />
    </Flex>
  );
}

/** Overall TI (all records ≥ 3 m/s) with its P90 and characteristic TI, then TI by direction sector. */
export function TurbulenceDetail({ item }: { item: TTurbulenceItem }) {
  const { t } = useTranslation();
  const o = item.overall;
  return (
    <Flex vertical gap={8} data-testid="stat-turbulence-detail">
      <Typography.Text>
        {t('statistics.detail.tiOverall', {
          count: o.count,
          mean: formatValue(o.meanTi, 4),
          represent: formatValue(o.representTi, 4),
          p90: formatValue(o.p90Ti, 4),
          characteristic: formatValue(item.characteristicTi15, 4),
        })}
      </Typography.Text>
      {item.bySector.length > 0 && (
        <>
          <Typography.Title level={5}>{t('statistics.detail.tiBySector')}</Typography.Title>
          <WholeTable<TSectorTi>
            rowKey="label"
            dataSource={item.bySector}
            columns={[
              { key: 'label', dataIndex: 'label', title: t('statistics.columns.sector'), width: 100 },
              { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 100 },
              decimalColumn<TSectorTi>('meanTi', t('statistics.columns.tiAvg'), 120, 4),
              decimalColumn<TSectorTi>('representTi', t('statistics.columns.tiRepresent'), 140, 4),
              decimalColumn<TSectorTi>('p90Ti', t('statistics.detail.p90Ti'), 120, 4),
            ]}
          />
        </>
      )}
    </Flex>
  );
}

/** MOMM by brightwind's definition and MastHub's, over the months that reach the threshold. */
export function MommTable({
  section,
  caption,
}: {
  section: TStatisticsResult['monthly'];
  caption: (channelId: number) => string;
}) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="stat-momm">
      <Typography.Title level={5}>
        {t('statistics.detail.mommTitle', { pct: formatValue(section.mommMinCoverage * 100, 0) })}
      </Typography.Title>
      <WholeTable<TMommRow>
        rowKey="channelId"
        dataSource={section.series}
        columns={[
          {
            key: 'channel',
            title: t('statistics.columns.channel'),
            width: 200,
            render: (_: unknown, s: TMommRow) => caption(s.channelId),
          },
          decimalColumn<TMommRow>('mommBrightwind', t('statistics.detail.mommBrightwind'), 200, 3),
          decimalColumn<TMommRow>('mommMastHub', t('statistics.detail.mommMastHub'), 200, 3),
          {
            key: 'ym',
            dataIndex: 'yearMonthsUsed',
            title: t('statistics.detail.yearMonthsUsed'),
            width: 120,
          },
          {
            key: 'cm',
            dataIndex: 'calendarMonthsUsed',
            title: t('statistics.detail.calendarMonthsUsed'),
            width: 120,
          },
        ]}
      />
      <Typography.Text type="secondary">{t('statistics.detail.mommNote')}</Typography.Text>
    </Flex>
  );
}

/** Air density per local year-month. */
export function DensityByMonthTable({ months }: { months: TStatisticsResult['airDensity']['byYearMonth'] }) {
  const { t } = useTranslation();
  if (months.length === 0) return null;
  return (
    <Flex vertical gap={8} data-testid="stat-density-by-month">
      <Typography.Title level={5}>{t('statistics.detail.densityByYearMonth')}</Typography.Title>
      <WholeTable<TDensityRow>
        rowKey="month"
        dataSource={months}
        columns={[
          { key: 'month', dataIndex: 'month', title: t('statistics.detail.yearMonth'), width: 120 },
          { key: 'count', dataIndex: 'count', title: t('statistics.columns.records'), width: 100 },
          decimalColumn<TDensityRow>('coverage', t('statistics.detail.monthCoverage'), 140, 1),
          decimalColumn<TDensityRow>('mean', t('statistics.columns.airDensity'), 160, 4),
        ]}
      />
    </Flex>
  );
}

/** Monthly maxima with their time (the periodic-maxima input) of one speed height. */
export function MonthlyMaximaTable({ maxima }: { maxima: TMonthlyMaxima }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const time = (iso: string | null) => (iso ? formatDateTime(iso) : '—');
  return (
    <Flex vertical gap={8} data-testid="stat-monthly-maxima">
      <Typography.Title level={5}>{t('statistics.detail.monthlyMaxima')}</Typography.Title>
      <WholeTable<TMaximaRow>
        rowKey="month"
        dataSource={maxima.months}
        columns={[
          { key: 'month', dataIndex: 'month', title: t('statistics.detail.yearMonth'), width: 110 },
          decimalColumn<TMaximaRow>('coverage', t('statistics.detail.monthCoverage'), 130, 1),
          decimalColumn<TMaximaRow>('max', t('statistics.columns.extremeMax'), 160, 2),
          {
            key: 'maxTime',
            dataIndex: 'maxTime',
            title: t('statistics.detail.maxTime'),
            width: 170,
            render: time,
          },
          decimalColumn<TMaximaRow>('gustMax', t('statistics.columns.gustMax'), 130, 2),
          {
            key: 'gustMaxTime',
            dataIndex: 'gustMaxTime',
            title: t('statistics.detail.gustMaxTime'),
            width: 170,
            render: time,
          },
        ]}
      />
    </Flex>
  );
}
