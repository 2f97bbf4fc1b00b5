import type { TReceiptListItem } from '@masthub/shared';
import { Card, Checkbox, Space, Switch, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ServerPagedTable } from '../../ui/table/ServerPagedTable.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useReceiptDigest, useReceiptPage, useSaveReceiptDigest } from './api.ts';
import { ReceiptBadge } from './ReceiptBadge.tsx';
import { ReceiptDrawer } from './ReceiptDrawer.tsx';

const PAGE_SIZE = 5;

/** The site page's last data receipts (issue 30): file, period, arrival and the receipt's badge. */
export function LastReceiptsCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [isOpenOnly, setOpenOnly] = useState(false);
  const [openId, setOpenId] = useState<number>();
  const { data: page, isFetching } = useReceiptPage(stationId, pageNo, PAGE_SIZE, isOpenOnly);
  const digest = useReceiptDigest();
  const saveDigest = useSaveReceiptDigest();
  const columns: TableColumnsType<TReceiptListItem> = [
    { key: 'file', dataIndex: 'fileName', title: t('receipt.card.file'), ellipsis: true, width: 240 },
    {
      key: 'period',
      title: t('receipt.card.period'),
      width: 180,
      render: (_, r) =>
        r.periodStart ? (
          <>
            <div>{formatDateTime(r.periodStart)}</div>
            <div>{formatDateTime(r.periodEnd)}</div>
          </>
        ) : null,
    },
    {
      key: 'time',
      dataIndex: 'createTime',
      title: t('receipt.card.time'),
      width: 160,
      render: (v: string) => formatDateTime(v),
    },
    {
      key: 'result',
      title: t('receipt.card.result'),
      width: 140,
      render: (_, r) => <ReceiptBadge summary={r} onOpen={setOpenId} />,
    },
  ];
  return (
    <Card
      size="small"
      title={t('receipt.card.title')}
      data-testid="last-receipts"
      extra={
        <Space size={12} wrap>
          <Checkbox
            checked={isOpenOnly}
            onChange={(event) => {
              setOpenOnly(event.target.checked);
              setPageNo(1);
            }}
          >
            {t('receipt.card.openOnly')}
          </Checkbox>
          <Space size={4}>
            <Switch
              size="small"
              data-testid="receipt-digest"
              aria-label={t('receipt.card.digest')}
              checked={digest.data === true}
              loading={digest.isLoading || saveDigest.isPending}
              onChange={(isOn) => saveDigest.mutate(isOn)}
            />
            <span title={t('receipt.card.digestHint')}>{t('receipt.card.digest')}</span>
          </Space>
        </Space>
      }
    >
      <ServerPagedTable<TReceiptListItem>
        loading={isFetching}
        columns={columns}
        page={page}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPageChange={setPageNo}
        emptyText={t('receipt.card.empty')}
        totalText={(total) => t('ingestion.files.total', { count: total })}
      />
      <ReceiptDrawer receiptId={openId} onClose={() => setOpenId(undefined)} />
    </Card>
  );
}
