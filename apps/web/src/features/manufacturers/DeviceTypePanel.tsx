import { DeleteOutlined, EditOutlined, MoreOutlined, PlusOutlined } from '@ant-design/icons';
import type { TDeviceTypeOption } from '@masthub/shared';
import { Button, Card, Dropdown, Flex, Tree, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { SideTreeAllButton, SideTreeBody } from '../../ui/SideTree.tsx';

interface DeviceTypePanelProps {
  types: readonly TDeviceTypeOption[];
  isLoading: boolean;
  selectedId: number | undefined;
  onSelect: (type: TDeviceTypeOption | undefined) => void;
  onCreate: () => void;
  onRename: (type: TDeviceTypeOption) => void;
  onDelete: (type: TDeviceTypeOption) => void;
}

/** The master list of the manufacturer screen: device types with their manufacturer counts. */
export function DeviceTypePanel({
  types,
  isLoading,
  selectedId,
  onSelect,
  onCreate,
  onRename,
  onDelete,
}: DeviceTypePanelProps) {
  const { t } = useTranslation();
  const canEdit = useCan('system.manufacturer');

  const renderActions = (type: TDeviceTypeOption) => {
    const label = t('registry.manufacturer.types.actions', { name: type.name });
    if (!canEdit) {
      return (
        <PermissionButton
          feature="system.manufacturer"
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={label}
        />
      );
    }
    return (
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'rename', icon: <EditOutlined />, label: t('registry.manufacturer.types.rename') },
            { key: 'delete', icon: <DeleteOutlined />, label: t('system.common.delete'), danger: true },
          ],
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            if (key === 'rename') onRename(type);
            else onDelete(type);
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label={label}
          onClick={(event) => event.stopPropagation()}
        />
      </Dropdown>
    );
  };

  return (
    <Card title={t('registry.manufacturer.types.title')} size="small" styles={{ body: { padding: 12 } }}>
      <SideTreeAllButton isActive={selectedId === undefined} onClick={() => onSelect(undefined)}>
        {t('registry.manufacturer.types.all')}
      </SideTreeAllButton>
      <SideTreeBody isLoading={isLoading} isEmpty={types.length === 0}>
        <Tree<{ key: number; title: React.ReactNode; type: TDeviceTypeOption }>
          blockNode
          selectedKeys={selectedId === undefined ? [] : [selectedId]}
          onSelect={(_, info) => onSelect(info.selected ? info.node.type : undefined)}
          treeData={types.map((type) => ({
            key: type.id,
            type,
            isLeaf: true,
            title: (
              <Flex align="center" justify="space-between" gap={4} style={{ minWidth: 0 }}>
                <Typography.Text ellipsis style={{ maxWidth: 130 }} title={type.name}>
                  {type.name}
                </Typography.Text>
                <Flex align="center" gap={2}>
                  <Typography.Text
                    type="secondary"
                    style={{ fontSize: 12 }}
                    title={t('registry.manufacturer.types.count', { count: type.manufacturerCount })}
                  >
                    {type.manufacturerCount}
                  </Typography.Text>
                  {renderActions(type)}
                </Flex>
              </Flex>
            ),
          }))}
        />
      </SideTreeBody>
      <PermissionButton
        feature="system.manufacturer"
        type="dashed"
        block
        icon={<PlusOutlined />}
        onClick={onCreate}
        style={{ marginTop: 12 }}
      >
        {t('registry.manufacturer.types.create')}
      </PermissionButton>
    </Card>
  );
}
