import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import type { TRoleRecord } from '@masthub/shared';
import { DATE_COLUMN_WIDTH, PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Card, Flex, Input, Space, Table, type TableColumnsType, Tag, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { checkRoleDelete, useDeleteRole, useRolePage } from './api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

/** Roles (SPEC §2 RoleList): user counts, create / edit / delete, links to assigned users and rights. */
export function RoleListPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ role: TRoleRecord | undefined }>();
  const { data: page, isFetching } = useRolePage({
    pageNo,
    pageSize: PAGE_SIZE,
    keywords: keywords || undefined,
  });
  const deleteRole = useDeleteRole();

  const askDelete = async (role: TRoleRecord) => {
    const check = await checkRoleDelete(role.id);
    if (!check.canDelete) {
      modal.warning({
        title: t('system.role.cannotDelete', { name: role.name }),
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
      title: t('system.role.deleteTitle'),
      content: t('system.role.deleteConfirm', { name: role.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await deleteRole.mutateAsync(role.id);
        feedback.success(t('system.common.deleted'));
      },
    });
  };

  const columns: TableColumnsType<TRoleRecord> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('system.role.fields.name'),
      width: 160,
      fixed: 'left',
      render: (name: string, role) => (
        <Space size={6}>
          <span>{name}</span>
          {role.isAdmin ? <Tag color="gold">{t('system.role.adminTag')}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'description',
      dataIndex: 'description',
      title: t('system.role.fields.description'),
      ellipsis: true,
      width: 180,
    },
    {
      key: 'dataScope',
      dataIndex: 'dataScope',
      title: t('system.role.fields.dataScope'),
      width: 120,
      render: (scope: TRoleRecord['dataScope']) => (
        <Tag color={scope === 'all' ? 'green' : 'blue'}>{t(`system.dataScope.${scope}`)}</Tag>
      ),
    },
    {
      key: 'featureCount',
      dataIndex: 'featureCount',
      title: t('system.role.fields.featureCount'),
      width: 80,
      align: 'right',
    },
    {
      key: 'userCount',
      dataIndex: 'userCount',
      title: t('system.role.fields.userCount'),
      width: 80,
      align: 'right',
      render: (count: number, role) => (
        <Link to={`/systemManage/RoleManage/AssignedUser?roleId=${role.id}`}>{count}</Link>
      ),
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
      width: 250,
      render: (_, role) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setEditing({ role })}>
            {t('system.common.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`/systemManage/RoleManage/RoleRight?roleId=${role.id}`)}
          >
            {t('system.role.rights')}
          </Button>
          <Button
            type="link"
            size="small"
            onClick={() => void navigate(`/systemManage/RoleManage/AssignedUser?roleId=${role.id}`)}
          >
            {t('system.role.assignedUsers')}
          </Button>
          {role.isAdmin ? (
            <Tooltip title={t('system.role.adminProtected')}>
              <Button type="link" size="small" danger disabled>
                {t('system.common.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Button
              type="link"
              size="small"
              danger
              onClick={() => void askDelete(role).catch(() => undefined)}
            >
              {t('system.common.delete')}
            </Button>
          )}
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
          placeholder={t('system.role.searchPlaceholder')}
          onSearch={(value) => {
            setKeywords(value.trim());
            setPageNo(1);
          }}
          style={{ width: 300 }}
        />
        <PermissionButton
          feature="system.role"
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ role: undefined })}
        >
          {t('system.role.create')}
        </PermissionButton>
      </Flex>
      <Table<TRoleRecord>
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
      <RoleFormModal
        open={editing !== undefined}
        role={editing?.role}
        onClose={() => setEditing(undefined)}
        onSaved={(id, isNew) => {
          setEditing(undefined);
          // A new role has no rights yet: continue straight to them.
          if (isNew) void navigate(`/systemManage/RoleManage/RoleRight?roleId=${id}`);
        }}
      />
    </Card>
  );
}
