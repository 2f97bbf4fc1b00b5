import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type TAnalysisReportInput,
  type TAnalysisReportRequest,
  type TDataReportFields,
  WEIBULL_METHODS,
  WIND_REPORT_LIMITS,
  ZAnalysisReportRequest,
} from '@masthub/shared';
import { Button, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { translatedOptions } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { channelOptions, FieldCol, NumberCol, useDataReportFields } from '../analysis-form/index.ts';
import { useAnalysisTemplates, useRequestAnalysisReport } from './api.ts';

interface Values {
  reportName?: string;
  templateId?: number;
  range?: [Dayjs, Dayjs];
  speedChannelIds?: number[];
  directionChannelIds?: number[];
  targetHeight?: number | null;
  sectorWidth?: number | null;
  averagePeriods?: { startYear?: number | null; endYear?: number | null }[];
  windYear?: [Dayjs, Dayjs] | null;
  shearChannelIds?: number[];
  includeSuspicious?: boolean;
  weibullMethod?: (typeof WEIBULL_METHODS)[number];
}

/** The server's field of an error → the form field that shows it. */
function mapField(field: string): string {
  if (field === 'reportStartDate' || field === 'reportEndDate') return 'range';
  if (field === 'windYearStart' || field === 'windYearEnd') return 'windYear';
  return field;
}

function toRequest(versionId: number, v: Values): TAnalysisReportInput {
  return {
    versionId,
    reportName: v.reportName ?? '',
    ...(v.templateId !== undefined ? { templateId: v.templateId } : {}),
    reportStartDate: v.range?.[0]?.format('YYYY-MM-DD') ?? (undefined as never),
    reportEndDate: v.range?.[1]?.format('YYYY-MM-DD') ?? (undefined as never),
    speedChannelIds: v.speedChannelIds ?? [],
    directionChannelIds: v.directionChannelIds ?? [],
    targetHeight: v.targetHeight ?? (undefined as never),
    sectorWidth: v.sectorWidth ?? (undefined as never),
    averagePeriods: (v.averagePeriods ?? []).map((p) => ({
      startYear: p?.startYear ?? (undefined as never),
      endYear: p?.endYear ?? (undefined as never),
    })),
    ...(v.windYear?.[0] && v.windYear[1]
      ? { windYearStart: v.windYear[0].format('YYYY-MM'), windYearEnd: v.windYear[1].format('YYYY-MM') }
      : {}),
    shearChannelIds: v.shearChannelIds ?? [],
    includeSuspicious: v.includeSuspicious ?? true,
    weibullMethod: v.weibullMethod ?? 'wasp',
  };
}

/** The form's first values: the whole record, the top speeds, the top vane, the best wind year proposed. */
function initialValuesOf(data: TDataReportFields | undefined, templateId: number | undefined): Values {
  if (!data) return { sectorWidth: 30, includeSuspicious: true, weibullMethod: 'wasp', averagePeriods: [] };
  const top = data.speeds.at(-1);
  return {
    reportName: '',
    templateId,
    range:
      data.dataStartDate && data.dataEndDate
        ? [dayjs(data.dataStartDate), dayjs(data.dataEndDate)]
        : undefined,
    speedChannelIds: data.speeds.slice(-WIND_REPORT_LIMITS.speedsMax).map((s) => s.id),
    directionChannelIds: data.directions.length > 0 ? [data.directions.at(-1)!.id] : [],
    targetHeight: top?.heightM ? Math.round(top.heightM) : null,
    sectorWidth: 30,
    averagePeriods: [],
    windYear: data.bestWindYear
      ? [dayjs(`${data.bestWindYear.start}-01`), dayjs(`${data.bestWindYear.end}-01`)]
      : null,
    // Empty: α is fitted over every chosen height (WIND-ANALYSIS §6); two heights only when asked.
    shearChannelIds: [],
    includeSuspicious: true,
    weibullMethod: 'wasp',
  };
}

/**
 * The analysis report form (SPEC §5 wind report rules, each a field error from the shared schema, the
 * rules that need the data from the server): speeds, directions, target height, sector width, multi-year
 * periods, the wind year (the best-recovered 12 months proposed), shear heights.
 */
export function AnalysisReportModal({ open, versionId, onClose }: DialogProps & { versionId: number }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const fields = useDataReportFields(open ? versionId : undefined);
  const templates = useAnalysisTemplates();
  const request = useRequestAnalysisReport();
  const data = fields.data;
  const initialValues = useMemo(
    () => initialValuesOf(data, templates.data?.records[0]?.id),
    [data, templates.data],
  );
  // A channel's name usually says its height already ("Spd80mN", "Speed (cup_ 80 m)").
  const speedOptions = channelOptions(data?.speeds);
  const directionOptions = channelOptions(data?.directions);

  return (
    <SchemaFormModal<Values, TAnalysisReportInput, { id: number }>
      open={open && data !== undefined}
      name="analysisReportForm"
      form={form}
      width={820}
      title={t('reports.data.analysisTitle')}
      okText={t('reports.data.generate')}
      initialValues={initialValues}
      toRequest={(v) => toRequest(versionId, v)}
      schema={ZAnalysisReportRequest}
      save={(body) => request.mutateAsync(ZAnalysisReportRequest.parse(body) as TAnalysisReportRequest)}
      savedMessage={t('reports.data.started')}
      onClose={onClose}
      mapField={mapField}
    >
      {({ rule }) => (
        <Row gutter={16}>
          <FieldCol span={12} name="reportName" label={t('reports.data.reportName')} isRequired>
            <Input maxLength={50} />
          </FieldCol>
          <FieldCol span={12} name="templateId" label={t('reports.data.template')}>
            <Select
              options={(templates.data?.records ?? []).map((tpl) => ({
                value: tpl.id,
                label: tpl.tempName,
              }))}
            />
          </FieldCol>
          <Col span={12}>
            <Form.Item
              name="range"
              label={t('reports.data.period')}
              rules={[rule('reportStartDate'), rule('reportEndDate')]}
              required
            >
              <DatePicker.RangePicker style={{ width: '100%' }} allowEmpty={[false, false]} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="windYear" label={t('reports.data.windYear')} rules={[rule('windYearEnd')]}>
              <DatePicker.RangePicker picker="month" style={{ width: '100%' }} allowEmpty={[true, true]} />
            </Form.Item>
          </Col>
          <FieldCol span={12} name="speedChannelIds" label={t('reports.data.speeds')} isRequired>
            <Select
              mode="multiple"
              options={speedOptions}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
            />
          </FieldCol>
          <FieldCol span={12} name="directionChannelIds" label={t('reports.data.directions')} isRequired>
            <Select
              mode="multiple"
              options={directionOptions}
              showSearch={{ optionFilterProp: 'label' }}
              maxTagCount="responsive"
            />
          </FieldCol>
          <NumberCol name="targetHeight" label={t('reports.data.targetHeight')} suffix="m" span={8} />
          <NumberCol name="sectorWidth" label={t('reports.data.sectorWidth')} suffix="°" span={8} />
          <Col span={8}>
            <Form.Item name="weibullMethod" label={t('statistics.filters.weibullMethod')}>
              <Select options={translatedOptions(WEIBULL_METHODS, t, 'statistics.weibullMethods')} />
            </Form.Item>
          </Col>
          <FieldCol span={12} name="shearChannelIds" label={t('reports.data.shearHeights')}>
            <Select
              mode="multiple"
              options={speedOptions}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
            />
          </FieldCol>
          <Col span={12}>
            <Form.Item
              name="includeSuspicious"
              label={t('statistics.filters.includeSuspicious')}
              valuePropName="checked"
            >
              <Switch />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item label={t('reports.data.averagePeriods')} extra={t('reports.data.averagePeriodsHint')}>
              <Form.List name="averagePeriods">
                {(items, { add, remove }) => (
                  <Space orientation="vertical" style={{ width: '100%' }}>
                    {items.map((item, index) => (
                      <Space key={item.key} align="start" data-testid={`average-period-${index}`}>
                        <Form.Item
                          name={[item.name, 'startYear']}
                          noStyle={false}
                          style={{ marginBottom: 0 }}
                        >
                          <InputNumber placeholder={t('reports.data.startYear')} style={{ width: 140 }} />
                        </Form.Item>
                        <Form.Item
                          name={[item.name, 'endYear']}
                          rules={[rule(`averagePeriods.${index}.endYear`)]}
                          style={{ marginBottom: 0 }}
                        >
                          <InputNumber placeholder={t('reports.data.endYear')} style={{ width: 140 }} />
                        </Form.Item>
                        <Button
                          icon={<DeleteOutlined />}
                          aria-label={t('system.common.delete')}
                          onClick={() => remove(item.name)}
                        />
                      </Space>
                    ))}
                    <Button
                      icon={<PlusOutlined />}
                      onClick={() => add({})}
                      disabled={items.length >= WIND_REPORT_LIMITS.averagePeriodsMax}
                    >
                      {t('reports.data.addPeriod')}
                    </Button>
                  </Space>
                )}
              </Form.List>
            </Form.Item>
          </Col>
        </Row>
      )}
    </SchemaFormModal>
  );
}
