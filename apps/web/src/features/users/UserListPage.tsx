import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TUserPageRequest, TUserRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  App,
  Button,
  Card,
  Col,
  Flex,
  Form,
  Input,
  Row,
  Select,
  Space,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { RequestError } from '../../request/request.ts';
import { useLogin } from '../auth/login.storage.ts';
import {
  useDeleteUser,
  useOrganisationTree,
  useResetPassword,
  useRoleOptions,
  useUserFields,
  useUserPage,
} from './api.ts';
import { OneTimePasswordModal } from './OneTimePasswordModal.tsx';
import { OrganisationTree } from './OrganisationTree.tsx';
import { TransferOwnershipModal } from './TransferOwnershipModal.tsx';
import { UserFormModal } from './UserFormModal.tsx';
import { findOrgNode, mapUserFields, type OrgTreeNode, orgFilter, toOrgTree } from './users.utils.ts';

interface SearchValues {
  account?: string;
  userName?: string;
  roleId?: number;
}

function trimmed(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

/** Users (SPEC §2 /systemManage/UserManage/UserList): organisation tree, search, server-driven columns. */
export function UserListPage() {
  const { t, i18n } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const login = useLogin();
  const [searchForm] = Form.useForm<SearchValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [orgKey, setOrgKey] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [editing, setEditing] = useState<{ user: TUserRecord | undefined } | undefined>();
  const [password, setPassword] = useState<{ account: string; value: string } | undefined>();
  const [transferFrom, setTransferFrom] = useState<TUserRecord>();

  const { data: companies = [] } = useOrganisationTree();
  const orgNode = useMemo(() => findOrgNode(toOrgTree(companies), orgKey), [companies, orgKey]);
  const formDefaults = useMemo(() => orgFilter(orgNode), [orgNode]);
  const request: TUserPageRequest = {
    pageNo,
    pageSize: PAGE_SIZE,
    account: trimmed(search.account),
    userName: trimmed(search.userName),
    roleId: search.roleId,
    ...orgFilter(orgNode),
  };
  const { data: page, isFetching, refetch } = useUserPage(request);
  const { data: fields = [] } = useUserFields();
  const { data: roles = [] } = useRoleOptions();
  const deleteUser = useDeleteUser();
  const resetPassword = useResetPassword();

  const selectOrg = (node: OrgTreeNode | undefined) => {
    setOrgKey(node?.key);
    setPageNo(1);
  };

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

  const askReset = (user: TUserRecord) => {
    modal.confirm({
      title: t('system.user.password.resetTitle'),
      content: t('system.user.password.resetConfirm', { name: user.userName, account: user.account }),
      okText: t('system.user.password.reset'),
      onOk: async () => {
        const reply = await resetPassword.mutateAsync(user.id);
        setPassword({ account: user.account, value: reply.password });
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
      render: (value: unknown) =>
        spec.kind === 'dateTime' ? formatDateTime(value as string | null) : ((value as string | null) ?? ''),
    })),
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 250,
      render: (_, user) => (
        <Space size={0} wrap={false}>
          <Button type="link" size="small" onClick={() => setEditing({ user })}>
            {t('system.common.edit')}
          </Button>
          <Link to={`/systemManage/UserManage/UserRight?userId=${user.id}`}>
            <Button type="link" size="small">
              {t('system.user.rights')}
            </Button>
          </Link>
          <Button type="link" size="small" onClick={() => askReset(user)}>
            {t('system.user.password.reset')}
          </Button>
          {user.isBuiltin || user.id === login?.userId ? (
            <Tooltip title={t(user.isBuiltin ? 'system.user.delete.builtin' : 'system.user.delete.self')}>
              <Button type="link" size="small" danger disabled>
                {t('system.common.delete')}
              </Button>
            </Tooltip>
          ) : (
            <Button type="link" size="small" danger onClick={() => askDelete(user)}>
              {t('system.common.delete')}
            </Button>
          )}
        </Space>
      ),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="260px">
        <OrganisationTree selectedKey={orgKey} onSelect={selectOrg} />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card>
          <Form<SearchValues>
            form={searchForm}
            name="userSearch"
            layout="inline"
            onFinish={(values) => {
              setSearch(values);
              setPageNo(1);
            }}
            style={{ rowGap: 12, marginBottom: 16 }}
          >
            <Form.Item name="account" label={t('system.user.fields.account')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="userName" label={t('system.user.fields.userName')}>
              <Input allowClear style={{ width: 160 }} />
            </Form.Item>
            <Form.Item name="roleId" label={t('system.user.fields.role')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 180 }}
                placeholder={t('system.common.all')}
                options={roles.map((role) => ({ value: role.id, label: role.name }))}
              />
            </Form.Item>
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  {t('system.common.search')}
                </Button>
                <Button
                  onClick={() => {
                    searchForm.resetFields();
                    setSearch({});
                    selectOrg(undefined);
                  }}
                >
                  {t('system.common.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
          <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
            <span>
              {orgNode ? t('system.user.filteredBy', { name: orgNode.name }) : t('system.user.allUsers')}
            </span>
            <Space>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void refetch()}
                aria-label={t('common.actions.refresh')}
              />
              <PermissionButton
                feature="system.user"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ user: undefined })}
              >
                {t('system.user.create')}
              </PermissionButton>
            </Space>
          </Flex>
          <Table<TUserRecord>
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
        </Card>
      </Col>
      <UserFormModal
        open={editing !== undefined}
        user={editing?.user}
        defaults={formDefaults}
        onClose={() => setEditing(undefined)}
        onSaved={({ account, initialPassword }) => {
          setEditing(undefined);
          if (initialPassword) setPassword({ account, value: initialPassword });
        }}
      />
      <OneTimePasswordModal
        account={password?.account ?? ''}
        password={password?.value ?? null}
        onClose={() => setPassword(undefined)}
      />
      <TransferOwnershipModal
        open={transferFrom !== undefined}
        user={transferFrom}
        onClose={() => setTransferFrom(undefined)}
      />
    </Row>
  );
}
