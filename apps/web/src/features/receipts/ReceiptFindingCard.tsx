import { CheckOutlined, StopOutlined, UndoOutlined } from '@ant-design/icons';
import type { TReceiptFinding } from '@masthub/shared';
import { Card, Descriptions, Flex, Input, Modal, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { StatChart } from '../../ui/charts/StatChart.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { useFormatDate, useFormatDateTime } from '../../ui/use-date-time.ts';
import { useApplyFix, useDismissFinding, useUndoFix } from './api.ts';
import { buildReceiptChartOption, fixParams, formatEvidence, SEVERITY_COLORS } from './receipt.utils.ts';

/**
 * One finding of a receipt (WIND-ANALYSIS §15): what is wrong and how sure, the numbers behind it, its
 * small chart, the suggested fix with "apply" (a processing task on a working version, undoable) and
 * "dismiss" with a reason.
 */
export function ReceiptFindingCard({ finding }: { finding: TReceiptFinding }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const formatDate = useFormatDate();
  const apply = useApplyFix();
  const undo = useUndoFix();
  const dismiss = useDismissFinding();
  const [isDismissing, setDismissing] = useState(false);
  const [reason, setReason] = useState('');
  const formatTime = (ms: number) => formatDateTime(new Date(ms).toISOString());
  const option = useMemo(
    () =>
      finding.chart
        ? buildReceiptChartOption(
            finding.chart,
            (key) => t(`receipt.chart.${key}`, { defaultValue: key }),
            (ms) => formatDate(new Date(ms).toISOString()),
          )
        : undefined,
    [finding.chart, t, formatDate],
  );
  const nameOf = (dataKey: string) => finding.channels.find((c) => c.dataKey === dataKey)?.name ?? dataKey;
  const applied = finding.appliedFix;

  const onApply = async () => {
    try {
      const reply = await apply.mutateAsync({ findingId: finding.id });
      feedback.success(t('receipt.drawer.applyQueued', { taskId: reply.taskId, version: reply.versionName }));
    } catch {
      // Shown by the request layer.
    }
  };
  const onUndo = async (fixId: number) => {
    try {
      const reply = await undo.mutateAsync(fixId);
      feedback.success(t('receipt.drawer.undoQueued', { taskId: reply.taskId }));
    } catch {
      // Shown by the request layer.
    }
  };
  const onDismiss = async () => {
    try {
      await dismiss.mutateAsync({ findingId: finding.id, reason });
      feedback.success(t('receipt.drawer.dismissDone'));
      setDismissing(false);
      setReason('');
    } catch {
      // Shown by the request layer (a blank reason is a localised validation error).
    }
  };

  return (
    <Card
      size="small"
      data-testid="receipt-finding"
      title={
        <Space size={4} wrap>
          <Tag color={SEVERITY_COLORS[finding.severity]}>{t(`receipt.severity.${finding.severity}`)}</Tag>
          <Typography.Text strong>
            {t(`receipt.finding.${finding.key}`, { defaultValue: finding.key })}
          </Typography.Text>
        </Space>
      }
      extra={<Tag>{t(`receipt.status.${finding.status}`)}</Tag>}
    >
      <Descriptions size="small" column={1}>
        <Descriptions.Item label={t('receipt.drawer.channels')}>
          {finding.channels.map((c) => c.name).join(', ') || '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('receipt.drawer.period')}>
          {formatDateTime(finding.periodStart)} – {formatDateTime(finding.periodEnd)}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('receipt.drawer.numbers')}>
        {Object.entries(finding.numbers).map(([key, value]) => (
          <Descriptions.Item key={key} label={t(`receipt.number.${key}`, { defaultValue: key })}>
            {formatEvidence(value)}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {option ? <StatChart option={option} height={200} testId="receipt-chart" /> : null}
      {finding.fix ? (
        <Flex vertical gap={4} style={{ marginTop: 8 }}>
          <Typography.Text strong>{t('receipt.drawer.fix')}</Typography.Text>
          <Typography.Text>
            {t(`receipt.fix.${finding.fix.kind}`, fixParams(finding.fix, nameOf, formatTime))}
          </Typography.Text>
          <Typography.Text type="secondary">{t('receipt.fix.version')}</Typography.Text>
        </Flex>
      ) : null}
      {applied ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('receipt.drawer.fixStatus')}: {t(`receipt.fixStatus.${applied.status}`)} ·{' '}
          {t('receipt.drawer.applied', { version: applied.versionName, taskId: applied.taskId ?? '—' })}
        </Typography.Paragraph>
      ) : null}
      {finding.dismissal ? (
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('receipt.drawer.dismissed', {
            reason: finding.dismissal.reason,
            name: finding.dismissal.dismisserName,
            time: formatDateTime(finding.dismissal.createTime),
          })}
        </Typography.Paragraph>
      ) : null}
      <Space style={{ marginTop: 8 }} wrap>
        {finding.fix && finding.status === 'open' ? (
          <PermissionButton
            type="primary"
            size="small"
            feature="data.process"
            icon={<CheckOutlined />}
            loading={apply.isPending}
            data-testid="receipt-apply"
            onClick={() => void onApply()}
          >
            {t('receipt.drawer.apply')}
          </PermissionButton>
        ) : null}
        {applied?.status === 'applied' ? (
          <PermissionButton
            size="small"
            feature="data.process"
            icon={<UndoOutlined />}
            data-testid="receipt-undo"
            loading={undo.isPending || applied.undoTaskId !== null}
            onClick={() => void onUndo(applied.id)}
          >
            {t('receipt.drawer.undo')}
          </PermissionButton>
        ) : null}
        {finding.status === 'open' ? (
          <PermissionButton
            size="small"
            feature="data.process"
            icon={<StopOutlined />}
            data-testid="receipt-dismiss"
            onClick={() => setDismissing(true)}
          >
            {t('receipt.drawer.dismiss')}
          </PermissionButton>
        ) : null}
      </Space>
      <Modal
        open={isDismissing}
        title={t('receipt.drawer.dismissTitle')}
        okText={t('receipt.drawer.dismiss')}
        okButtonProps={{ loading: dismiss.isPending, 'aria-label': t('receipt.drawer.dismiss') }}
        onOk={() => void onDismiss()}
        onCancel={() => setDismissing(false)}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('receipt.drawer.dismissHint')}</Typography.Paragraph>
        <Input.TextArea
          aria-label={t('receipt.drawer.dismissReason')}
          placeholder={t('receipt.drawer.dismissReason')}
          maxLength={500}
          rows={3}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
      </Modal>
    </Card>
  );
}
