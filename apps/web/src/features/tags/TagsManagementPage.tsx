import { CheckCircleOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { TTagRecord, TTagStatus } from '@masthub/shared';
import { DATE_COLUMN_WIDTH } from '@masthub/shared/constants.ts';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { RowActionButtons } from '../../app/list/ListPage.tsx';
import { useConfirmDelete } from '../../app/list/use-confirm-delete.tsx';
import { PermissionButton, useCan } from '../../app/PermissionButton.tsx';
import { fitColumns } from '../../app/table/fit-columns.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { checkTagDelete, useDeleteTag, useSetTagStatus, useTagGroups, useTagList } from './api.ts';
import { TagFormModal } from './TagFormModal.tsx';
import { groupTagRows, idsToSwitch, type TagFilters, type TagRow, toTagListQuery } from './tags.utils.ts';

/**
 * Tags (SPEC §2 /systemManage/TagsManagement, §3 Tag): grouped by their group, with colour, status
 * switch and usage count (sites carrying the tag); filters by name, group and status.
 */
export function TagsManagementPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const canEdit = useCan('system.tags');
  const [form] = Form.useForm<TagFilters>();
  const [filters, setFilters] = useState<TagFilters>({});
  const [selected, setSelected] = useState<number[]>([]);
  const [editing, setEditing] = useState<{ tag: TTagRecord | undefined }>();
  const { data: tags = [], isFetching, refetch } = useTagList(toTagListQuery(filters));
  const { data: groups = [] } = useTagGroups();
  const rows = useMemo(() => groupTagRows(tags), [tags]);
  const setStatus = useSetTagStatus();
  const deleteTag = useDeleteTag();

  const switchStatus = async (ids: number[], status: TTagStatus) => {
    if (ids.length === 0) return;
    await setStatus.mutateAsync({ ids, status });
    feedback.success(t(`registry.tag.statusChanged.${status}`, { count: ids.length }));
  };

  const switchSelected = (status: TTagStatus) => {
    const ids = idsToSwitch(tags, selected, status);
    if (ids.length === 0) {
      feedback.warning(t(`registry.tag.nothingToSwitch.${status}`));
      return;
    }
    void switchStatus(ids, status)
      .then(() => setSelected([]))
      .catch(() => undefined);
  };

  const askDelete = useConfirmDelete<TTagRecord>({
    // The server knows whether sites still carry the tag.
    check: (tag) => checkTagDelete(tag.id),
    remove: async (tag) => {
      await deleteTag.mutateAsync(tag.id);
      setSelected((ids) => ids.filter((id) => id !== tag.id));
    },
    refusedTitle: (tag) => t('registry.tag.delete.refused', { name: tag.name }),
    title: t('registry.tag.delete.title'),
    confirm: (tag) => t('registry.tag.delete.confirm', { name: tag.name }),
  });

  const columns: TableColumnsType<TagRow> = [
    {
      key: 'group',
      dataIndex: 'parentName',
      title: t('registry.tag.fields.group'),
      width: 160,
      onCell: (row) => ({ rowSpan: row.groupSpan }),
      render: (value: string | null) =>
        value ? (
          <Typography.Text strong>{value}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{t('registry.tag.ungrouped')}</Typography.Text>
        ),
    },
    {
      key: 'name',
      dataIndex: 'name',
      title: t('registry.tag.fields.name'),
      width: 180,
      render: (value: string, row) => (
        <Tag color={row.color} style={row.status === 'disable' ? { opacity: 0.45 } : undefined}>
          {value}
        </Tag>
      ),
    },
    {
      key: 'color',
      dataIndex: 'color',
      title: t('registry.tag.fields.color'),
      width: 130,
      render: (value: string) => (
        <Space size={6}>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 14,
              height: 14,
              borderRadius: 3,
              background: value,
              verticalAlign: 'middle',
            }}
          />
          <Typography.Text code>{value}</Typography.Text>
        </Space>
      ),
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('registry.tag.fields.status'),
      width: 110,
      render: (value: TTagStatus, row) => {
        const control = (
          <Switch
            size="small"
            checked={value === 'enable'}
            disabled={!canEdit}
            loading={setStatus.isPending && setStatus.variables?.ids.includes(row.id)}
            aria-label={t('registry.tag.statusOf', { name: row.name })}
            checkedChildren={t('registry.tag.status.enable')}
            unCheckedChildren={t('registry.tag.status.disable')}
            onChange={(checked) =>
              void switchStatus([row.id], checked ? 'enable' : 'disable').catch(() => undefined)
            }
          />
        );
        return canEdit ? control : <Tooltip title={t('common.noPermission')}>{control}</Tooltip>;
      },
    },
    {
      key: 'usageCount',
      dataIndex: 'usageCount',
      title: t('registry.tag.fields.usageCount'),
      width: 110,
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
      render: (_, tag) => (
        <RowActionButtons
          feature="system.tags"
          onEdit={() => setEditing({ tag })}
          onDelete={() => void askDelete(tag).catch(() => undefined)}
        />
      ),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Card>
      <Form<TagFilters>
        form={form}
        name="tagSearch"
        layout="inline"
        style={{ rowGap: 12, marginBottom: 16 }}
        onFinish={(values) => {
          setFilters(values);
          setSelected([]);
        }}
      >
        <Form.Item name="keywords" label={t('registry.tag.fields.name')}>
          <Input allowClear style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="groupId" label={t('registry.tag.fields.group')}>
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 180 }}
            placeholder={t('system.common.all')}
            options={groups.map((group) => ({ value: group.id, label: group.name }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('registry.tag.fields.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            placeholder={t('system.common.all')}
            options={(['enable', 'disable'] as const).map((value) => ({
              value,
              label: t(`registry.tag.status.${value}`),
            }))}
          />
        </Form.Item>
        <Form.Item>
          <Space>
            <Button type="primary" htmlType="submit">
              {t('system.common.search')}
            </Button>
            <Button
              onClick={() => {
                form.resetFields();
                setFilters({});
                setSelected([]);
              }}
            >
              {t('system.common.reset')}
            </Button>
          </Space>
        </Form.Item>
      </Form>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 12 }}>
        <span>{t('registry.tag.summary', { count: tags.length, groups: groups.length })}</span>
        <Space wrap>
          <Button
            icon={<ReloadOutlined />}
            onClick={() => void refetch()}
            aria-label={t('common.actions.refresh')}
          />
          <PermissionButton
            feature="system.tags"
            icon={<CheckCircleOutlined />}
            disabled={selected.length === 0}
            onClick={() => switchSelected('enable')}
          >
            {t('registry.tag.enableSelected')}
          </PermissionButton>
          <PermissionButton
            feature="system.tags"
            icon={<StopOutlined />}
            disabled={selected.length === 0}
            onClick={() => switchSelected('disable')}
          >
            {t('registry.tag.disableSelected')}
          </PermissionButton>
          <PermissionButton
            feature="system.tags"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ tag: undefined })}
          >
            {t('registry.tag.create')}
          </PermissionButton>
        </Space>
      </Flex>
      <Table<TagRow>
        rowKey="id"
        size="middle"
        bordered
        loading={isFetching}
        columns={fit.columns}
        dataSource={rows}
        {...fit.tableProps}
        pagination={false}
        rowSelection={
          canEdit
            ? { selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }
            : undefined
        }
      />
      <TagFormModal
        open={editing !== undefined}
        tag={editing?.tag}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
    </Card>
  );
}
