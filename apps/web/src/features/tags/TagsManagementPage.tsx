import { CheckCircleOutlined, PlusOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import type { TTagRecord, TTagStatus } from '@masthub/shared';
import { Button, Card, Flex, Form, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useConfirmDelete } from '../../ui/list/use-confirm-delete.tsx';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { fitColumns } from '../../ui/table/fit-columns.ts';
import { checkTagDelete, useDeleteTag, useSetTagStatus, useTagGroups, useTagList } from './api.ts';
import { TagFormModal } from './TagFormModal.tsx';
import { TagSearchForm } from './TagSearchForm.tsx';
import { useTagColumns } from './tag-columns.tsx';
import { groupTagRows, idsToSwitch, type TagFilters, type TagRow, toTagListQuery } from './tags.utils.ts';

/**
 * Tags (SPEC §2 /systemManage/TagsManagement, §3 Tag): grouped by their group, with colour, status
 * switch and usage count (sites carrying the tag); filters by name, group and status.
 */
export function TagsManagementPage() {
  const { t } = useTranslation();
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
  const columns = useTagColumns({
    canEdit,
    switchingIds: setStatus.isPending ? setStatus.variables?.ids : undefined,
    onSwitch: (row, status) => void switchStatus([row.id], status).catch(() => undefined),
    onEdit: (tag) => setEditing({ tag }),
    onDelete: (tag) => void askDelete(tag).catch(() => undefined),
  });
  const fit = fitColumns(columns);

  return (
    <Card>
      <TagSearchForm
        form={form}
        groups={groups}
        onSearch={(values) => {
          setFilters(values);
          setSelected([]);
        }}
        onReset={() => {
          form.resetFields();
          setFilters({});
          setSelected([]);
        }}
      />
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
