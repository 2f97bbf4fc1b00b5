import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Input, Modal, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useServerPagination } from '../../ui/list/use-server-pagination.ts';
import { useAuthorizeStations, useStationUserPage } from './api.ts';

interface AssignStationsModalProps {
  open: boolean;
  user: { id: number; userName: string } | undefined;
  onClose: () => void;
}

/**
 * Direct site assignments (SPEC §4: removable, not transferable). Lists the sites the caller may see that
 * the user does not reach yet; the selection survives paging and searching.
 */
export function AssignStationsModal({ open, user, onClose }: AssignStationsModalProps) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const authorize = useAuthorizeStations();
  const { data: page, isFetching } = useStationUserPage(
    {
      userId: user?.id ?? 0,
      mode: 'available',
      keywords: keywords || undefined,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    open && user !== undefined,
  );
  const pagination = useServerPagination(pageNo, page?.total, setPageNo);

  useEffect(() => {
    if (!open) return;
    setKeywords('');
    setPageNo(1);
    setSelected([]);
  }, [open]);

  const submit = async () => {
    if (!user || selected.length === 0) return;
    const reply = await authorize.mutateAsync({ userId: user.id, type: 'add', stationIds: selected });
    feedback.success(t('system.userRight.assigned', { count: reply.changed }));
    onClose();
  };

  return (
    <Modal
      open={open}
      title={t('system.userRight.assignTitle', { name: user?.userName ?? '' })}
      onCancel={onClose}
      onOk={() => void submit().catch(() => undefined)}
      okText={t('system.userRight.assignSubmit')}
      okButtonProps={{ disabled: selected.length === 0 }}
      confirmLoading={authorize.isPending}
      width={760}
      destroyOnHidden
    >
      <Input.Search
        allowClear
        placeholder={t('system.station.searchPlaceholder')}
        onSearch={(value) => {
          setKeywords(value.trim());
          setPageNo(1);
        }}
        style={{ marginBottom: 12, maxWidth: 320 }}
      />
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('system.common.selectedCount', { count: selected.length })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="stationId"
        loading={isFetching}
        dataSource={page?.records ?? []}
        rowSelection={{
          selectedRowKeys: selected,
          preserveSelectedRowKeys: true,
          onChange: (keys) => setSelected(keys.map(Number)),
        }}
        pagination={pagination}
        columns={[
          { key: 'stationCode', dataIndex: 'stationCode', title: t('system.station.code'), width: 120 },
          { key: 'projectName', dataIndex: 'projectName', title: t('system.station.project') },
          { key: 'province', dataIndex: 'province', title: t('system.station.province'), width: 120 },
          { key: 'ownerName', dataIndex: 'ownerName', title: t('system.station.owner'), width: 140 },
        ]}
      />
    </Modal>
  );
}
