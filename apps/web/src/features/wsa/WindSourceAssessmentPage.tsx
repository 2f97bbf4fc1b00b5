import { CalculatorOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  listUtcOptions,
  SCALING_METHOD_KEYS,
  type TMesoscaleDataset,
  type TScaleRequest,
  type TScaleRequestInput,
  type TScaleResult,
  type TScaleResultRecord,
  ZScaleRequest,
} from '@masthub/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
  type UploadFile,
} from 'antd';
import type { EChartsOption } from 'echarts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { feedback } from '../../app/feedback.ts';
import { showFieldErrors } from '../../app/list/field-errors.ts';
import { PermissionButton } from '../../app/PermissionButton.tsx';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { NumberCol, useVersionChannels, VersionChannelCols } from '../common/VersionChannelCols.tsx';
import { useStationSearch } from '../ingestion/api.ts';
import { StatChart } from '../statistics/components/StatChart.tsx';
import {
  useDeleteMesoscale,
  useMesoscaleDatasets,
  useScaleCalculate,
  useScaleGenerate,
  useScaleResults,
  useUploadMesoscale,
} from './api.ts';

const fmt = (v: number | null | undefined, digits = 3) =>
  v === null || v === undefined || !Number.isFinite(v) ? '—' : v.toFixed(digits);

function UploadModal({
  stationId,
  open,
  onClose,
}: {
  stationId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name?: string; utcOffsetMinutes?: number }>();
  const [files, setFiles] = useState<File[]>([]);
  const upload = useUploadMesoscale();
  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    if (files.length === 0) {
      form.setFields([{ name: 'name', errors: [] }]);
      feedback.error(t('wsa.upload.filesRequired'));
      return;
    }
    try {
      await upload.mutateAsync({
        stationId,
        name: values.name ?? '',
        utcOffsetMinutes: values.utcOffsetMinutes ?? 0,
        files,
      });
      feedback.success(t('wsa.upload.done'));
      setFiles([]);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  return (
    <Modal
      open={open}
      title={t('wsa.upload.title')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={upload.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        name="mesoUpload"
        initialValues={{ utcOffsetMinutes: 0 }}
        preserve={false}
      >
        <Form.Item
          name="name"
          label={t('wsa.upload.name')}
          rules={[{ required: true, whitespace: true, message: t('wsa.upload.nameRequired') }]}
        >
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item
          name="utcOffsetMinutes"
          label={t('wsa.upload.timeZone')}
          extra={t('wsa.upload.timeZoneHint')}
        >
          <Select
            showSearch
            options={listUtcOptions().map((o) => ({ value: o.offsetMinutes, label: o.label }))}
          />
        </Form.Item>
        <Form.Item label={t('wsa.upload.files')} extra={t('wsa.upload.filesHint')} required>
          <Upload
            multiple
            accept=".wnd,.zip,.txt,.csv,.nc,.tab"
            beforeUpload={(file) => {
              setFiles((prev) => [...prev, file]);
              return false;
            }}
            onRemove={(f) => setFiles((prev) => prev.filter((x) => x.name !== f.name))}
            fileList={files.map((f, i) => ({ uid: String(i), name: f.name, status: 'done' }) as UploadFile)}
          >
            <Button icon={<UploadOutlined />}>{t('wsa.upload.choose')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface ScaleValues {
  versionId?: number;
  speedChannelId?: number;
  directionChannelId?: number;
  mesoSpeedKey?: string;
  mesoDirectionKey?: string;
  method?: (typeof SCALING_METHOD_KEYS)[number];
  sectorWidth?: number | null;
  minCoverage?: number | null;
}

function ScaleDrawer({
  stationId,
  dataset,
  onClose,
}: {
  stationId: number;
  dataset: TMesoscaleDataset | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ScaleValues>();
  const toRequest = (v: ScaleValues): TScaleRequestInput => ({
    datasetId: dataset?.id ?? 0,
    versionId: v.versionId ?? (undefined as never),
    speedChannelId: v.speedChannelId ?? (undefined as never),
    ...(v.directionChannelId ? { directionChannelId: v.directionChannelId } : {}),
    mesoSpeedKey: v.mesoSpeedKey ?? '',
    mesoDirectionKey: v.mesoDirectionKey ?? '',
    method: v.method ?? 'lls',
    sectorWidth: v.sectorWidth ?? (undefined as never),
    minCoverage: v.minCoverage ?? 0.9,
  });
  const rule = useZodRule({
    safeParse: (values: unknown) => ZScaleRequest.safeParse(toRequest(values as ScaleValues)),
  });
  const versionChannels = useVersionChannels(form, stationId);
  const calculate = useScaleCalculate();
  const generate = useScaleGenerate();
  const [result, setResult] = useState<TScaleResult>();
  const [request, setRequest] = useState<TScaleRequest>();
  const [versionName, setVersionName] = useState('');

  useEffect(() => {
    setResult(undefined);
    if (!dataset) return;
    const speeds = dataset.channels.filter((c) => c.element === 'ws');
    const dirs = dataset.channels.filter((c) => c.element === 'wd');
    form.setFieldsValue({
      mesoSpeedKey: speeds.at(-1)?.key,
      mesoDirectionKey: dirs.at(-1)?.key,
      method: 'lls',
      sectorWidth: 30,
      minCoverage: 0.9,
    });
    setVersionName(`${dataset.name} LT`.slice(0, 50));
  }, [dataset, form]);

  const run = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = ZScaleRequest.parse(toRequest(values)) as TScaleRequest;
    try {
      setResult(await calculate.mutateAsync(body));
      setRequest(body);
    } catch (error) {
      showFieldErrors(form, error);
    }
  };
  const makeVersion = async () => {
    if (!request) return;
    const r = await generate.mutateAsync({ ...request, name: versionName });
    setResult(r);
    feedback.success(t('wsa.scale.generated', { name: versionName }));
  };

  const scatterOption = useMemo<EChartsOption | undefined>(() => {
    if (!result) return undefined;
    const maxX = Math.max(1, ...result.scatter.x);
    const line =
      result.overall.slope === null
        ? []
        : [
            [0, result.overall.intercept ?? 0],
            [maxX, (result.overall.intercept ?? 0) + result.overall.slope * maxX],
          ];
    return {
      tooltip: {},
      grid: { left: 60, right: 20, top: 30, bottom: 50 },
      xAxis: { type: 'value', name: t('wsa.scale.meso'), nameLocation: 'middle', nameGap: 30 },
      yAxis: { type: 'value', name: t('wsa.scale.mast') },
      series: [
        { type: 'scatter', symbolSize: 3, data: result.scatter.x.map((x, i) => [x, result.scatter.y[i]!]) },
        { type: 'line', showSymbol: false, data: line, lineStyle: { color: '#d4380d' } },
      ],
    };
  }, [result, t]);
  const monthlyOption = useMemo<EChartsOption | undefined>(
    () =>
      result
        ? {
            tooltip: { trigger: 'axis' },
            legend: { top: 0 },
            grid: { left: 50, right: 20, top: 40, bottom: 40 },
            xAxis: { type: 'category', data: result.monthly.map((m) => m.month) },
            yAxis: { type: 'value', name: 'm/s' },
            series: [
              { type: 'bar', name: t('wsa.scale.meso'), data: result.monthly.map((m) => m.meso) },
              { type: 'bar', name: t('wsa.scale.mast'), data: result.monthly.map((m) => m.mast) },
            ],
          }
        : undefined,
    [result, t],
  );
  return (
    <Drawer
      open={dataset !== undefined}
      onClose={onClose}
      width={1100}
      title={t('wsa.scale.title', { name: dataset?.name ?? '' })}
      destroyOnHidden
    >
      <Form<ScaleValues> form={form} layout="vertical" name="scaleForm">
        <Row gutter={16}>
          <VersionChannelCols
            {...versionChannels}
            rule={rule}
            speedLabel={t('wsa.scale.mastSpeed')}
            directionLabel={t('wsa.scale.mastDirection')}
          />
          <Col span={6}>
            <Form.Item name="method" label={t('wsa.scale.method')}>
              <Select
                options={SCALING_METHOD_KEYS.map((m) => ({ value: m, label: t(`wsa.methods.${m}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="mesoSpeedKey"
              label={t('wsa.scale.mesoSpeed')}
              rules={[rule('mesoSpeedKey')]}
              required
            >
              <Select
                options={(dataset?.channels ?? [])
                  .filter((c) => c.element === 'ws')
                  .map((c) => ({ value: c.key, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={6}>
            <Form.Item
              name="mesoDirectionKey"
              label={t('wsa.scale.mesoDirection')}
              rules={[rule('mesoDirectionKey')]}
              required
            >
              <Select
                options={(dataset?.channels ?? [])
                  .filter((c) => c.element === 'wd')
                  .map((c) => ({ value: c.key, label: c.name }))}
              />
            </Form.Item>
          </Col>
          <NumberCol
            name="sectorWidth"
            label={t('reports.data.sectorWidth')}
            suffix="°"
            rule={rule}
            span={6}
          />
          <Col span={6}>
            <Form.Item name="minCoverage" label={t('wsa.scale.coverage')} rules={[rule('minCoverage')]}>
              <InputNumber style={{ width: '100%' }} step={0.05} />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          icon={<CalculatorOutlined />}
          loading={calculate.isPending}
          onClick={() => void run()}
          data-testid="scale-run"
        >
          {t('wsa.scale.calculate')}
        </Button>
      </Form>
      {result && (
        <Flex vertical gap={16} style={{ marginTop: 16 }} data-testid="scale-result">
          <Alert
            type={result.overall.r !== null && result.overall.r >= 0.8 ? 'success' : 'warning'}
            showIcon
            title={result.verdict}
          />
          <Table
            size="small"
            rowKey="label"
            pagination={false}
            dataSource={[
              { label: t('wsa.scale.allSectors'), isMerged: false, directionOffsetDeg: 0, ...result.overall },
              ...result.sectors,
            ]}
            columns={[
              { title: t('wsa.scale.sector'), dataIndex: 'label', width: 120 },
              { title: 'n', dataIndex: 'count', width: 80 },
              { title: t('wsa.scale.slope'), dataIndex: 'slope', render: (v) => fmt(v, 4) },
              { title: t('wsa.scale.intercept'), dataIndex: 'intercept', render: (v) => fmt(v, 3) },
              { title: 'r', dataIndex: 'r', render: (v) => fmt(v, 4) },
              { title: t('wsa.scale.bias'), dataIndex: 'biasMps', render: (v) => fmt(v, 3) },
              { title: t('wsa.scale.ratio'), dataIndex: 'ratioOfMeans', render: (v) => fmt(v, 4) },
              { title: t('wsa.scale.offset'), dataIndex: 'directionOffsetDeg', render: (v) => fmt(v, 1) },
              {
                title: '',
                dataIndex: 'isMerged',
                render: (merged: boolean) =>
                  merged ? <Tag color="orange">{t('wsa.scale.merged')}</Tag> : null,
              },
            ]}
          />
          <Row gutter={16}>
            <Col span={12}>
              <Card size="small" title={t('wsa.scale.scatter')}>
                <StatChart option={scatterOption} testId="scale-chart-scatter" height={320} />
              </Card>
            </Col>
            <Col span={12}>
              <Card size="small" title={t('wsa.scale.monthly')}>
                <StatChart option={monthlyOption} testId="scale-chart-monthly" height={320} />
              </Card>
            </Col>
          </Row>
          <Typography.Text type="secondary">
            {t('wsa.scale.longTerm', {
              start: result.longTerm.start?.slice(0, 10) ?? '—',
              end: result.longTerm.end?.slice(0, 10) ?? '—',
              meso: fmt(result.longTerm.mesoMean, 2),
              scaled: fmt(result.longTerm.scaledMean, 2),
            })}
          </Typography.Text>
          <Space>
            <Input
              value={versionName}
              onChange={(e) => setVersionName(e.target.value)}
              maxLength={50}
              style={{ width: 260 }}
            />
            <PermissionButton
              feature="data.process"
              type="primary"
              loading={generate.isPending}
              disabled={!versionName.trim()}
              onClick={() => void makeVersion()}
              data-testid="scale-generate"
            >
              {t('wsa.scale.generate')}
            </PermissionButton>
            {result.generatedVersionId !== null && <Tag color="green">{t('wsa.scale.versionMade')}</Tag>}
          </Space>
        </Flex>
      )}
    </Drawer>
  );
}

/**
 * Wind source assessment (SPEC §2 /report/windSourceAssement, WIND-ANALYSIS §12): a site's mesoscale
 * uploads (the .wnd and its companions stored unchanged), their scaling to the mast and the long-term
 * versions generated from them.
 */
export function WindSourceAssessmentPage() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const [params, setParams] = useSearchParams();
  const stationId = Number(params.get('stationId')) || undefined;
  const [keywords, setKeywords] = useState('');
  const stations = useStationSearch(keywords, stationId ? [stationId] : []);
  const datasets = useMesoscaleDatasets(stationId);
  const results = useScaleResults(stationId);
  const remove = useDeleteMesoscale();
  const [isUploading, setUploading] = useState(false);
  const [scaling, setScaling] = useState<TMesoscaleDataset>();

  return (
    <Flex vertical gap={16} data-testid="wsa-page">
      <Card size="small">
        <Space wrap>
          <Typography.Text>{t('wsa.site')}</Typography.Text>
          <Select
            showSearch
            style={{ width: 360 }}
            placeholder={t('wsa.pickSite')}
            filterOption={false}
            onSearch={setKeywords}
            value={stationId}
            onChange={(id: number) => setParams({ stationId: String(id) })}
            options={(stations.data ?? []).map((s) => ({
              value: s.id,
              label: `${s.stationCode} · ${s.projectName}`,
            }))}
            data-testid="wsa-station"
          />
          <PermissionButton
            feature="data.import"
            icon={<UploadOutlined />}
            disabled={stationId === undefined}
            onClick={() => setUploading(true)}
            data-testid="wsa-upload"
          >
            {t('wsa.upload.title')}
          </PermissionButton>
        </Space>
      </Card>
      {stationId === undefined ? (
        <Empty description={t('wsa.pickSite')} />
      ) : (
        <>
          <Card size="small" title={t('wsa.datasets')}>
            <Table<TMesoscaleDataset>
              rowKey="id"
              size="small"
              loading={datasets.isPending}
              dataSource={datasets.data?.records ?? []}
              pagination={false}
              data-testid="wsa-datasets"
              columns={[
                { title: t('wsa.upload.name'), dataIndex: 'name' },
                {
                  title: t('reports.list.status'),
                  dataIndex: 'statusName',
                  width: 110,
                  render: (name: string, r) =>
                    r.status === 'parsed' ? (
                      <Tag color="green">{name}</Tag>
                    ) : (
                      <Tooltip title={r.reason}>
                        <Tag color="orange">{name}</Tag>
                      </Tooltip>
                    ),
                },
                {
                  title: t('wsa.files'),
                  dataIndex: 'files',
                  render: (files: TMesoscaleDataset['files']) => (
                    <Space size={4} wrap>
                      {files.map((f) => (
                        <Tooltip key={f.sha256 + f.fileName} title={`SHA-256 ${f.sha256} · ${f.sizeBytes} B`}>
                          <Tag>{f.fileName}</Tag>
                        </Tooltip>
                      ))}
                    </Space>
                  ),
                },
                {
                  title: t('wsa.period'),
                  width: 220,
                  render: (_, r) =>
                    r.firstTime ? `${formatDateTime(r.firstTime)} ~ ${formatDateTime(r.lastTime)}` : '—',
                },
                {
                  title: t('wsa.interval'),
                  dataIndex: 'intervalMinutes',
                  width: 90,
                  render: (v) => (v ? `${v} min` : '—'),
                },
                {
                  title: t('wsa.channels'),
                  render: (_, r) => r.channels.map((c) => c.name).join(', ') || '—',
                },
                {
                  title: t('system.common.actions'),
                  width: 170,
                  render: (_, r) => (
                    <Space size={0}>
                      <Button
                        type="link"
                        size="small"
                        disabled={r.status !== 'parsed'}
                        onClick={() => setScaling(r)}
                        data-testid="wsa-scale"
                      >
                        {t('wsa.scale.open')}
                      </Button>
                      <Popconfirm
                        title={t('wsa.deleteConfirm', { name: r.name })}
                        okButtonProps={{ danger: true }}
                        onConfirm={() =>
                          remove.mutateAsync(r.id).then(() => feedback.success(t('wsa.deleted')))
                        }
                      >
                        <Button type="link" size="small" danger icon={<DeleteOutlined />} />
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]}
            />
          </Card>
          <Card size="small" title={t('wsa.results')}>
            <Table<TScaleResultRecord>
              rowKey="id"
              size="small"
              loading={results.isPending}
              dataSource={results.data ?? []}
              pagination={false}
              columns={[
                { title: t('wsa.datasets'), dataIndex: 'datasetName', width: 180 },
                { title: t('wsa.scale.method'), dataIndex: 'methodName', width: 130 },
                { title: 'n', dataIndex: 'concurrentHours', width: 80 },
                { title: 'r', dataIndex: 'r', width: 80, render: (v) => fmt(v, 3) },
                { title: t('wsa.verdict'), dataIndex: 'verdict' },
                {
                  title: t('wsa.generatedVersion'),
                  dataIndex: 'generatedVersionName',
                  width: 160,
                  render: (v) => v ?? '—',
                },
                { title: t('reports.data.owner'), dataIndex: 'creatorName', width: 100 },
                {
                  title: t('reports.data.buildTime'),
                  dataIndex: 'createTime',
                  width: 150,
                  render: (v) => formatDateTime(v),
                },
              ]}
            />
          </Card>
          <UploadModal stationId={stationId} open={isUploading} onClose={() => setUploading(false)} />
          <ScaleDrawer stationId={stationId} dataset={scaling} onClose={() => setScaling(undefined)} />
        </>
      )}
    </Flex>
  );
}
