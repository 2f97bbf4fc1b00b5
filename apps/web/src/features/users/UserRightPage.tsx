import { ArrowLeftOutlined, PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { TStationAccessKind, TStationAccessRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import {
  App,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Flex,
  Input,
  Result,
  Row,
  Segmented,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { FeatureStatusTree } from '../access/FeatureStatusTree.tsx';
import { AssignStationsModal } from './AssignStationsModal.tsx';
import { useAuthorizeStations, useRightConfig, useStationUserPage } from './api.ts';
import { TransferOwnershipModal } from './TransferOwnershipModal.tsx';
import { parseIdParam, sortAccessKinds, splitStationSelection } from './users.utils.ts';

const KIND_COLORS: Record<TStationAccessKind, string> = { owner: 'gold', assigned: 'blue', role: 'default' };

type KindFilter = TStationAccessKind | 'all';

/** What one user may do (SPEC §2 UserRight): role features, and the sites they reach and how. */
export function UserRightPage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const userId = parseIdParam(params.get('userId'));
  const [kind, setKind] = useState<KindFilter>('all');
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  const [isAssigning, setIsAssigning] = useState(false);
  const [transferIds, setTransferIds] = useState<number[] | undefined>();
  const { data: config, isLoading, isError } = useRightConfig(userId);
  const { data: page, isFetching } = useStationUserPage(
    {
      userId: userId ?? 0,
      mode: 'granted',
      kind: kind === 'all' ? undefined : kind,
      keywords: keywords || undefined,
      pageNo,
      pageSize: PAGE_SIZE,
    },
    userId !== undefined,
  );
  const authorize = useAuthorizeStations();
  const records = page?.records ?? [];
  const { removableIds, transferableIds } = splitStationSelection(records, selected);

  if (userId === undefined || isError) {
    return (
      <Result
        status="warning"
        title={t('system.userRight.noUser')}
        extra={
          <Link to="/systemManage/UserManage/UserList">
            <Button type="primary">{t('system.userRight.backToList')}</Button>
          </Link>
        }
      />
    );
  }

  const user = config ? { id: config.userId, account: config.account, userName: config.userName } : undefined;

  const removeAssignments = () => {
    modal.confirm({
      title: t('system.userRight.removeTitle'),
      content: t('system.userRight.removeConfirm', { count: removableIds.length }),
      okType: 'danger',
      okText: t('system.userRight.remove'),
      onOk: async () => {
        const reply = await authorize.mutateAsync({ userId, type: 'remove', stationIds: removableIds });
        feedback.success(t('system.userRight.removed', { count: reply.changed }));
        setSelected([]);
      },
    });
  };

  const orNotSet = (value: string | null | undefined) => value || t('common.notSet');

  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Card loading={isLoading}>
        <Flex justify="space-between" align="flex-start" gap={16} wrap>
          <Space orientation="vertical" size={4}>
            <Button
              type="link"
              icon={<ArrowLeftOutlined />}
              style={{ paddingInline: 0 }}
              onClick={() => void navigate('/systemManage/UserManage/UserList')}
            >
              {t('system.userRight.backToList')}
            </Button>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t('system.userRight.title', { name: config?.userName ?? '' })}
            </Typography.Title>
          </Space>
          {config?.roleId ? (
            <PermissionButton
              feature="system.role"
              onClick={() => void navigate(`/systemManage/RoleManage/RoleRight?roleId=${config.roleId}`)}
            >
              {t('system.userRight.editRoleRights')}
            </PermissionButton>
          ) : null}
        </Flex>
        {config ? (
          <Descriptions
            style={{ marginTop: 16 }}
            column={{ xs: 1, md: 2, xl: 4 }}
            items={[
              { key: 'account', label: t('system.user.fields.account'), children: config.account },
              { key: 'role', label: t('system.user.fields.role'), children: orNotSet(config.roleName) },
              {
                key: 'company',
                label: t('system.user.fields.company'),
                children: orNotSet(config.companyName),
              },
              {
                key: 'department',
                label: t('system.user.fields.department'),
                children: orNotSet(config.groupName),
              },
              {
                key: 'dataScope',
                label: t('system.role.fields.dataScope'),
                children: t(`system.dataScope.${config.dataScope}`),
              },
              {
                key: 'stationCount',
                label: t('system.userRight.stationCount'),
                children: config.stationCount,
              },
            ]}
          />
        ) : null}
      </Card>
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <Card title={t('system.userRight.features')} loading={isLoading}>
            <Typography.Paragraph type="secondary">
              {config?.isAdmin ? t('system.userRight.adminHint') : t('system.userRight.featuresHint')}
            </Typography.Paragraph>
            {config ? <FeatureStatusTree features={config.features} /> : <Empty />}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('system.userRight.stations')}>
            <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
              <Space wrap>
                <Segmented<KindFilter>
                  value={kind}
                  onChange={(value) => {
                    setKind(value);
                    setPageNo(1);
                    setSelected([]);
                  }}
                  options={(['all', 'owner', 'assigned', 'role'] as const).map((value) => ({
                    value,
                    label: t(`system.accessKind.${value}`),
                  }))}
                />
                <Input.Search
                  allowClear
                  placeholder={t('system.station.searchPlaceholder')}
                  onSearch={(value) => {
                    setKeywords(value.trim());
                    setPageNo(1);
                  }}
                  style={{ width: 220 }}
                />
              </Space>
              <Space wrap>
                <Button
                  danger
                  disabled={removableIds.length === 0}
                  onClick={removeAssignments}
                  title={t('system.userRight.removeHint')}
                >
                  {t('system.userRight.removeCount', { count: removableIds.length })}
                </Button>
                <Button
                  icon={<SwapOutlined />}
                  onClick={() => setTransferIds(transferableIds)}
                  title={t('system.userRight.transferHint')}
                >
                  {transferableIds.length > 0
                    ? t('system.userRight.transferCount', { count: transferableIds.length })
                    : t('system.transfer.open')}
                </Button>
                <Button type="primary" icon={<PlusOutlined />} onClick={() => setIsAssigning(true)}>
                  {t('system.userRight.assign')}
                </Button>
              </Space>
            </Flex>
            <Table<TStationAccessRecord>
              rowKey="stationId"
              size="middle"
              loading={isFetching}
              dataSource={records}
              rowSelection={{
                selectedRowKeys: selected,
                onChange: (keys) => setSelected(keys.map(Number)),
                getCheckboxProps: (record) => ({ disabled: !record.isRemovable && !record.isTransferable }),
              }}
              pagination={{
                current: pageNo,
                pageSize: PAGE_SIZE,
                total: page?.total ?? 0,
                showSizeChanger: false,
                showTotal: (total) => t('system.common.total', { total }),
                onChange: (next) => {
                  setPageNo(next);
                  setSelected([]);
                },
              }}
              columns={[
                { key: 'stationCode', dataIndex: 'stationCode', title: t('system.station.code'), width: 110 },
                {
                  key: 'projectName',
                  dataIndex: 'projectName',
                  title: t('system.station.project'),
                  ellipsis: true,
                },
                { key: 'province', dataIndex: 'province', title: t('system.station.province'), width: 110 },
                { key: 'ownerName', dataIndex: 'ownerName', title: t('system.station.owner'), width: 120 },
                {
                  key: 'kinds',
                  title: t('system.userRight.accessKinds'),
                  width: 200,
                  render: (_, record) => (
                    <Space size={4} wrap>
                      {sortAccessKinds(record.kinds).map((value) => (
                        <Tag
                          key={value}
                          color={KIND_COLORS[value]}
                          title={t(`system.accessKindHint.${value}`)}
                        >
                          {t(`system.accessKind.${value}`)}
                        </Tag>
                      ))}
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
        </Col>
      </Row>
      <AssignStationsModal open={isAssigning} user={user} onClose={() => setIsAssigning(false)} />
      <TransferOwnershipModal
        open={transferIds !== undefined}
        user={user}
        stationIds={transferIds}
        onClose={() => setTransferIds(undefined)}
        onDone={() => setSelected([])}
      />
    </Space>
  );
}
