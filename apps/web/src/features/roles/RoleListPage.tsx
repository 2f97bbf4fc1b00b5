import type { TRoleRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Space, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { checkRoleDelete, useDeleteRole, useRolePage } from './api.ts';
import { RoleFormModal } from './RoleFormModal.tsx';

function useRoles(values: Record<string, unknown>, pageNo: number) {
  const keywords = String(values['keywords'] ?? '').trim();
  return useRolePage({ pageNo, pageSize: PAGE_SIZE, keywords: keywords || undefined });
}

/** Roles (SPEC §2 RoleList): user counts, create / edit / delete, links to assigned users and rights. */
export function RoleListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const [editing, setEditing] = useState<TRoleRecord | null>();
  const deleteRole = useDeleteRole();

  const columns: TableColumnsType<TRoleRecord> = [
    {
      key: 'name',
      dataIndex: 'name',
      title: t('system.role.fields.name'),
      // A built-in name in English ("System administrator") with its tags: they wrap rather than be cut.
      width: 220,
      fixed: 'left',
      render: (name: string, role) => (
        <Space size={6} wrap>
          <span>{name}</span>
          {role.isAdmin ? <Tag color="gold">{t('system.role.adminTag')}</Tag> : null}
          {role.requiresSecondFactor ? <Tag color="purple">{t('system.role.secondFactorTag')}</Tag> : null}
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
    dateTimeColumn('createTime', t('system.common.createTime'), formatDateTime),
  ];

  return (
    <>
      <ListPage<TRoleRecord>
        search={{ kind: 'keywords', placeholder: t('system.role.searchPlaceholder'), width: 300 }}
        usePage={useRoles}
        columns={columns}
        editor={{
          feature: 'system.role',
          createLabel: t('system.role.create'),
          open: setEditing,
          remove: (role) => deleteRole.mutateAsync(role.id),
          check: (role) => checkRoleDelete(role.id),
          texts: 'system.role',
        }}
        actions={{
          extra: (role) => [
            {
              key: 'rights',
              label: t('system.role.rights'),
              onClick: () => void navigate(`/systemManage/RoleManage/RoleRight?roleId=${role.id}`),
            },
            {
              key: 'users',
              label: t('system.role.assignedUsers'),
              onClick: () => void navigate(`/systemManage/RoleManage/AssignedUser?roleId=${role.id}`),
            },
          ],
          deleteBlocked: (role) => (role.isAdmin ? t('system.role.adminProtected') : undefined),
        }}
      />
      <RoleFormModal
        open={editing !== undefined}
        role={editing ?? undefined}
        onClose={() => setEditing(undefined)}
        onSaved={(id, isNew) => {
          setEditing(undefined);
          // A new role has no rights yet: continue straight to them.
          if (isNew) void navigate(`/systemManage/RoleManage/RoleRight?roleId=${id}`);
        }}
      />
    </>
  );
}
