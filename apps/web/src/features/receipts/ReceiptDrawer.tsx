import type { TReceiptDetail } from '@masthub/shared';
import { localizeDoubt } from '@masthub/shared/i18n/ingestion.ts';
import { Alert, Collapse, Descriptions, Drawer, Empty, Flex, List, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useReceiptDetail } from './api.ts';
import { ReceiptFindingCard } from './ReceiptFindingCard.tsx';
import { formatEvidence } from './receipt.utils.ts';

type TBasicChannel = NonNullable<TReceiptDetail['basic']>['channels'][number];

/** The basic receipt: rows, period, gaps, repeats, off-grid times and per channel the values out of range. */
function BasicReceipt({ receipt }: { receipt: TReceiptDetail }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const basic = receipt.basic;
  if (!basic) return null;
  const items = [
    { key: 'period', value: `${formatDateTime(receipt.periodStart)} – ${formatDateTime(receipt.periodEnd)}` },
    { key: 'rows', value: basic.rows },
    { key: 'interval', value: basic.intervalMinutes },
    { key: 'expected', value: basic.expectedSlots },
    { key: 'gaps', value: basic.gapCount },
    { key: 'missing', value: basic.missingSlots },
    { key: 'duplicates', value: basic.duplicates },
    { key: 'offGrid', value: basic.offGrid },
  ];
  return (
    <Flex vertical gap={8}>
      <Descriptions size="small" column={{ xs: 1, sm: 2 }} title={t('receipt.drawer.basic')}>
        {items.map((item) => (
          <Descriptions.Item key={item.key} label={t(`receipt.drawer.${item.key}`)}>
            {item.value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <WholeTable<TBasicChannel>
        rowKey="dataKey"
        scroll={{ x: 'max-content', y: 240 }}
        dataSource={basic.channels}
        columns={[
          { key: 'name', dataIndex: 'name', title: t('receipt.drawer.channel') },
          { key: 'valid', dataIndex: 'valid', title: t('receipt.drawer.valid') },
          { key: 'missing', dataIndex: 'missing', title: t('receipt.drawer.missingValues') },
          {
            key: 'outOfRange',
            dataIndex: 'outOfRange',
            title: t('receipt.drawer.outOfRange'),
            render: (value: number) => (value > 0 ? <Tag color="gold">{value}</Tag> : value),
          },
          {
            key: 'min',
            dataIndex: 'min',
            title: t('receipt.drawer.min'),
            render: (v: number | null) => formatEvidence(v),
          },
          {
            key: 'max',
            dataIndex: 'max',
            title: t('receipt.drawer.max'),
            render: (v: number | null) => formatEvidence(v),
          },
        ]}
      />
    </Flex>
  );
}

/**
 * A file's data receipt (issue 30, WIND-ANALYSIS §15) in a drawer: the basic figures, each finding with its
 * evidence, chart and fix, and the checks that passed or could not run (with why).
 */
export function ReceiptDrawer({
  receiptId,
  onClose,
}: {
  receiptId: number | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: receipt, isLoading } = useReceiptDetail(receiptId);
  const language = toShortLanguage(useAppLanguage());
  const checkName = (check: string) => t(`receipt.check.${check}`, { defaultValue: check });
  const channelsOf = (channels: { name: string }[]) => channels.map((c) => c.name).join(', ');
  return (
    <Drawer
      open={receiptId !== undefined}
      onClose={onClose}
      size={760}
      title={receipt ? t('receipt.drawer.title', { file: receipt.fileName }) : t('receipt.badge.label')}
      data-testid="receipt-drawer"
      destroyOnHidden
    >
      {isLoading || !receipt ? (
        <Skeleton active aria-label={t('receipt.drawer.loading')} />
      ) : (
        <Flex vertical gap={12}>
          {receipt.status === 'pending' ? (
            <Alert type="info" showIcon title={t('receipt.drawer.pending')} />
          ) : null}
          {receipt.error ? (
            <Alert type="error" showIcon title={t('receipt.drawer.error', { reason: receipt.error })} />
          ) : null}
          {receipt.status === 'held' ? (
            <Alert
              type="warning"
              showIcon
              data-testid="receipt-held"
              title={t('receipt.drawer.held', { count: receipt.doubts.length })}
              description={
                <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                  {receipt.doubts.map((doubt) => (
                    <li key={doubt.id}>{localizeDoubt(doubt, language)}</li>
                  ))}
                </ul>
              }
            />
          ) : null}
          {receipt.computeTime ? (
            <Typography.Text type="secondary">
              {t('receipt.drawer.computed')}: {formatDateTime(receipt.computeTime)}
            </Typography.Text>
          ) : null}
          <BasicReceipt receipt={receipt} />
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('receipt.drawer.findings', { count: receipt.findings.length })}
          </Typography.Title>
          {receipt.findings.length === 0 && receipt.status === 'done' ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('receipt.drawer.noFindings')} />
          ) : null}
          {receipt.findings.map((finding) => (
            <ReceiptFindingCard key={finding.id} finding={finding} />
          ))}
          <Collapse
            size="small"
            items={[
              checkFold(
                'passed',
                t('receipt.drawer.passed', { count: receipt.passed.length }),
                receipt.passed,
                (p) => (
                  <>
                    {checkName(p.check)} · {channelsOf(p.channels)}
                  </>
                ),
              ),
              checkFold(
                'skipped',
                t('receipt.drawer.skipped', { count: receipt.skipped.length }),
                receipt.skipped,
                (s) => (
                  <>
                    {checkName(s.check)}
                    {s.channels.length > 0 ? ` · ${channelsOf(s.channels)}` : ''}:{' '}
                    {t(`receipt.skip.${s.reason}`, { defaultValue: s.reason })}
                  </>
                ),
              ),
            ]}
          />
        </Flex>
      )}
    </Drawer>
  );
}

/** A fold of the receipt's checks (passed, skipped): its count in the label, one line a check. */
function checkFold<TCheck>(key: string, label: string, checks: TCheck[], line: (check: TCheck) => ReactNode) {
  return {
    key,
    label,
    children: (
      <List size="small" dataSource={checks} renderItem={(check) => <List.Item>{line(check)}</List.Item>} />
    ),
  };
}
