import type { TSuitabilityResult } from '@masthub/shared';
import { Alert, Collapse, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

/** The wind-data table opened on one record of the checked version (issue 41 §1). */
export function recordLink(result: TSuitabilityResult, time: string, channelId: number): string {
  const query = new URLSearchParams({
    stationId: String(result.stationId),
    versionId: String(result.versionId),
    at: time,
    channelId: String(channelId),
  });
  return `/StationDetail/MeasureWind?${query.toString()}`;
}

/** A verdict one record decides says so next to the verdict, and opens that record. */
export function DecidingRecordAlert({ result }: { result: TSuitabilityResult }) {
  const { t } = useTranslation();
  const deciding = result.extremes.decidingRecord;
  if (!deciding) return null;
  const note = result.notes.find((n) => n.key === 'decidedByOneRecord' || n.key === 'v50AboveGust');
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="suit-deciding-record"
      title={note?.text}
      action={
        <Link to={recordLink(result, deciding.time, deciding.channelId)} data-testid="suit-open-record">
          {t('common.quality.openRecord')}
        </Link>
      }
    />
  );
}

const FLAG_COLOURS = ['green', 'blue', 'orange', 'red', 'purple'];

/** The maxima the periodic-maxima and storm methods stood on, each with its time, flag and a link. */
export function MaximaTable({ result }: { result: TSuitabilityResult }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const names = new Map(result.extremes.estimates.map((e) => [e.method, e.name]));
  const rows = [...result.extremes.maxima].sort((a, b) => b.valueMps - a.valueMps);
  if (rows.length === 0) return null;
  return (
    <Collapse
      size="small"
      style={{ marginTop: 8 }}
      items={[
        {
          key: 'maxima',
          label: t('suitability.maxima.title', { count: rows.length }),
          children: (
            <Table
              size="small"
              rowKey={(m) => `${m.method}-${m.time}`}
              data-testid="suit-maxima"
              dataSource={rows}
              pagination={{ pageSize: 12, hideOnSinglePage: true }}
              columns={[
                {
                  title: t('suitability.table.method'),
                  dataIndex: 'method',
                  render: (method: string) => names.get(method as never) ?? method,
                },
                {
                  title: t('suitability.maxima.time'),
                  dataIndex: 'time',
                  render: (time: string) => (
                    <Link to={recordLink(result, time, result.speedChannel.id)}>{formatDateTime(time)}</Link>
                  ),
                },
                { title: 'm/s', dataIndex: 'valueMps', render: (v: number) => v.toFixed(2) },
                {
                  title: t('suitability.maxima.flag'),
                  dataIndex: 'flag',
                  render: (flag: number) => (
                    <Tag color={FLAG_COLOURS[flag]}>{t(`suitability.maxima.flags.${flag}`)}</Tag>
                  ),
                },
                {
                  title: t('suitability.maxima.used'),
                  dataIndex: 'isUsed',
                  render: (used: boolean) => (used ? '✓' : '—'),
                },
              ]}
            />
          ),
        },
      ]}
    />
  );
}
