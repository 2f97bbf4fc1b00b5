import type { TUserRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { Card, Flex, Input, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { BackTitle } from '../../ui/BackTitle.tsx';
import { LinkResult } from '../../ui/LinkResult.tsx';
import { useServerPagination } from '../../ui/list/use-server-pagination.ts';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { fitColumns } from '../../ui/table/fit-columns.ts';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { parseIdParam } from '../users/index.ts';
import { useAssignedUsers, useRoleRights } from './api.ts';

/** The users holding one role (SPEC §2 AssignedUser, `?roleId=`). */
export function AssignedUserPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const formatDateTime = useFormatDateTime();
  const [params] = useSearchParams();
  const roleId = parseIdParam(params.get('roleId'));
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const { data: rights, isError } = useRoleRights(roleId);
  const { data: page, isFetching } = useAssignedUsers(
    { roleId: roleId ?? 0, pageNo, pageSize: PAGE_SIZE, keywords: keywords || undefined },
    roleId !== undefined,
  );
  const pagination = useServerPagination(pageNo, page?.total, setPageNo);

  if (roleId === undefined || isError) {
    return (
      <LinkResult
        status="warning"
        title={t('system.role.noRole')}
        to="/systemManage/RoleManage/RoleList"
        linkLabel={t('system.role.backToList')}
      />
    );
  }

  const fit = fitColumns<TUserRecord>([
    { key: 'account', dataIndex: 'account', title: t('system.user.fields.account'), width: 140 },
    { key: 'userName', dataIndex: 'userName', title: t('system.user.fields.userName'), width: 120 },
    {
      key: 'companyName',
      dataIndex: 'companyName',
      title: t('system.user.fields.company'),
      width: 160,
    },
    { key: 'groupName', dataIndex: 'groupName', title: t('system.user.fields.department'), width: 140 },
    { key: 'phone', dataIndex: 'phone', title: t('system.user.fields.phone'), width: 130 },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('system.user.fields.email'),
      width: 200,
      ellipsis: true,
    },
    dateTimeColumn('lastLoginTime', t('system.user.columns.lastLoginTime'), formatDateTime),
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 110,
      fixed: 'right',
      render: (_, user) => (
        <PermissionButton
          feature="system.user"
          type="link"
          size="small"
          onClick={() => void navigate(`/systemManage/UserManage/UserRight?userId=${user.id}`)}
        >
          {t('system.user.rights')}
        </PermissionButton>
      ),
    },
  ]);
  return (
    <Card>
      <Flex justify="space-between" align="flex-end" gap={12} wrap style={{ marginBottom: 16 }}>
        <BackTitle
          to="/systemManage/RoleManage/RoleList"
          backLabel={t('system.role.backToList')}
          title={t('system.role.assignedTitle', { name: rights?.roleName ?? '' })}
        />
        <Input.Search
          allowClear
          placeholder={t('system.role.userSearchPlaceholder')}
          onSearch={(value) => {
            setKeywords(value.trim());
            setPageNo(1);
          }}
          style={{ width: 280 }}
        />
      </Flex>
      <Table<TUserRecord>
        rowKey="id"
        size="middle"
        loading={isFetching}
        dataSource={page?.records ?? []}
        {...fit.tableProps}
        pagination={pagination}
        columns={fit.columns}
      />
    </Card>
  );
}
