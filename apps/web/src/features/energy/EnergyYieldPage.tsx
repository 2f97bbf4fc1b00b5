import {
  CalculatorOutlined,
  DatabaseOutlined,
  DeleteOutlined,
  DownloadOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  ENERGY_DENSITY_MODES,
  ENERGY_LOSS_KEYS,
  ENERGY_SHEAR_MODES,
  ENERGY_TURBINES_MAX,
  type TEnergyRequest,
  type TEnergyRequestInput,
  type TEnergyResult,
  type TEnergyTurbineResult,
  ZEnergyRequest,
} from '@masthub/shared';
import {
  Alert,
  Button,
  Card,
  Col,
  DatePicker,
  Empty,
  Flex,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFileDownload } from '../../request/use-file-download.ts';
import { ChartCardGrid } from '../../ui/charts/ChartCardGrid.tsx';
import { RuleForm, RuleItem, translatedOptions, useFieldRule } from '../../ui/form/RuleItem.tsx';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useStationId } from '../../ui/use-station-id.ts';
import {
  AnalysisBasisNote,
  channelOptions,
  FieldCol,
  NumberCol,
  QualityOptions,
  topSpeedChannel,
  useVersionChannels,
  VersionChannelCols,
} from '../analysis-form/index.ts';
import { calculateEnergy, exportEnergy, exportEnergyEya, useTurbines } from './api.ts';
import { classColumn, EnergyClassNote } from './EnergyClassNote.tsx';
import { EnergyLongTermNote } from './EnergyLongTermNote.tsx';
import { EnergyUncertaintyTable } from './EnergyUncertaintyTable.tsx';
import {
  buildHourlyPowerOption,
  buildMonthlyEnergyOption,
  buildSectorShareOption,
  buildSiteCurveOption,
} from './energy.charts.ts';
import { TurbineLibraryDrawer } from './TurbineLibraryDrawer.tsx';

interface Values {
  versionId?: number;
  speedChannelId?: number;
  directionChannelId?: number;
  hubHeight?: number | null;
  shearMode?: (typeof ENERGY_SHEAR_MODES)[number];
  shearChannelIds?: number[];
  sectorWidth?: number | null;
  turbineIds?: number[];
  range?: [Dayjs, Dayjs] | null;
  includeSuspicious?: boolean;
  includeFilled?: boolean;
  densityMode?: (typeof ENERGY_DENSITY_MODES)[number];
  fixedDensity?: number | null;
  losses?: Partial<Record<(typeof ENERGY_LOSS_KEYS)[number], number | null>>;
  uncertainties?: { name?: string; value?: number | null }[];
}

function toRequest(v: Values): TEnergyRequestInput {
  return {
    versionId: v.versionId ?? (undefined as never),
    speedChannelId: v.speedChannelId ?? (undefined as never),
    ...(v.directionChannelId ? { directionChannelId: v.directionChannelId } : {}),
    hubHeight: v.hubHeight ?? (undefined as never),
    shearMode: v.shearMode ?? 'overall',
    shearChannelIds: v.shearChannelIds ?? [],
    sectorWidth: v.sectorWidth ?? (undefined as never),
    turbineIds: v.turbineIds ?? [],
    ...(v.range?.[0] && v.range[1]
      ? {
          startTime: v.range[0].startOf('day').format(),
          endTime: v.range[1].add(1, 'day').startOf('day').format(),
        }
      : {}),
    includeSuspicious: v.includeSuspicious ?? false,
    includeFilled: v.includeFilled ?? true,
    densityMode: v.densityMode ?? 'measured',
    ...(v.densityMode === 'fixed' ? { fixedDensity: v.fixedDensity ?? (undefined as never) } : {}),
    losses: Object.fromEntries(
      ENERGY_LOSS_KEYS.map((k) => [k, v.losses?.[k] ?? 0]),
    ) as TEnergyRequestInput['losses'],
    uncertainties: (v.uncertainties ?? []).map((u) => ({ name: u?.name ?? '', value: u?.value ?? 0 })),
  };
}

const fmt = (v: number | null | undefined, digits = 1) =>
  v === null || v === undefined || !Number.isFinite(v)
    ? '—'
    : v.toLocaleString(undefined, { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** The loss percentages and the named uncertainties of the energy form (full-width columns). */
function LossesAndUncertaintiesCols() {
  const rule = useFieldRule();
  const { t } = useTranslation();
  return (
    <>
      <Col span={24}>
        <Typography.Text strong>{t('energy.form.losses')}</Typography.Text>
        <Row gutter={12} style={{ marginTop: 8 }}>
          {ENERGY_LOSS_KEYS.map((k) => (
            <Col span={4} key={k}>
              <Form.Item name={['losses', k]} label={t(`energy.losses.${k}`)} rules={[rule(`losses.${k}`)]}>
                <InputNumber style={{ width: '100%' }} suffix="%" min={0} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Col>
      <Col span={24}>
        <Typography.Text strong>{t('energy.form.uncertainties')}</Typography.Text>
        <Form.List name="uncertainties">
          {(items, { add, remove }) => (
            <Flex wrap gap={8} style={{ marginTop: 8 }}>
              {items.map((item, index) => (
                <Space key={item.key} align="start">
                  <Form.Item
                    name={[item.name, 'name']}
                    rules={[rule(`uncertainties.${index}.name`)]}
                    style={{ marginBottom: 0 }}
                  >
                    <Input placeholder={t('energy.form.uncertaintyName')} style={{ width: 160 }} />
                  </Form.Item>
                  <Form.Item
                    name={[item.name, 'value']}
                    rules={[rule(`uncertainties.${index}.value`)]}
                    style={{ marginBottom: 0 }}
                  >
                    <InputNumber suffix="%" style={{ width: 100 }} />
                  </Form.Item>
                  <Button
                    icon={<DeleteOutlined />}
                    aria-label={t('system.common.delete')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
              ))}
              <Button icon={<PlusOutlined />} onClick={() => add({ name: '', value: 5 })}>
                {t('energy.form.addUncertainty')}
              </Button>
            </Flex>
          )}
        </Form.List>
      </Col>
    </>
  );
}

/**
 * Energy yield of a site (SPEC §2 /StationDetail/ElectricComputer, WIND-ANALYSIS §11): choose a speed
 * channel, hub height, shear and density, turbines side by side, losses and uncertainties; read gross and
 * net AEP, capacity factor, full-load hours, P50/P75/P90 and the breakdowns; export to xlsx.
 */
/** The yield's downloads: the xlsx workbook and the IEC 61400-15-2 EYA DEF document (issue 32). */
function EnergyExportButtons({ request }: { request: TEnergyRequest | undefined }) {
  const { t } = useTranslation();
  const { isSaving: isExporting, download } = useFileDownload();
  const runExport = async (format: 'xlsx' | 'eya') => {
    if (!request) return;
    await (format === 'eya'
      ? download(
          () => exportEnergyEya(request),
          `${t('energy.eyaExportName')}.json`,
          t('statistics.exported'),
        )
      : download(() => exportEnergy(request), `${t('energy.exportName')}.xlsx`, t('statistics.exported')));
  };
  return (
    <>
      <Button
        icon={<DownloadOutlined />}
        disabled={!request}
        loading={isExporting}
        onClick={() => void runExport('xlsx')}
      >
        {t('statistics.filters.export')}
      </Button>
      <Button
        icon={<DownloadOutlined />}
        disabled={!request}
        loading={isExporting}
        onClick={() => void runExport('eya')}
        title={t('energy.eyaExportHint')}
        data-testid="energy-export-eya"
      >
        {t('energy.eyaExport')}
      </Button>
    </>
  );
}

export function EnergyYieldPage() {
  const { t } = useTranslation();
  const stationId = useStationId();
  const [form] = Form.useForm<Values>();
  const rule = useRequestRule(ZEnergyRequest, toRequest);
  const densityMode = Form.useWatch('densityMode', form);
  const versionChannels = useVersionChannels(form, stationId);
  const { fields } = versionChannels;
  const turbines = useTurbines();
  const [result, setResult] = useState<TEnergyResult>();
  const [request, setRequest] = useState<TEnergyRequest>();
  const [isRunning, setRunning] = useState(false);
  const [isLibraryOpen, setLibraryOpen] = useState(false);

  useEffect(() => {
    const data = fields.data;
    if (!data) return;
    const top = topSpeedChannel(data);
    form.setFieldsValue({
      hubHeight:
        form.getFieldValue('hubHeight') ?? (top?.heightM ? Math.max(1, Math.round(top.heightM)) : null),
    });
  }, [fields.data, form]);
  useEffect(() => {
    const records = turbines.data?.records ?? [];
    if (records.length > 0 && !(form.getFieldValue('turbineIds') ?? []).length) {
      form.setFieldValue(
        'turbineIds',
        records.slice(0, 2).map((r) => r.id),
      );
    }
  }, [turbines.data, form]);

  const run = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    const body = ZEnergyRequest.parse(toRequest(values)) as TEnergyRequest;
    setRunning(true);
    try {
      setResult(await calculateEnergy(body));
      setRequest(body);
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setRunning(false);
    }
  };

  if (stationId === undefined) return null;

  return (
    <Flex vertical gap={16} data-testid="energy-page">
      <Card size="small">
        <RuleForm<Values>
          rule={rule}
          form={form}
          name="energyForm"
          layout="vertical"
          initialValues={{
            shearMode: 'overall',
            sectorWidth: 30,
            densityMode: 'measured',
            includeSuspicious: false,
            includeFilled: true,
            losses: { wake: 0, availability: 3, electrical: 2, icing: 0, curtailment: 0, other: 0 },
            uncertainties: [],
          }}
        >
          <Row gutter={16}>
            <VersionChannelCols
              {...versionChannels}
              speedLabel={t('energy.form.speed')}
              directionLabel={t('energy.form.direction')}
              isDirectionChecked
            />
            <NumberCol name="hubHeight" label={t('energy.form.hubHeight')} suffix="m" span={6} />
            <Col span={6}>
              <Form.Item name="shearMode" label={t('energy.form.shearMode')}>
                <Radio.Group
                  optionType="button"
                  options={translatedOptions(ENERGY_SHEAR_MODES, t, 'energy.shearModes')}
                />
              </Form.Item>
            </Col>
            <FieldCol span={6} name="shearChannelIds" label={t('energy.form.shearHeights')}>
              <Select
                mode="multiple"
                allowClear
                placeholder={t('energy.form.allHeights')}
                options={channelOptions(fields.data?.speeds)}
              />
            </FieldCol>
            <NumberCol name="sectorWidth" label={t('reports.data.sectorWidth')} suffix="°" span={4} />
            <Col span={8}>
              <Form.Item name="range" label={t('statistics.filters.range')}>
                <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[true, true]} />
              </Form.Item>
            </Col>
            <FieldCol
              span={12}
              name="turbineIds"
              label={t('energy.form.turbines', { max: ENERGY_TURBINES_MAX })}
              isRequired
            >
              <Select
                mode="multiple"
                showSearch={{ optionFilterProp: 'label' }}
                options={(turbines.data?.records ?? []).map((r) => ({
                  value: r.id,
                  label: `${r.manufacturer} ${r.model}`.trim(),
                }))}
              />
            </FieldCol>
            <Col span={6}>
              <Form.Item name="densityMode" label={t('energy.form.density')}>
                <Select options={translatedOptions(ENERGY_DENSITY_MODES, t, 'energy.densityModes')} />
              </Form.Item>
            </Col>
            <Col span={3}>
              {densityMode === 'fixed' && (
                <RuleItem name="fixedDensity" label="ρ" required>
                  <InputNumber style={{ width: '100%' }} step={0.005} />
                </RuleItem>
              )}
            </Col>
            <Col span={6}>
              <Flex gap={16}>
                <QualityOptions />
              </Flex>
            </Col>
            <LossesAndUncertaintiesCols />
          </Row>
          <Flex gap={8} style={{ marginTop: 16 }}>
            <Button
              type="primary"
              icon={<CalculatorOutlined />}
              loading={isRunning}
              onClick={() => void run()}
              data-testid="energy-run"
            >
              {t('energy.form.calculate')}
            </Button>
            <EnergyExportButtons request={result ? request : undefined} />
            <Button icon={<DatabaseOutlined />} onClick={() => setLibraryOpen(true)}>
              {t('energy.library.title')}
            </Button>
          </Flex>
        </RuleForm>
      </Card>
      {result ? <EnergyResultView result={result} /> : <Empty description={t('energy.start')} />}
      <TurbineLibraryDrawer open={isLibraryOpen} onClose={() => setLibraryOpen(false)} />
    </Flex>
  );
}

function EnergyResultView({ result }: { result: TEnergyResult }) {
  const { t } = useTranslation();
  const missing = result.turbines[0]?.missingMonths ?? [];
  const monthlyOption = useMemo(() => buildMonthlyEnergyOption(result), [result]);
  const hourlyOption = useMemo(() => buildHourlyPowerOption(result), [result]);
  const sectorOption = useMemo(() => buildSectorShareOption(result), [result]);
  const curveOption = useMemo(() => buildSiteCurveOption(result), [result]);
  return (
    <Flex vertical gap={16} data-testid="energy-result">
      <Typography.Text type="secondary">
        {t('energy.result.setup', {
          channel: result.speedChannel.name,
          from: result.speedChannel.heightM,
          hub: result.hubHeight,
          alpha: result.shearExponent.toFixed(3),
          mode: t(`energy.shearModes.${result.shearMode}`),
          density: result.meanDensity.toFixed(3),
          source: t(`energy.densityModes.${result.densitySource}`),
        })}
        {result.shearIsDefault && ` ${t('energy.result.shearDefault')}`}
      </Typography.Text>
      <AnalysisBasisNote basis={result.basis} versionName={result.versionName} />
      <EnergyLongTermNote result={result} />
      <EnergyClassNote result={result} />
      {missing.length > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('energy.result.missingMonths', { months: missing.join(', ') })}
        />
      )}
      <WholeTable<TEnergyTurbineResult>
        rowKey="turbineId"
        scroll={{ x: 1300 }}
        data-testid="energy-table"
        dataSource={result.turbines}
        columns={[
          { title: t('energy.library.model'), dataIndex: 'model', fixed: 'left', width: 200 },
          { title: t('energy.library.rated'), dataIndex: 'ratedKw', width: 90 },
          classColumn(t('energy.result.iecClass')),
          {
            title: t('energy.result.hubSpeed'),
            dataIndex: 'hubMeanSpeed',
            width: 110,
            render: (v) => fmt(v, 2),
          },
          {
            title: t('energy.result.gross'),
            width: 150,
            render: (_, r) =>
              r.grossMwh !== null ? (
                fmt(r.grossMwh)
              ) : (
                <Space size={4}>
                  {fmt(r.plainGrossMwh)}
                  <Tag color="orange">{t('energy.result.plain')}</Tag>
                </Space>
              ),
          },
          { title: t('energy.result.weibull'), width: 130, render: (_, r) => fmt(r.weibull?.grossMwh) },
          {
            title: t('energy.result.weibullSector'),
            dataIndex: 'weibullBySectorMwh',
            width: 140,
            render: (v) => fmt(v),
          },
          {
            title: t('energy.result.cf'),
            width: 90,
            render: (_, r) => (r.capacityFactor === null ? '—' : `${fmt(r.capacityFactor * 100)} %`),
          },
          { title: t('energy.result.flh'), dataIndex: 'fullLoadHours', width: 100, render: (v) => fmt(v, 0) },
          { title: t('energy.result.loss'), width: 90, render: (_, r) => `${fmt(r.lossFactor * 100)} %` },
          { title: t('energy.result.net'), dataIndex: 'netMwh', width: 120, render: (v) => fmt(v) },
          { title: t('energy.result.p75'), width: 120, render: (_, r) => fmt(r.exceedance.P75) },
          { title: t('energy.result.p90'), width: 120, render: (_, r) => fmt(r.exceedance.P90) },
          ...(result.longTerm
            ? [
                {
                  title: t('energy.result.sensitivity'),
                  width: 110,
                  render: (_: unknown, r: TEnergyTurbineResult) => fmt(r.aepSensitivity),
                },
                {
                  title: t('energy.result.uAep'),
                  width: 90,
                  render: (_: unknown, r: TEnergyTurbineResult) => fmt(r.uAep === null ? null : r.uAep * 100),
                },
              ]
            : []),
        ]}
      />
      <EnergyUncertaintyTable
        key={`${result.versionId}-${result.turbines.map((r) => r.turbineId).join()}`}
        result={result}
      />
      <ChartCardGrid
        charts={[
          {
            title: t('energy.result.byMonth'),
            option: monthlyOption,
            testId: 'energy-chart-month',
            height: 300,
          },
          {
            title: t('energy.result.byHour'),
            option: hourlyOption,
            testId: 'energy-chart-hour',
            height: 300,
          },
          {
            title: t('energy.result.bySector'),
            option: sectorOption,
            testId: 'energy-chart-sector',
            height: 320,
          },
          {
            title: t('energy.result.curves'),
            option: curveOption,
            testId: 'energy-chart-curve',
            height: 320,
          },
        ]}
      />
    </Flex>
  );
}
