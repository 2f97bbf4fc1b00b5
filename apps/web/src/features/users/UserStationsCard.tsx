import { PlusOutlined, SwapOutlined } from '@ant-design/icons';
import type { TStationAccessKind, TStationAccessRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Card, Flex, Input, Segmented, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useServerPagination } from '../../ui/list/use-server-pagination.ts';
import { useAuthorizeStations, useStationUserPage } from './api.ts';
import { sortAccessKinds, splitStationSelection } from './users.utils.ts';

const KIND_COLORS: Record<TStationAccessKind, string> = { owner: 'gold', assigned: 'blue', role: 'default' };

type KindFilter = TStationAccessKind | 'all';

/**
 * The sites a user reaches and how (owner, assigned, role), filtered by kind and keywords; selected
 * assignments are removed here, owned sites handed to the transfer, new sites to the assignment.
 */
export function UserStationsCard({
  userId,
  selected,
  onSelect,
  onAssign,
  onTransfer,
}: {
  userId: number;
  selected: number[];
  onSelect: (ids: number[]) => void;
  onAssign: () => void;
  onTransfer: (stationIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [kind, setKind] = useState<KindFilter>('all');
  const [keywords, setKeywords] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const { data: page, isFetching } = useStationUserPage({
    userId,
    mode: 'granted',
    kind: kind === 'all' ? undefined : kind,
    keywords: keywords || undefined,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const pagination = useServerPagination(pageNo, page?.total, (next) => {
    setPageNo(next);
    onSelect([]);
  });
  const authorize = useAuthorizeStations();
  const records = page?.records ?? [];
  const { removableIds, transferableIds } = splitStationSelection(records, selected);

  const removeAssignments = () => {
    modal.confirm({
      title: t('system.userRight.removeTitle'),
      content: t('system.userRight.removeConfirm', { count: removableIds.length }),
      okType: 'danger',
      okText: t('system.userRight.remove'),
      onOk: async () => {
        const reply = await authorize.mutateAsync({ userId, type: 'remove', stationIds: removableIds });
        feedback.success(t('system.userRight.removed', { count: reply.changed }));
        onSelect([]);
      },
    });
  };

  return (
    <Card title={t('system.userRight.stations')}>
      <Flex justify="space-between" gap={12} wrap style={{ marginBottom: 12 }}>
        <Space wrap>
          <Segmented<KindFilter>
            value={kind}
            onChange={(value) => {
              setKind(value);
              setPageNo(1);
              onSelect([]);
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
            onClick={() => onTransfer(transferableIds)}
            title={t('system.userRight.transferHint')}
          >
            {transferableIds.length > 0
              ? t('system.userRight.transferCount', { count: transferableIds.length })
              : t('system.transfer.open')}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={onAssign}>
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
          onChange: (keys) => onSelect(keys.map(Number)),
          getCheckboxProps: (record) => ({ disabled: !record.isRemovable && !record.isTransferable }),
        }}
        pagination={pagination}
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
                  <Tag key={value} color={KIND_COLORS[value]} title={t(`system.accessKindHint.${value}`)}>
                    {t(`system.accessKind.${value}`)}
                  </Tag>
                ))}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
