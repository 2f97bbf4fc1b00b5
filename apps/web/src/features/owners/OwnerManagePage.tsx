import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TOwnerRecord } from '@masthub/shared';
import { DATE_COLUMN_WIDTH, PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Card, Flex, Input, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { checkOwnerDelete, useDeleteOwner, useOwnerPage } from './api.ts';
import { OwnerFormModal } from './OwnerFormModal.tsx';
import { toOwnerPageRequest } from './owners.utils.ts';

/** Owners (SPEC §2 /systemManage/OwnerManage, §3 Owner): search, page 20, create, edit, delete. */
export function OwnerManagePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ owner: TOwnerRecord | undefined }>();
  const { data: page, isFetching, refetch } = useOwnerPage(toOwnerPageRequest(keywords, pageNo));
  const deleteOwner = useDeleteOwner();

  const askDelete = async (owner: TOwnerRecord) => {
    // The server knows whether sites still name this owner; ask before offering the delete.
    const check = await checkOwnerDelete(owner.id);
    if (!check.canDelete) {
      modal.warning({
        title: t('registry.owner.delete.refused', { name: owner.name }),
        content: (
          <ul style={{ paddingInlineStart: 20, margin: 0 }}>
            {check.reasons.map((reason) => (
              <li key={reason.errorCode}>{reason.message}</li>
            ))}
          </ul>
        ),
      });
      return;
    }
    modal.confirm({
      title: t('registry.owner.delete.title'),
      content: t('registry.owner.delete.confirm', { name: owner.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await deleteOwner.mutateAsync(owner.id);
        feedback.success(t('system.common.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TOwnerRecord> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('registry.owner.fields.name'),
      width: 220,
      fixed: 'left',
      ellipsis: true,
    },
    { key: 'phone', dataIndex: 'phone', title: t('registry.owner.fields.phone'), width: 160 },
    { key: 'email', dataIndex: 'email', title: t('registry.owner.fields.email'), width: 240, ellipsis: true },
    {
      key: 'stationCount',
      dataIndex: 'stationCount',
      title: t('registry.owner.fields.stationCount'),
      width: 100,
      align: 'right',
    },
    {
      key: 'createTime',
      dataIndex: 'createTime',
      title: t('system.common.createTime'),
      width: DATE_COLUMN_WIDTH,
      render: (value: string) => formatDateTime(value),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 140,
      render: (_, owner) => (
        <Space size={0}>
          <PermissionButton
            feature="system.owner"
            type="link"
            size="small"
            onClick={() => setEditing({ owner })}
          >
            {t('system.common.edit')}
          </PermissionButton>
          <PermissionButton
            feature="system.owner"
            type="link"
            size="small"
            danger
            onClick={() => void askDelete(owner).catch(() => undefined)}
          >
            {t('system.common.delete')}
          </PermissionButton>
        </Space>
      ),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Card>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
        <Input.Search
          allowClear
          enterButton={<SearchOutlined />}
          placeholder={t('registry.owner.searchPlaceholder')}
          aria-label={t('registry.owner.searchPlaceholder')}
          onSearch={(value) => {
            setKeywords(value);
            setPageNo(1);
          }}
          style={{ width: 320 }}
        />
        <Space>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.actions.refresh')}
          />
          <PermissionButton
            feature="system.owner"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ owner: undefined })}
          >
            {t('registry.owner.create')}
          </PermissionButton>
        </Space>
      </Flex>
      <Table<TOwnerRecord>
        rowKey="id"
        size="middle"
        loading={isFetching}
        columns={fit.columns}
        dataSource={page?.records ?? []}
        {...fit.tableProps}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: page?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t('system.common.total', { total }),
          onChange: setPageNo,
        }}
      />
      <OwnerFormModal
        open={editing !== undefined}
        owner={editing?.owner}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </Card>
  );
}
