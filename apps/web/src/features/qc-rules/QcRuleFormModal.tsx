import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  QC_ELEMENTS,
  REMOTE_SENSING_TYPES,
  type TQcRule,
  type TQcRuleKind,
  type TQcRuleType,
  ZQcRuleSave,
} from '@masthub/shared';
import type { FormInstance } from 'antd';
import { Button, Col, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { firstFieldError, type TSafeParser, validationMessage } from '../../i18n/validation.ts';
import { RuleCol, SwitchCol, translatedOptions, useFieldRule } from '../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { useStationSearch } from '../ingestion/index.ts';
import { useSaveQcRule } from './api.ts';
import {
  COMPARATOR_SYMBOLS,
  COMPARATORS,
  defaultCondition,
  defaultParams,
  ELEMENT_UNITS,
  KINDS_OF_TYPE,
  type QcRuleFormValues,
  RULE_FLAGS,
  STATISTICS,
  toQcRuleForm,
  toQcRuleSave,
} from './qc-rules.utils.ts';

interface QcRuleFormModalProps extends DialogProps {
  ruleType: TQcRuleType;
  record: TQcRule | undefined;
}

const WITH_ELEMENT: readonly TQcRuleKind[] = ['range', 'trend', 'height_diff', 'missing_days'];
const WITH_FLAG: readonly TQcRuleKind[] = ['range', 'trend', 'height_diff', 'custom', 'lidar_filter'];

/**
 * Create or edit a quality-control or warning rule (SPEC §3): the kind decides the parameter fields; the
 * shared schema checks the whole form. Element and flag keep one place in the form across kinds, so
 * switching the kind (which resets the parameters to that kind's defaults) never loses them to unmounting.
 */
export function QcRuleFormModal({ open, ruleType, record, onClose }: QcRuleFormModalProps) {
  const { t } = useTranslation();
  const _language = toShortLanguage(useAppLanguage());
  const [form] = Form.useForm<QcRuleFormValues>();
  const initialValues = useMemo(() => toQcRuleForm(record, ruleType), [record, ruleType]);
  const schema = {
    safeParse: (values: unknown) =>
      ZQcRuleSave.safeParse(toQcRuleSave(values as QcRuleFormValues, ruleType, record?.id)),
  };
  const rule = useZodRule(schema);
  const save = useSaveQcRule();
  const [keywords, setKeywords] = useState('');
  const { data: stations = [] } = useStationSearch(keywords, record?.stationId ? [record.stationId] : []);
  const kind: TQcRuleKind = Form.useWatch('kind', form) ?? initialValues.kind;
  const scope = Form.useWatch('scope', form) ?? initialValues.scope;
  const element: unknown = Form.useWatch(['params', 'element'], form);
  const unit = typeof element === 'string' ? ELEMENT_UNITS[element] : undefined;

  const elementOptions = (codes: readonly string[]) =>
    codes.map((code) => ({ value: code, label: t(`qc-rules.elements.${code}`) }));
  const number = (props: { min?: number; precision?: number; suffix?: string } = {}) => (
    <InputNumber style={{ width: '100%' }} {...props} />
  );

  const kindFields = () => {
    switch (kind) {
      case 'range':
        return (
          <>
            <ParamCol name="min">{number({ ...(unit ? { suffix: unit } : {}) })}</ParamCol>
            <ParamCol name="max" dependsOn="min" tooltip={t('qc-rules.form.rangeHelp')}>
              {number({ ...(unit ? { suffix: unit } : {}) })}
            </ParamCol>
          </>
        );
      case 'trend':
        return (
          <>
            <ParamCol name="maxChange" tooltip={t('qc-rules.form.trendHelp')}>
              {number({ min: 0, ...(unit ? { suffix: unit } : {}) })}
            </ParamCol>
            <ParamCol name="windowHours">{number({ min: 1, precision: 0 })}</ParamCol>
          </>
        );
      case 'height_diff':
        return (
          <>
            <ParamCol name="lowerHeight">{number({ min: 0 })}</ParamCol>
            <ParamCol name="upperHeight" dependsOn="lowerHeight">
              {number({ min: 0 })}
            </ParamCol>
            <ParamCol name="maxDifference" tooltip={t('qc-rules.form.heightDiffHelp')}>
              {number({ min: 0, ...(unit ? { suffix: unit } : {}) })}
            </ParamCol>
          </>
        );
      case 'missing_days':
        return (
          <ParamCol name="minValuesPerDay" tooltip={t('qc-rules.form.missingDaysHelp')}>
            {number({ min: 1, precision: 0 })}
          </ParamCol>
        );
      case 'custom':
        return (
          <>
            <Col xs={24} md={12}>
              <Form.Item name={['params', 'combine']} label={t('qc-rules.form.combine')}>
                <Radio.Group
                  options={[
                    { value: 'and', label: t('qc-rules.form.and') },
                    { value: 'or', label: t('qc-rules.form.or') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={4}>
              <Form.Item
                name={['params', 'negate']}
                label={t('qc-rules.form.negate')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item
                label={t('qc-rules.form.conditions')}
                tooltip={t('qc-rules.form.heightHelp')}
                required
              >
                <ConditionsList schema={schema} form={form} elementOptions={elementOptions} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name={['params', 'targetElement']}
                label={t('qc-rules.form.targetElement')}
                rules={[rule('params.targetElement')]}
              >
                <Select
                  allowClear
                  placeholder={t('qc-rules.form.sameAsFirst')}
                  options={elementOptions(QC_ELEMENTS)}
                />
              </Form.Item>
            </Col>
          </>
        );
      case 'no_data_days':
        return (
          <ParamCol name="days" tooltip={t('qc-rules.form.daysHelp')}>
            {number({ min: 1, precision: 0 })}
          </ParamCol>
        );
      case 'lidar_filter':
        return <LidarFilterCols />;
    }
  };

  return (
    <SchemaFormModal<QcRuleFormValues, ReturnType<typeof toQcRuleSave>>
      open={open}
      name={`qcRuleForm-${ruleType}`}
      width={860}
      title={t(record ? `qc-rules.editTitle.${ruleType}` : `qc-rules.createTitle.${ruleType}`)}
      form={form}
      initialValues={initialValues}
      toRequest={(values) => toQcRuleSave(values, ruleType, record?.id)}
      schema={ZQcRuleSave}
      save={(request) => save.mutateAsync(request)}
      onClose={onClose}
    >
      {() => (
        <>
          <Row gutter={16}>
            <RuleCol xs={24} md={12} name="name" label={t('qc-rules.name')} required>
              <Input autoComplete="off" maxLength={50} />
            </RuleCol>
            <RuleCol xs={24} md={12} name="kind" label={t('qc-rules.kind')} required>
              <Select
                disabled={KINDS_OF_TYPE[ruleType].length === 1}
                options={KINDS_OF_TYPE[ruleType].map((k) => ({
                  value: k,
                  label: t(`qc-rules.kinds.${k}`),
                }))}
                onChange={(next: TQcRuleKind) => form.setFieldValue('params', defaultParams(next))}
              />
            </RuleCol>
            {WITH_ELEMENT.includes(kind) && (
              <Col xs={24} md={8}>
                <Form.Item
                  name={['params', 'element']}
                  label={t('qc-rules.element')}
                  rules={[rule('params.element')]}
                  required
                >
                  <Select options={elementOptions(kind === 'height_diff' ? ['ws', 'wd'] : QC_ELEMENTS)} />
                </Form.Item>
              </Col>
            )}
            {kindFields()}
            {WITH_FLAG.includes(kind) && <FlagCol />}
            <ScopeCols isOneStation={scope === 'station'} stations={stations} onSearch={setKeywords} />
            <SwitchCol xs={24} md={4} name="isEnabled" label={t('qc-rules.enabled')} />
            <RuleCol xs={24} md={20} name="notes" label={t('qc-rules.notes')}>
              <Input maxLength={200} />
            </RuleCol>
          </Row>
        </>
      )}
    </SchemaFormModal>
  );
}

/** One required numeric parameter of a rule kind, labelled by its key. */
function ParamCol({
  name,
  dependsOn,
  tooltip,
  children,
}: {
  name: string;
  /** The parameter this one is checked against (re-validated when that one changes). */
  dependsOn?: string;
  tooltip?: string;
  children: ReactNode;
}) {
  const rule = useFieldRule();
  const { t } = useTranslation();
  return (
    <Col xs={24} md={8}>
      <Form.Item
        name={['params', name]}
        label={t(`qc-rules.form.${name}`)}
        rules={[rule(`params.${name}`)]}
        dependencies={dependsOn ? [['params', dependsOn]] : undefined}
        tooltip={tooltip}
        required
      >
        {children}
      </Form.Item>
    </Col>
  );
}

/** The conditions of a custom rule (at most 10): element, height, statistic, comparator, threshold. */
function ConditionsList({
  schema,
  form,
  elementOptions,
}: {
  schema: TSafeParser;
  form: FormInstance<QcRuleFormValues>;
  elementOptions: (codes: readonly string[]) => { value: string; label: string }[];
}) {
  const rule = useFieldRule();
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  return (
    <Form.List
      name={['params', 'conditions']}
      rules={[
        {
          validator: async () => {
            const message = firstFieldError(schema, form.getFieldsValue(), 'params.conditions', language);
            if (message) throw new Error(message);
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          {fields.map((field) => {
            const path = `params.conditions.${field.name}`;
            return (
              <Space key={field.key} align="start" wrap style={{ display: 'flex' }}>
                <Form.Item name={[field.name, 'element']} rules={[rule(`${path}.element`)]}>
                  <Select
                    style={{ width: 130 }}
                    aria-label={t('qc-rules.element')}
                    options={elementOptions(QC_ELEMENTS)}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'heightM']} rules={[rule(`${path}.heightM`)]}>
                  <InputNumber
                    style={{ width: 130 }}
                    min={0}
                    aria-label={t('qc-rules.form.height')}
                    placeholder={t('qc-rules.form.anyHeight')}
                    suffix="m"
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'statistic']} rules={[rule(`${path}.statistic`)]}>
                  <Select
                    style={{ width: 130 }}
                    aria-label={t('qc-rules.form.statistic')}
                    options={translatedOptions(STATISTICS, t, 'qc-rules.statistics')}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'comparator']} rules={[rule(`${path}.comparator`)]}>
                  <Select
                    style={{ width: 80 }}
                    aria-label={t('qc-rules.form.comparator')}
                    options={COMPARATORS.map((c) => ({ value: c, label: COMPARATOR_SYMBOLS[c] }))}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'threshold']} rules={[rule(`${path}.threshold`)]}>
                  <InputNumber
                    style={{ width: 130 }}
                    aria-label={t('qc-rules.form.threshold')}
                    placeholder={t('qc-rules.form.threshold')}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<MinusCircleOutlined />}
                  aria-label={t('qc-rules.form.removeCondition')}
                  onClick={() => remove(field.name)}
                />
              </Space>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= 10}
            onClick={() => add(defaultCondition())}
          >
            {t('qc-rules.form.addCondition')}
          </Button>
          <Form.ErrorList errors={errors} />
        </>
      )}
    </Form.List>
  );
}

/** Where the rule applies: every site, or one site found by code or name. */
function ScopeCols({
  isOneStation,
  stations,
  onSearch,
}: {
  isOneStation: boolean;
  /** The sites found, the rule's own site first when editing. */
  stations: readonly { id: number; stationCode: string; projectName: string }[];
  onSearch: (keywords: string) => void;
}) {
  const rule = useFieldRule();
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  return (
    <>
      <Col xs={24} md={8}>
        <Form.Item name="scope" label={t('qc-rules.scope')}>
          <Radio.Group
            options={[
              { value: 'all', label: t('qc-rules.allStations') },
              { value: 'station', label: t('qc-rules.oneStation') },
            ]}
          />
        </Form.Item>
      </Col>
      {isOneStation && (
        <Col xs={24} md={16}>
          <Form.Item
            name="stationId"
            label={t('qc-rules.station')}
            rules={[
              { required: true, message: validationMessage('stationRequired', language) },
              rule('stationId'),
            ]}
          >
            <Select
              showSearch={{ filterOption: false, onSearch }}
              options={stations.map((station) => ({
                value: station.id,
                label: `${station.stationCode} ${station.projectName}`,
              }))}
            />
          </Form.Item>
        </Col>
      )}
    </>
  );
}

/** The flag a rule sets on the values it catches. */
function FlagCol() {
  const rule = useFieldRule();
  const { t } = useTranslation();
  return (
    <Col xs={24} md={8}>
      <Form.Item name={['params', 'flag']} label={t('qc-rules.form.flag')} rules={[rule('params.flag')]}>
        <Select options={translatedOptions(RULE_FLAGS, t, 'qc-rules.flags')} />
      </Form.Item>
    </Col>
  );
}

/** The lidar/sodar filter's measurement types and thresholds; an empty threshold turns its filter off. */
function LidarFilterCols() {
  const rule = useFieldRule();
  const { t } = useTranslation();
  const optional = (name: string, suffix: string, tooltip?: string) => (
    <Col xs={24} md={8}>
      <Form.Item
        name={['params', name]}
        label={t(`qc-rules.form.${name}`)}
        rules={[rule(`params.${name}`)]}
        tooltip={tooltip}
      >
        <InputNumber style={{ width: '100%' }} placeholder={t('qc-rules.form.filterOff')} suffix={suffix} />
      </Form.Item>
    </Col>
  );
  return (
    <>
      <Col xs={24} md={16}>
        <Form.Item
          name={['params', 'deviceTypes']}
          label={t('qc-rules.form.deviceTypes')}
          rules={[rule('params.deviceTypes')]}
          required
        >
          <Select
            mode="multiple"
            data-testid="lidar-filter-device-types"
            options={translatedOptions(REMOTE_SENSING_TYPES, t, 'qc-rules.deviceTypes')}
          />
        </Form.Item>
      </Col>
      {optional('availabilityMin', '%', t('qc-rules.form.availabilityHelp'))}
      {optional('cnrMinDb', 'dB', t('qc-rules.form.cnrHelp'))}
      {optional('qualityMin', '%')}
      <Col xs={24} md={16}>
        <Form.Item
          name={['params', 'invalidMarkers']}
          label={t('qc-rules.form.invalidMarkers')}
          rules={[rule('params.invalidMarkers')]}
        >
          <Select mode="tags" tokenSeparators={[' ', ';']} open={false} />
        </Form.Item>
      </Col>
    </>
  );
}
