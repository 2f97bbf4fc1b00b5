import { InboxOutlined } from '@ant-design/icons';
import { MAP_LAYER_KINDS, type TMapLayer } from '@masthub/shared';
import {
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  type TableColumnsType,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../../browser/feedback.ts';
import { RequestError } from '../../../../request/request.ts';
import { translatedOptions } from '../../../../ui/form/RuleItem.tsx';
import { PermissionButton } from '../../../../ui/PermissionButton.tsx';
import { WholeTable } from '../../../../ui/table/WholeTable.tsx';
import { useDeleteMapLayer, useMapLayerList, useUploadMapLayer } from './api.ts';
import {
  formatBounds,
  LAYER_FILE_ACCEPT,
  LAYER_MAX_BYTES,
  LAYER_NAME_MAX,
  type LayerUploadValues,
  layerFileProblem,
  toLayerUploadForm,
} from './utils.ts';

interface UploadFormValues extends LayerUploadValues {
  file?: UploadFile[];
}

const FORM_FIELDS = new Set(['kind', 'name', 'heightM', 'file']);
const MAX_MB = LAYER_MAX_BYTES / (1024 * 1024);

/**
 * Raster layer management ('system.rule'): the registered layers with delete, and an upload form for a
 * single-band EPSG:4326 GeoTIFF. The upload goes through the request layer, which shows the server's
 * reasons; a success refreshes the layer list (and so the layer panel).
 */
export function LayerManageModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UploadFormValues>();
  const kind = Form.useWatch('kind', form);
  const list = useMapLayerList();
  const upload = useUploadMapLayer();
  const remove = useDeleteMapLayer();

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    const file = values?.file?.[0]?.originFileObj;
    if (!values || !file) return;
    try {
      const layer = await upload.mutateAsync(toLayerUploadForm(values, file));
      feedback.success(t('home-layers.manage.uploaded', { name: layer.name }));
      form.resetFields();
    } catch (error) {
      // The request layer showed the server's reason; field errors also go next to their fields.
      if (error instanceof RequestError) {
        const fields = error.fields.filter((f) => FORM_FIELDS.has(f.field));
        form.setFields(fields.map((f) => ({ name: f.field as keyof UploadFormValues, errors: [f.message] })));
      }
    }
  };

  const columns: TableColumnsType<TMapLayer> = [
    { key: 'name', dataIndex: 'name', title: t('home-layers.manage.columns.name'), ellipsis: true },
    {
      key: 'kind',
      dataIndex: 'kind',
      title: t('home-layers.manage.columns.kind'),
      width: 170,
      render: (value: TMapLayer['kind']) => t(`home-layers.kinds.${value}`),
    },
    {
      key: 'height',
      dataIndex: 'heightM',
      title: t('home-layers.manage.columns.height'),
      width: 90,
      render: (value: number | null) => (value === null ? '—' : `${value} m`),
    },
    {
      key: 'unit',
      dataIndex: 'unit',
      title: t('home-layers.manage.columns.unit'),
      width: 80,
      render: (value: string) => value || '—',
    },
    {
      key: 'bounds',
      dataIndex: 'bounds',
      title: t('home-layers.manage.columns.bounds'),
      width: 210,
      render: (value: TMapLayer['bounds']) => formatBounds(value),
    },
    {
      key: 'actions',
      title: t('home-layers.manage.columns.actions'),
      width: 80,
      render: (_, layer) => (
        <Popconfirm
          title={t('home-layers.manage.deleteConfirm', { name: layer.name })}
          okType="danger"
          okText={t('home-layers.manage.delete')}
          onConfirm={async () => {
            try {
              await remove.mutateAsync(layer.id);
              feedback.success(t('home-layers.manage.deleted', { name: layer.name }));
            } catch {
              // Shown by the request layer.
            }
          }}
        >
          <PermissionButton
            feature="system.rule"
            type="link"
            size="small"
            danger
            data-testid={`layer-delete-${layer.id}`}
          >
            {t('home-layers.manage.delete')}
          </PermissionButton>
        </Popconfirm>
      ),
    },
  ];

  return (
    <Modal
      open={open}
      title={t('home-layers.manage.title')}
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Typography.Title level={5}>{t('home-layers.manage.listTitle')}</Typography.Title>
      <WholeTable<TMapLayer>
        rowKey="id"
        columns={columns}
        dataSource={list.data ?? []}
        loading={list.isFetching}
        scroll={{ y: 240 }}
        locale={{ emptyText: t('home-layers.empty') }}
        data-testid="layer-manage-table"
      />
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('home-layers.manage.uploadTitle')}
      </Typography.Title>
      <Form<UploadFormValues>
        form={form}
        name="mapLayerUploadForm"
        layout="vertical"
        disabled={upload.isPending}
        initialValues={{ kind: 'wind_speed' }}
      >
        <Flex gap={12} wrap>
          <Form.Item
            name="kind"
            label={t('home-layers.manage.fields.kind')}
            rules={[{ required: true, message: t('home-layers.manage.required.kind') }]}
            style={{ flex: '1 1 220px' }}
          >
            <Select options={translatedOptions(MAP_LAYER_KINDS, t, 'home-layers.kinds')} />
          </Form.Item>
          <Form.Item
            name="name"
            label={t('home-layers.manage.fields.name')}
            rules={[
              { required: true, whitespace: true, message: t('home-layers.manage.required.name') },
              { max: LAYER_NAME_MAX, message: t('home-layers.manage.nameTooLong', { max: LAYER_NAME_MAX }) },
            ]}
            style={{ flex: '1 1 220px' }}
          >
            <Input autoComplete="off" maxLength={LAYER_NAME_MAX} showCount />
          </Form.Item>
          {kind === 'wind_speed' && (
            <Form.Item
              name="heightM"
              label={t('home-layers.manage.fields.heightM')}
              tooltip={t('home-layers.manage.heightHint')}
              style={{ flex: '0 1 160px' }}
            >
              <InputNumber min={0} max={1000} precision={1} suffix="m" style={{ width: '100%' }} />
            </Form.Item>
          )}
        </Flex>
        <Form.Item
          name="file"
          label={t('home-layers.manage.fields.file')}
          valuePropName="fileList"
          getValueFromEvent={(event: { fileList: UploadFile[] }) => event.fileList.slice(-1)}
          rules={[{ required: true, message: t('home-layers.manage.required.file') }]}
        >
          <Upload.Dragger
            accept={LAYER_FILE_ACCEPT}
            maxCount={1}
            beforeUpload={(file) => {
              const problem = layerFileProblem(file.name, file.size);
              if (problem) {
                feedback.error(t(`home-layers.manage.problem.${problem}`, { name: file.name, max: MAX_MB }));
                return Upload.LIST_IGNORE;
              }
              if (!form.getFieldValue('name')) {
                form.setFieldValue('name', file.name.replace(/\.tiff?$/i, '').slice(0, LAYER_NAME_MAX));
              }
              // Sent through the request layer on submit (token, language, errors), not antd's XHR.
              return false;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{t('home-layers.manage.dragText')}</p>
            <p className="ant-upload-hint">{t('home-layers.manage.dragHint', { max: MAX_MB })}</p>
          </Upload.Dragger>
        </Form.Item>
        <Flex justify="end">
          <PermissionButton
            feature="system.rule"
            type="primary"
            loading={upload.isPending}
            onClick={() => void submit()}
            data-testid="layer-upload-submit"
          >
            {upload.isPending ? t('home-layers.manage.uploading') : t('home-layers.manage.submit')}
          </PermissionButton>
        </Flex>
      </Form>
    </Modal>
  );
}
