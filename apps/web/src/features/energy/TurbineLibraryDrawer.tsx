import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import type { TTurbine } from '@masthub/shared';
import { Button, Drawer, Popconfirm, Space, Tag, Tooltip, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { saveFile } from '../../request/request.ts';
import { PermissionButton, useCan } from '../../ui/PermissionButton.tsx';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { exportTurbine, readTurbineFile, useDeleteTurbine, useTurbines } from './api.ts';
import { TurbineFormModal, type TurbineValues, toTurbineValues } from './TurbineFormModal.tsx';

/** A turbine's row buttons: export to .wtg; save a reference turbine as a copy, or edit and delete one. */
function TurbineActions({
  turbine: r,
  canEdit,
  onEdit,
  onDelete,
}: {
  turbine: TTurbine;
  canEdit: boolean;
  onEdit: (editing: { id?: number; values: TurbineValues }) => void;
  onDelete: (id: number) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  return (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        icon={<DownloadOutlined />}
        onClick={() => void exportTurbine(r.id).then((f) => saveFile(f, `${r.model}.wtg`))}
      >
        .wtg
      </Button>
      {r.isBuiltin ? (
        <PermissionButton
          feature="system.turbine"
          type="link"
          size="small"
          onClick={() =>
            onEdit({
              values: {
                ...toTurbineValues(r),
                model: t('energy.library.copyName', { model: r.model }),
                source: r.source,
              },
            })
          }
        >
          {t('energy.library.saveAs')}
        </PermissionButton>
      ) : (
        <>
          <PermissionButton
            feature="system.turbine"
            type="link"
            size="small"
            onClick={() => onEdit({ id: r.id, values: toTurbineValues(r) })}
          >
            {t('system.common.edit')}
          </PermissionButton>
          <Popconfirm
            title={t('energy.library.deleteConfirm', { model: r.model })}
            okButtonProps={{ danger: true }}
            disabled={!canEdit}
            onConfirm={() => onDelete(r.id).then(() => feedback.success(t('energy.library.deleted')))}
          >
            <Button type="link" size="small" danger disabled={!canEdit}>
              {t('system.common.delete')}
            </Button>
          </Popconfirm>
        </>
      )}
    </Space>
  );
}

/**
 * The turbine library (issue 16): reference turbines with their source and licence, read-only; models
 * added by hand or read from WAsP .wtg/.pow and CSV/xlsx files (checked in the form before saving);
 * export to .wtg. Changing the library needs `system.turbine`.
 */
export function TurbineLibraryDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const turbines = useTurbines();
  const remove = useDeleteTurbine();
  const canEdit = useCan('system.turbine');
  const [editing, setEditing] = useState<{ id?: number; values: TurbineValues }>();

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={1100}
      title={t('energy.library.title')}
      destroyOnHidden
      extra={
        <Space>
          <Upload
            accept=".wtg,.pow,.csv,.txt,.xlsx"
            showUploadList={false}
            disabled={!canEdit}
            beforeUpload={(file) => {
              void readTurbineFile(file)
                .then((values) => setEditing({ values: toTurbineValues(values) }))
                .catch(() => undefined);
              return false;
            }}
          >
            <PermissionButton feature="system.turbine" icon={<UploadOutlined />} data-testid="turbine-import">
              {t('energy.library.import')}
            </PermissionButton>
          </Upload>
          <PermissionButton
            feature="system.turbine"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setEditing({ values: toTurbineValues(undefined) })}
          >
            {t('energy.library.add')}
          </PermissionButton>
        </Space>
      }
    >
      <WholeTable<TTurbine>
        rowKey="id"
        loading={turbines.isPending}
        dataSource={turbines.data?.records ?? []}
        columns={[
          {
            title: t('energy.library.model'),
            dataIndex: 'model',
            render: (model: string, r) => (
              <Space>
                {model}
                {r.isBuiltin && <Tag color="blue">{t('energy.library.reference')}</Tag>}
              </Space>
            ),
          },
          { title: t('energy.library.manufacturer'), dataIndex: 'manufacturer', width: 160 },
          { title: t('energy.library.rated'), dataIndex: 'ratedKw', width: 110 },
          { title: t('energy.library.diameter'), dataIndex: 'rotorDiameterM', width: 100 },
          {
            title: t('energy.library.regulation'),
            dataIndex: 'regulation',
            width: 90,
            render: (r: string) => t(`energy.regulation.${r}`),
          },
          {
            title: t('energy.library.source'),
            dataIndex: 'source',
            ellipsis: true,
            render: (source: string, r) => (
              <Tooltip title={`${source}${r.licence ? ` · ${r.licence}` : ''}`}>
                <span>{r.licence || source || '—'}</span>
              </Tooltip>
            ),
          },
          {
            title: t('system.common.actions'),
            width: 200,
            render: (_, r) => (
              <TurbineActions
                turbine={r}
                canEdit={canEdit}
                onEdit={setEditing}
                onDelete={remove.mutateAsync}
              />
            ),
          },
        ]}
      />
      <TurbineFormModal editing={editing} onClose={() => setEditing(undefined)} />
    </Drawer>
  );
}
