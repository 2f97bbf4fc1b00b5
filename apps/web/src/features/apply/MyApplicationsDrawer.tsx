import { CloudDownloadOutlined } from '@ant-design/icons';
import type { TApplyRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Button, Drawer, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { ApplyDetailDrawer } from './ApplyDetailDrawer.tsx';
import { openTicket, requestTicket, useApplyPage } from './api.ts';
import { applyColumns } from './apply-columns.tsx';

/** The user's own download applications: state, export progress, the download and its log. */
export function MyApplicationsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [pageNo, setPageNo] = useState(1);
  const [detailId, setDetailId] = useState<number>();
  const [downloading, setDownloading] = useState<number>();
  const { data, isFetching } = useApplyPage('mine', { pageNo, pageSize: PAGE_SIZE }, open);

  const download = async (record: TApplyRecord) => {
    setDownloading(record.id);
    try {
      openTicket(await requestTicket({ id: record.id }));
    } catch {
      // The request layer showed why (expired, revoked…).
    } finally {
      setDownloading(undefined);
    }
  };

  return (
    <Drawer open={open} onClose={onClose} size={1100} title={t('apply.mine')} destroyOnHidden>
      <Table<TApplyRecord>
        rowKey="id"
        size="small"
        data-testid="my-applications"
        loading={isFetching && !data}
        dataSource={data?.records ?? []}
        scroll={{ x: 'max-content' }}
        columns={[
          ...applyColumns(t, formatDateTime, { withApplicant: false }),
          {
            key: 'actions',
            title: t('system.common.actions'),
            fixed: 'right',
            width: 160,
            render: (_: unknown, record) => (
              <Space size={0}>
                {record.canDownload ? (
                  <Button
                    type="link"
                    size="small"
                    icon={<CloudDownloadOutlined />}
                    loading={downloading === record.id}
                    onClick={() => void download(record)}
                  >
                    {t('apply.actions.download')}
                  </Button>
                ) : null}
                <Button type="link" size="small" onClick={() => setDetailId(record.id)}>
                  {t('apply.actions.detail')}
                </Button>
              </Space>
            ),
          },
        ]}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
      <ApplyDetailDrawer id={detailId} onClose={() => setDetailId(undefined)} />
    </Drawer>
  );
}
