import { DownloadOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import {
  type TTurbine,
  type TTurbineFileValues,
  type TTurbineSaveInput,
  type TTurbineSaveRequest,
  TURBINE_REGULATIONS,
  ZTurbineSaveRequest,
} from '@masthub/shared';
import {
  Button,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { SchemaFormModal } from '../../app/list/SchemaFormModal.tsx';
import { PermissionButton, useCan } from '../../app/PermissionButton.tsx';
import { saveFile } from '../../request/request.ts';
import { exportTurbine, readTurbineFile, useDeleteTurbine, useSaveTurbine, useTurbines } from './api.ts';

interface TurbineValues {
  model?: string;
  manufacturer?: string;
  ratedKw?: number | null;
  rotorDiameterM?: number | null;
  hubHeightsM?: string[];
  referenceDensity?: number | null;
  regulation?: 'pitch' | 'stall';
  curveText?: string;
  source?: string;
  licence?: string;
}

/** "speed power [ct]" per line → curve points (a line that is not numbers is kept as NaN for the schema). */
export function parseCurveText(text: string): { speed: number; power: number; ct: number | null }[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => {
      const [v, p, ct] = l.split(/[\s,;\t]+/).map(Number);
      return {
        speed: v ?? Number.NaN,
        power: p ?? Number.NaN,
        ct: ct === undefined || Number.isNaN(ct) ? null : ct,
      };
    });
}

function toValues(t: Partial<TTurbine | TTurbineFileValues> | undefined): TurbineValues {
  return {
    model: t?.model ?? '',
    manufacturer: t?.manufacturer ?? '',
    ratedKw: t?.ratedKw ?? null,
    rotorDiameterM: t?.rotorDiameterM ?? null,
    hubHeightsM: (t?.hubHeightsM ?? []).map(String),
    referenceDensity: t?.referenceDensity ?? 1.225,
    regulation: t?.regulation ?? 'pitch',
    curveText: (t?.curve ?? []).map((p) => [p.speed, p.power, p.ct ?? ''].join('\t').trim()).join('\n'),
    source: t?.source ?? '',
    licence: t?.licence ?? '',
  };
}

/**
 * The turbine library (issue 16): reference turbines with their source and licence, read-only; models
 * added by hand or read from WAsP .wtg/.pow and CSV/xlsx files (checked in the form before saving);
 * export to .wtg. Changing the library needs `system.turbine`.
 */
export function TurbineLibraryDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const turbines = useTurbines();
  const save = useSaveTurbine();
  const remove = useDeleteTurbine();
  const canEdit = useCan('system.turbine');
  const [editing, setEditing] = useState<{ id?: number; values: TurbineValues }>();

  const toRequest = (v: TurbineValues): TTurbineSaveInput => ({
    ...(editing?.id !== undefined ? { id: editing.id } : {}),
    model: v.model ?? '',
    manufacturer: v.manufacturer ?? '',
    ratedKw: v.ratedKw ?? (undefined as never),
    rotorDiameterM: v.rotorDiameterM ?? (undefined as never),
    hubHeightsM: (v.hubHeightsM ?? []).map(Number),
    referenceDensity: v.referenceDensity ?? 1.225,
    regulation: v.regulation ?? 'pitch',
    curve: parseCurveText(v.curveText ?? ''),
    source: v.source ?? '',
    licence: v.licence ?? '',
  });

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
                .then((values) => setEditing({ values: toValues(values) }))
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
            onClick={() => setEditing({ values: toValues(undefined) })}
          >
            {t('energy.library.add')}
          </PermissionButton>
        </Space>
      }
    >
      <Table<TTurbine>
        rowKey="id"
        size="small"
        loading={turbines.isPending}
        dataSource={turbines.data?.records ?? []}
        pagination={false}
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
                      setEditing({
                        values: {
                          ...toValues(r),
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
                      onClick={() => setEditing({ id: r.id, values: toValues(r) })}
                    >
                      {t('system.common.edit')}
                    </PermissionButton>
                    <Popconfirm
                      title={t('energy.library.deleteConfirm', { model: r.model })}
                      okButtonProps={{ danger: true }}
                      disabled={!canEdit}
                      onConfirm={() =>
                        remove.mutateAsync(r.id).then(() => feedback.success(t('energy.library.deleted')))
                      }
                    >
                      <Button type="link" size="small" danger disabled={!canEdit}>
                        {t('system.common.delete')}
                      </Button>
                    </Popconfirm>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      <SchemaFormModal<TurbineValues, TTurbineSaveInput, { id: number }>
        open={editing !== undefined}
        name="turbineForm"
        width={760}
        title={editing?.id !== undefined ? t('energy.library.edit') : t('energy.library.add')}
        initialValues={editing?.values ?? {}}
        toRequest={toRequest}
        schema={ZTurbineSaveRequest}
        save={(body) => save.mutateAsync(ZTurbineSaveRequest.parse(body) as TTurbineSaveRequest)}
        savedMessage={t('energy.library.saved')}
        onSaved={() => setEditing(undefined)}
        onClose={() => setEditing(undefined)}
        mapField={(field) => (field.startsWith('curve') ? 'curveText' : field)}
      >
        {({ rule }) => (
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="model" label={t('energy.library.model')} rules={[rule('model')]} required>
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="manufacturer"
                label={t('energy.library.manufacturer')}
                rules={[rule('manufacturer')]}
              >
                <Input maxLength={100} />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item name="ratedKw" label={t('energy.library.rated')} rules={[rule('ratedKw')]} required>
                <InputNumber style={{ width: '100%' }} suffix="kW" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="rotorDiameterM"
                label={t('energy.library.diameter')}
                rules={[rule('rotorDiameterM')]}
                required
              >
                <InputNumber style={{ width: '100%' }} suffix="m" />
              </Form.Item>
            </Col>
            <Col span={8}>
              <Form.Item
                name="referenceDensity"
                label={t('energy.library.density')}
                rules={[rule('referenceDensity')]}
              >
                <InputNumber style={{ width: '100%' }} suffix="kg/m³" step={0.005} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="hubHeightsM"
                label={t('energy.library.hubHeights')}
                rules={[rule('hubHeightsM')]}
              >
                <Select mode="tags" tokenSeparators={[',', ' ']} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="regulation" label={t('energy.library.regulation')}>
                <Select
                  options={TURBINE_REGULATIONS.map((r) => ({ value: r, label: t(`energy.regulation.${r}`) }))}
                />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                name="curveText"
                label={t('energy.library.curve')}
                extra={t('energy.library.curveHint')}
                rules={[rule('curve'), rule('curve.1.speed')]}
                required
              >
                <Input.TextArea rows={8} style={{ fontFamily: 'monospace' }} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="source" label={t('energy.library.source')}>
                <Input maxLength={500} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="licence" label={t('energy.library.licence')}>
                <Input maxLength={200} />
              </Form.Item>
            </Col>
          </Row>
        )}
      </SchemaFormModal>
    </Drawer>
  );
}
