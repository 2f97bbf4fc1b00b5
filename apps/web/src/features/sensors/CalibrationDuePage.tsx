import type { TCalibrationDue } from '@masthub/shared';
import { Button, Card, Flex, Input, Segmented, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../ui/PermissionButton.tsx';
import { CalibrationDrawer, type TCalibrationSubject } from './CalibrationDrawer.tsx';
import { CalibrationRuleModal } from './CalibrationRuleModal.tsx';
import { type TDueQuery, useCalibrationsDue } from './calibration-api.ts';

const STATUS_COLOURS = { overdue: 'red', due: 'orange', ok: 'green' } as const;

/**
 * The fleet's sensors due for calibration (issue 44 §2): the sensors of each visible site's configuration in
 * force with the date their calibration runs out under the site's rule, overdue first; a sensor's
 * calibrations open in the drawer, a site's rule in a dialog.
 */
export function CalibrationDuePage() {
  const { t } = useTranslation();
  const canEditSites = useCan('station.edit');
  const [query, setQuery] = useState<TDueQuery>({ pageNo: 1, pageSize: 20, status: 'due', search: '' });
  const { data, isFetching } = useCalibrationsDue(query);
  const [subject, setSubject] = useState<TCalibrationSubject>();
  const [site, setSite] = useState<{ stationId: number; stationCode: string }>();

  const columns: TableColumnsType<TCalibrationDue> = [
    {
      key: 'status',
      title: t('calibrations.due.status'),
      width: 140,
      render: (_, r) => (
        <Tag color={STATUS_COLOURS[r.status]}>{t(`calibrations.due.statuses.${r.status}`)}</Tag>
      ),
    },
    {
      key: 'site',
      title: t('calibrations.due.site'),
      width: 220,
      render: (_, r) => (
        <Flex vertical>
          <Typography.Text>{r.stationCode}</Typography.Text>
          <Typography.Text type="secondary">{r.projectName}</Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'sensor',
      title: t('calibrations.due.sensor'),
      width: 260,
      render: (_, r) => (
        <Typography.Link
          ellipsis
          style={{ maxWidth: 240 }}
          onClick={() =>
            setSubject({
              sensorId: r.sensorId,
              identity: { oem: r.oem, model: r.model, serialNumber: r.serialNumber },
            })
          }
        >
          {[r.oem, r.model, r.serialNumber].filter(Boolean).join(' ')}
        </Typography.Link>
      ),
    },
    {
      key: 'channels',
      title: t('calibrations.due.channels'),
      width: 200,
      ellipsis: true,
      render: (_, r) => r.channels.join(', '),
    },
    {
      key: 'last',
      dataIndex: 'lastCalibrationDate',
      title: t('calibrations.due.lastCalibration'),
      width: 130,
      render: (d: string | null) => d ?? '—',
    },
    {
      key: 'due',
      dataIndex: 'dueDate',
      title: t('calibrations.due.dueDate'),
      width: 120,
      render: (d: string | null) => d ?? '—',
    },
    {
      key: 'reason',
      title: t('calibrations.due.reason'),
      width: 180,
      render: (_, r) => (r.reason ? t(`calibrations.due.reasons.${r.reason}`) : ''),
    },
    {
      key: 'actions',
      title: t('calibrations.due.actions'),
      width: 120,
      render: (_, r) =>
        canEditSites ? (
          <Button
            type="link"
            size="small"
            onClick={() => setSite({ stationId: r.stationId, stationCode: r.stationCode })}
          >
            {t('calibrations.due.rule')}
          </Button>
        ) : null,
    },
  ];

  return (
    <Card title={t('calibrations.due.title')}>
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('calibrations.due.intro')}</Typography.Text>
        <Flex gap={8} wrap align="center">
          <Segmented
            value={query.status}
            options={(['due', 'overdue', 'all'] as const).map((s) => ({
              value: s,
              label: t(`calibrations.due.filters.${s}`),
            }))}
            onChange={(status) =>
              setQuery((q) => ({ ...q, status: status as TDueQuery['status'], pageNo: 1 }))
            }
          />
          <Input.Search
            allowClear
            style={{ width: 300 }}
            placeholder={t('calibrations.due.search')}
            onSearch={(search) => setQuery((q) => ({ ...q, search: search.trim(), pageNo: 1 }))}
          />
        </Flex>
        <Table<TCalibrationDue>
          rowKey={(r) => `${r.stationId}:${r.oem}:${r.model}:${r.serialNumber}`}
          size="small"
          loading={isFetching}
          columns={columns}
          dataSource={data?.records ?? []}
          scroll={{ x: 1300 }}
          pagination={{
            current: query.pageNo,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            onChange: (pageNo, pageSize) => setQuery((q) => ({ ...q, pageNo, pageSize })),
          }}
        />
      </Flex>
      <CalibrationDrawer subject={subject} onClose={() => setSubject(undefined)} />
      <CalibrationRuleModal site={site} onClose={() => setSite(undefined)} />
    </Card>
  );
}
