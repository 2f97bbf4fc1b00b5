import type { TTagStatus } from '@masthub/shared';
import { Space, Switch, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowActionButtons } from '../../ui/list/RowActionButtons.tsx';
import { dateTimeColumn } from '../../ui/table/table-parts.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import type { TagRow } from './tags.utils.ts';

/** The tag table's columns: group (spanning its rows), the coloured tag, colour, status switch, usage. */
export function useTagColumns({
  canEdit,
  switchingIds,
  onSwitch,
  onEdit,
  onDelete,
}: {
  canEdit: boolean;
  /** The tags whose status is being switched (their switch spins). */
  switchingIds: readonly number[] | undefined;
  onSwitch: (row: TagRow, status: TTagStatus) => void;
  onEdit: (row: TagRow) => void;
  onDelete: (row: TagRow) => void;
}): TableColumnsType<TagRow> {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  return [
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
            loading={switchingIds?.includes(row.id)}
            aria-label={t('registry.tag.statusOf', { name: row.name })}
            checkedChildren={t('registry.tag.status.enable')}
            unCheckedChildren={t('registry.tag.status.disable')}
            onChange={(checked) => onSwitch(row, checked ? 'enable' : 'disable')}
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
    dateTimeColumn('createTime', t('system.common.createTime'), formatDateTime),
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 140,
      render: (_, tag) => (
        <RowActionButtons feature="system.tags" onEdit={() => onEdit(tag)} onDelete={() => onDelete(tag)} />
      ),
    },
  ];
}
