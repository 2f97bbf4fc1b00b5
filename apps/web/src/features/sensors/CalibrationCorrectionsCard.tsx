import type { TCalibrationCorrection } from '@masthub/shared';
import { Card, Table, type TableColumnsType, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useCalibrationCorrections, useUndoCorrection } from './calibration-api.ts';

const STATUS_COLOURS = { queued: 'blue', applied: 'green', undone: 'default' } as const;

/**
 * A site's corrections of history to calibration certificates (issue 44 §2), each undoable while applied.
 * Shows nothing while the site has none.
 */
export function CalibrationCorrectionsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data } = useCalibrationCorrections(stationId);
  const undo = useUndoCorrection();
  if (!data || data.length === 0) return null;

  const columns: TableColumnsType<TCalibrationCorrection> = [
    { key: 'version', dataIndex: 'versionName', title: t('calibrations.corrections.version'), width: 160 },
    { key: 'channel', dataIndex: 'channel', title: t('calibrations.corrections.channel'), width: 140 },
    {
      key: 'period',
      title: t('calibrations.corrections.period'),
      width: 300,
      render: (_, c) =>
        `${formatDateTime(c.fromTime)} – ${c.toTime ? formatDateTime(c.toTime) : t('calibrations.corrections.toEnd')}`,
    },
    {
      key: 'pairs',
      title: t('calibrations.corrections.pairs'),
      width: 260,
      render: (_, c) =>
        `${c.programmed.slope} / ${c.programmed.offset} → ${c.certified.slope} / ${c.certified.offset}`,
    },
    {
      key: 'status',
      title: t('calibrations.corrections.status'),
      width: 100,
      render: (_, c) => (
        <Tag color={STATUS_COLOURS[c.status]}>{t(`calibrations.corrections.statuses.${c.status}`)}</Tag>
      ),
    },
    { key: 'by', dataIndex: 'creatorName', title: t('calibrations.corrections.by'), width: 120 },
    {
      key: 'actions',
      title: t('calibrations.table.actions'),
      width: 100,
      render: (_, c) =>
        c.status === 'applied' ? (
          <PermissionButton
            feature="data.process"
            type="link"
            size="small"
            loading={undo.isPending && undo.variables === c.id}
            onClick={async () => {
              try {
                await undo.mutateAsync(c.id);
                feedback.success(t('calibrations.corrections.undoStarted'));
              } catch {
                // Shown by the request layer.
              }
            }}
          >
            {t('calibrations.corrections.undo')}
          </PermissionButton>
        ) : null,
    },
  ];

  return (
    <Card size="small" title={t('calibrations.corrections.title')}>
      <Table<TCalibrationCorrection>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={data}
        pagination={false}
        scroll={{ x: 1180 }}
      />
    </Card>
  );
}
