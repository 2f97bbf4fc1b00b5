import { PlusOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import type { TDeviceTypeOption, TManufacturerKind, TManufacturerRecord } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { App, Button, Card, Col, Flex, Input, Row, Space, Table, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RowActionButtons } from '../../ui/list/RowActionButtons.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';
import { fitColumns } from '../../ui/table/fit-columns.ts';
import {
  checkManufacturerRelation,
  useDeleteManufacturer,
  useDeviceTypes,
  useManufacturerList,
} from './api.ts';
import { type DeviceTypeEdit, DeviceTypeModal } from './DeviceTypeModal.tsx';
import { DeviceTypePanel } from './DeviceTypePanel.tsx';
import { ManufacturerFormModal } from './ManufacturerFormModal.tsx';
import { deletionStep, flattenManufacturers, toManufacturerListRequest } from './manufacturers.utils.ts';

interface DeleteTarget {
  kind: TManufacturerKind;
  id: number;
  name: string;
}

/**
 * Manufacturers (SPEC §2 /systemManage/ManufacturerManage, §3, §5): device types on the left, their
 * manufacturers on the right. Deleting asks checkRelation first: what a site uses is refused with the
 * reason; a device type takes its manufacturers with it after confirmation.
 */
export function ManufacturerManagePage() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const [typeId, setTypeId] = useState<number>();
  const [keywords, setKeywords] = useState('');
  const [editing, setEditing] = useState<{ manufacturer: TManufacturerRecord | undefined }>();
  const [typeEdit, setTypeEdit] = useState<DeviceTypeEdit>();
  const { data: types = [], isLoading: isLoadingTypes } = useDeviceTypes();
  const {
    data: nodes = [],
    isFetching,
    refetch,
  } = useManufacturerList(toManufacturerListRequest(typeId, keywords));
  const rows = useMemo(() => flattenManufacturers(nodes), [nodes]);
  const selectedType = types.find((type) => type.id === typeId);
  const remove = useDeleteManufacturer();

  const askDelete = async (target: DeleteTarget) => {
    const relation = await checkManufacturerRelation({ id: target.id, kind: target.kind });
    const next = deletionStep(target.kind, relation);
    const isType = target.kind === 'deviceType';
    if (next.step === 'refuse') {
      modal.warning({
        title: t(
          isType ? 'registry.manufacturer.delete.typeRefused' : 'registry.manufacturer.delete.refused',
          {
            name: target.name,
          },
        ),
        content: relation.message,
      });
      return;
    }
    modal.confirm({
      title: t(isType ? 'registry.manufacturer.delete.typeTitle' : 'registry.manufacturer.delete.title'),
      content:
        isType && next.childCount > 0
          ? t('registry.manufacturer.delete.typeConfirm', { name: target.name, count: next.childCount })
          : t('registry.manufacturer.delete.confirm', { name: target.name }),
      okType: 'danger',
      okText: t('system.common.delete'),
      onOk: async () => {
        await remove.mutateAsync({ id: target.id, kind: target.kind });
        feedback.success(t('system.common.deleted'));
        if (isType && target.id === typeId) setTypeId(undefined);
      },
    });
  };

  const deleteType = (type: TDeviceTypeOption) =>
    void askDelete({ kind: 'deviceType', id: type.id, name: type.name }).catch(() => undefined);

  const columns: TableColumnsType<TManufacturerRecord> = [
    ...(typeId === undefined
      ? [
          {
            key: 'deviceType',
            dataIndex: 'deviceType',
            title: t('registry.manufacturer.fields.deviceType'),
            width: 110,
          },
        ]
      : []),
    {
      key: 'name',
      dataIndex: 'name',
      title: t('registry.manufacturer.fields.name'),
      width: 150,
      ellipsis: true,
    },
    { key: 'model', dataIndex: 'model', title: t('registry.manufacturer.fields.model'), width: 120 },
    { key: 'contact', dataIndex: 'contact', title: t('registry.manufacturer.fields.contact'), width: 90 },
    {
      key: 'telephone',
      dataIndex: 'telephone',
      title: t('registry.manufacturer.fields.telephone'),
      width: 120,
    },
    {
      key: 'email',
      dataIndex: 'email',
      title: t('registry.manufacturer.fields.email'),
      width: 170,
      ellipsis: true,
    },
    {
      key: 'stationCount',
      dataIndex: 'stationCount',
      title: t('registry.manufacturer.fields.stationCount'),
      width: 90,
      align: 'right',
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      fixed: 'right',
      width: 110,
      render: (_, manufacturer) => (
        <RowActionButtons
          feature="system.manufacturer"
          onEdit={() => setEditing({ manufacturer })}
          onDelete={() =>
            void askDelete({
              kind: 'manufacturer',
              id: manufacturer.id,
              name: manufacturer.model ? `${manufacturer.name} ${manufacturer.model}` : manufacturer.name,
            }).catch(() => undefined)
          }
        />
      ),
    },
  ];
  const fit = fitColumns(columns);

  return (
    <Row gutter={16} wrap={false}>
      <Col flex="230px">
        <DeviceTypePanel
          types={types}
          isLoading={isLoadingTypes}
          selectedId={typeId}
          onSelect={(type) => setTypeId(type?.id)}
          onCreate={() => setTypeEdit({ name: '' })}
          onRename={(type) => setTypeEdit({ id: type.id, name: type.name })}
          onDelete={deleteType}
        />
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        <Card
          title={
            selectedType
              ? t('registry.manufacturer.ofType', { name: selectedType.name })
              : t('registry.manufacturer.allTitle')
          }
        >
          <Flex justify="space-between" align="center" gap={12} wrap style={{ marginBottom: 16 }}>
            <Input.Search
              allowClear
              enterButton={<SearchOutlined />}
              placeholder={t('registry.manufacturer.searchPlaceholder')}
              aria-label={t('registry.manufacturer.searchPlaceholder')}
              onSearch={setKeywords}
              style={{ width: 320 }}
            />
            <Space>
              <Button
                icon={<ReloadOutlined />}
                onClick={() => void refetch()}
                aria-label={t('common.actions.refresh')}
              />
              <PermissionButton
                feature="system.manufacturer"
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => setEditing({ manufacturer: undefined })}
              >
                {t('registry.manufacturer.create')}
              </PermissionButton>
            </Space>
          </Flex>
          <Table<TManufacturerRecord>
            rowKey="id"
            size="middle"
            loading={isFetching}
            columns={fit.columns}
            dataSource={rows}
            {...fit.tableProps}
            pagination={{
              pageSize: PAGE_SIZE,
              hideOnSinglePage: true,
              showSizeChanger: false,
              showTotal: (total) => t('system.common.total', { total }),
            }}
          />
        </Card>
      </Col>
      <ManufacturerFormModal
        open={editing !== undefined}
        manufacturer={editing?.manufacturer}
        defaultDeviceType={selectedType?.name}
        onClose={() => setEditing(undefined)}
        onSaved={() => setEditing(undefined)}
      />
      <DeviceTypeModal
        edit={typeEdit}
        onClose={() => setTypeEdit(undefined)}
        onSaved={(id) => {
          setTypeEdit(undefined);
          setTypeId(id);
        }}
      />
    </Row>
  );
}
