import { ICE_CLASS_COLOURS, type TColdClimate } from '@masthub/shared';
import { Alert, Card, Descriptions, Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatFixed } from '../../ui/format-number.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

const range = ([low, high]: readonly [number, number | null]) =>
  high === null ? `> ${low} %` : `${low}–${high} %`;

/**
 * The cold-climate section next to the IEC class (issue 45 §2): the IEA ice class with its expected loss,
 * the icing shares and the IEC 61400-1 temperature figures per year, and the icing periods.
 */
export function ColdClimateSection({ cold }: { cold: TColdClimate }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const latest = [...cold.years].reverse().find((y) => y.iceClass !== null);
  return (
    <Card size="small" title={t('suitability.cold.title')} data-testid="suit-cold">
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" wrap>
          {latest?.iceClass ? (
            <Tag
              color={ICE_CLASS_COLOURS[latest.iceClass - 1]}
              style={{ fontSize: 14, padding: '2px 10px' }}
              data-testid="suit-ice-class"
            >
              {t('suitability.cold.badge', {
                iceClass: latest.iceClass,
                loss: latest.productionLossPct ? range(latest.productionLossPct) : '—',
              })}
            </Tag>
          ) : (
            <Tag data-testid="suit-ice-class">{t('suitability.cold.noClass')}</Tag>
          )}
          <Typography.Text>{cold.summary}</Typography.Text>
        </Flex>
        <WholeTable
          rowKey="year"
          data-testid="suit-cold-years"
          dataSource={cold.years}
          columns={[
            { title: t('suitability.cold.year'), dataIndex: 'year', width: 70 },
            {
              title: t('suitability.cold.iceClass'),
              dataIndex: 'iceClass',
              width: 90,
              render: (c: number | null) => c ?? '—',
            },
            {
              title: t('suitability.cold.loss'),
              dataIndex: 'productionLossPct',
              render: (r: [number, number | null] | null) => (r ? range(r) : '—'),
            },
            {
              title: t('suitability.cold.meteorological'),
              dataIndex: 'meteorologicalIcingPct',
              render: (v: number | null) => formatFixed(v, 2),
            },
            {
              title: t('suitability.cold.instrumental'),
              dataIndex: 'instrumentalIcingPct',
              render: (v: number | null) => formatFixed(v, 2),
            },
            {
              title: t('suitability.cold.minTemperature'),
              dataIndex: 'minTemperatureC',
              render: (v: number | null) => formatFixed(v, 1),
            },
            {
              title: t('suitability.cold.below20'),
              dataIndex: 'hoursBelowMinus20C',
              render: (v: number) => formatFixed(v, 1),
            },
            {
              title: t('suitability.cold.below30'),
              dataIndex: 'hoursBelowMinus30C',
              render: (v: number) => formatFixed(v, 1),
            },
            {
              title: t('suitability.cold.coverage'),
              dataIndex: 'temperatureHours',
              render: (v: number) => formatFixed(v, 0),
            },
          ]}
        />
        <Descriptions
          size="small"
          column={1}
          items={[
            {
              key: 'thresholds',
              label: t('suitability.cold.thresholds'),
              children: t('suitability.cold.thresholdText', {
                t: cold.thresholds.meteorologicalMaxTemperatureC,
                rh: cold.thresholds.meteorologicalMinRelativeHumidityPct,
                channels: [cold.temperatureChannel, cold.humidityChannel].filter(Boolean).join(', '),
              }),
            },
            { key: 'source', label: t('suitability.cold.source'), children: cold.source },
          ]}
        />
        {cold.periods.length === 0 ? (
          <Alert type="success" showIcon title={t('suitability.cold.noPeriods')} />
        ) : (
          <>
            <Typography.Text strong>
              {t('suitability.cold.periods', { count: cold.periodCount, shown: cold.periods.length })}
            </Typography.Text>
            <Table
              size="small"
              pagination={{ pageSize: 10, hideOnSinglePage: true }}
              rowKey={(p) => `${p.kind}-${p.startTime}-${p.channels.join()}`}
              data-testid="suit-cold-periods"
              dataSource={cold.periods}
              columns={[
                { title: t('suitability.cold.kind'), dataIndex: 'kindName', width: 110 },
                {
                  title: t('suitability.cold.start'),
                  dataIndex: 'startTime',
                  width: 150,
                  render: (v: string) => formatDateTime(v),
                },
                {
                  title: t('suitability.cold.end'),
                  dataIndex: 'endTime',
                  width: 150,
                  render: (v: string) => formatDateTime(v),
                },
                { title: t('suitability.cold.evidence'), dataIndex: 'evidence' },
                {
                  title: t('suitability.cold.channels'),
                  dataIndex: 'channels',
                  render: (c: string[]) => c.join(', '),
                },
              ]}
            />
          </>
        )}
      </Flex>
    </Card>
  );
}
