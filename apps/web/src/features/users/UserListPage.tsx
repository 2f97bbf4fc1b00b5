import type { TUserRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Col, Row, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { useLogin } from '../../browser/login.storage.ts';
import { RequestError } from '../../request/request.ts';
import { ListPage } from '../../ui/list/ListPage.tsx';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useDeleteUser, useOrganisationTree, useRoleOptions, useUserFields, useUserPage } from './api.ts';
import { OneTimePasswordModal } from './OneTimePasswordModal.tsx';
import { OrganisationTree } from './OrganisationTree.tsx';
import { TransferOwnershipModal } from './TransferOwnershipModal.tsx';
import { UserAccessTokensModal } from './UserAccessTokensModal.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { useUserSecurityActions } from './use-user-security-actions.ts';
import { findOrgNode, mapUserFields, type OrgTreeNode, orgFilter, toOrgTree } from './users.utils.ts';

function trimmed(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** The users page for the search values and the organisation filter (company / department ids). */
function useUsers(values: Record<string, unknown>, pageNo: number) {
  const text = (key: string) =>
    typeof values[key] === 'string' ? trimmed(values[key] as string) : undefined;
  return useUserPage({
    pageNo,
    pageSize: PAGE_SIZE,
    account: text('account'),
    userName: text('userName'),
    roleId: values['roleId'] as number | undefined,
    ...(values['companyId'] === undefined ? {} : { companyId: values['companyId'] as number }),
    ...(values['groupId'] === undefined ? {} : { groupId: values['groupId'] as number }),
  });
}

/** Users (SPEC §2 /systemManage/UserManage/UserList): organisation tree, search, server-driven columns. */
export function UserListPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const login = useLogin();
  const [orgKey, setOrgKey] = useState<string>();
  const [editing, setEditing] = useState<TUserRecord | null>();
  const [secrets, setSecrets] = useState<
    { account: string; password: string | null; enrolmentCode: string | null } | undefined
  >();
  const [transferFrom, setTransferFrom] = useState<TUserRecord>();
  const [tokensOf, setTokensOf] = useState<TUserRecord>();

  const { data: companies = [] } = useOrganisationTree();
  const orgNode = useMemo(() => findOrgNode(toOrgTree(companies), orgKey), [companies, orgKey]);
  const formDefaults = useMemo(() => orgFilter(orgNode), [orgNode]);
  const { data: fields = [] } = useUserFields();
  const { data: roles = [] } = useRoleOptions();
  const deleteUser = useDeleteUser();
  const navigate = useNavigate();
  const securityActions = useUserSecurityActions((user, shown) =>
    setSecrets({ account: user.account, ...shown }),
  );

  const selectOrg = (node: OrgTreeNode | undefined) => setOrgKey(node?.key);

  const offerTransfer = (user: TUserRecord, count: number) => {
    modal.confirm({
      title: t('system.user.delete.ownsTitle'),
      content: t('system.user.delete.ownsStations', { name: user.userName, count }),
      okText: t('system.transfer.open'),
      onOk: () => setTransferFrom(user),
    });
  };

  const askDelete = (user: TUserRecord) => {
    if (user.ownedStationCount > 0) {
      offerTransfer(user, user.ownedStationCount);
      return;
    }
    modal.confirm({
      title: t('system.user.delete.title'),
      content: t('system.user.delete.confirm', { name: user.userName, account: user.account }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        try {
          await deleteUser.mutateAsync(user.id);
          feedback.success(t('system.common.deleted'));
        } catch (error) {
          if (error instanceof RequestError && error.errorCode === 'USER_OWNS_STATIONS') {
            offerTransfer(user, user.ownedStationCount);
          } else if (error instanceof RequestError && !error.isUnauthorized) {
            modal.error({ title: t('system.user.delete.refused'), content: error.message });
          }
        }
      },
    });
  };

  const columns: TableColumnsType<TUserRecord> = [
    ...mapUserFields(fields, (key) => (i18n.exists(key) ? t(key) : undefined)).map((spec) => ({
      key: spec.key,
      dataIndex: spec.key,
      title: spec.title,
      width: spec.width,
      fixed: spec.fixed,
      ellipsis: true,
      render: (value: unknown, user: TUserRecord) =>
        spec.kind === 'dateTime' ? (
          formatDateTime(value as string | null)
        ) : spec.key === 'account' && user.secondFactorLockedUntil ? (
          <>
            {value as string} <Tag color="warning">{t('system.user.secondFactor.lockedTag')}</Tag>
          </>
        ) : (
          ((value as string | null) ?? '')
        ),
    })),
  ];

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px">
        <OrganisationTree selectedKey={orgKey} onSelect={selectOrg} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <ListPage<TUserRecord>
          search={{
            kind: 'form',
            name: 'userSearch',
            fields: [
              { kind: 'text', name: 'account', label: t('system.user.fields.account') },
              { kind: 'text', name: 'userName', label: t('system.user.fields.userName') },
              {
                kind: 'select',
                name: 'roleId',
                label: t('system.user.fields.role'),
                width: 180,
                options: roles.map((role) => ({ value: role.id, label: role.name })),
              },
            ],
            onReset: () => selectOrg(undefined),
          }}
          usePage={useUsers}
          baseValues={formDefaults}
          caption={orgNode ? t('system.user.filteredBy', { name: orgNode.name }) : t('system.user.allUsers')}
          columns={columns}
          editor={{
            feature: 'system.user',
            createLabel: t('system.user.create'),
            open: setEditing,
          }}
          actions={{
            // Edit and rights in the row; the account-security actions, tokens and delete under "More".
            extra: (user) => [
              {
                key: 'rights',
                label: t('system.user.rights'),
                onClick: () => void navigate(`/systemManage/UserManage/UserRight?userId=${user.id}`),
              },
              ...securityActions(user, user.id === login?.userId),
              { key: 'tokens', label: t('system.user.accessTokens.open'), onClick: () => setTokensOf(user) },
              {
                key: 'delete',
                label: t('system.common.delete'),
                danger: true,
                disabledReason:
                  user.isBuiltin || user.id === login?.userId
                    ? t(user.isBuiltin ? 'system.user.delete.builtin' : 'system.user.delete.self')
                    : undefined,
                onClick: () => askDelete(user),
              },
            ],
          }}
        />
      </Col>
      <UserFormModal
        open={editing !== undefined}
        user={editing ?? undefined}
        defaults={formDefaults}
        onClose={() => setEditing(undefined)}
        onSaved={({ account, initialPassword, enrolmentCode }) => {
          setEditing(undefined);
          if (initialPassword || enrolmentCode) {
            setSecrets({ account, password: initialPassword, enrolmentCode });
          }
        }}
      />
      <OneTimePasswordModal
        account={secrets?.account ?? ''}
        password={secrets?.password ?? null}
        enrolmentCode={secrets?.enrolmentCode ?? null}
        onClose={() => setSecrets(undefined)}
      />
      <UserAccessTokensModal user={tokensOf} onClose={() => setTokensOf(undefined)} />
      <TransferOwnershipModal
        open={transferFrom !== undefined}
        user={transferFrom}
        onClose={() => setTransferFrom(undefined)}
      />
    </Row>
  );
}
