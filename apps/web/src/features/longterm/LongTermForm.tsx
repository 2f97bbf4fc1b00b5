import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  MCP_COMPARE_METHOD_KEYS,
  MCP_LONG_TERM_PERIODS_MAX,
  MCP_LONG_TERM_SERIES_KINDS,
  MCP_LONG_TERM_SERIES_NAMES,
  MCP_METHOD_NAMES,
  MCP_PERIOD_KEYS,
  MCP_PERIOD_NAMES,
  MCP_SECTOR_CHOICES,
  type TMcpReference,
  type TMesoscaleDataset,
} from '@masthub/shared';
import {
  Button,
  Checkbox,
  Col,
  DatePicker,
  Divider,
  Form,
  type FormInstance,
  InputNumber,
  Row,
  Select,
} from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import { RuleCol, RuleForm, RuleItem, type TFieldRule } from '../../ui/form/RuleItem.tsx';
import { useVersionChannels, VersionChannelCols } from '../analysis-form/index.ts';
import { LongTermReference } from './LongTermReference.tsx';
import { candidateToValues, LONG_TERM_DEFAULTS, type LongTermValues } from './longterm.request.ts';

/** The workbench's form: the target, the reference, the alignment options and the long-term periods. */
export function LongTermForm({
  form,
  stationId,
  datasets,
  datasetId,
  preset,
  rule,
}: {
  form: FormInstance<LongTermValues>;
  stationId: number;
  datasets: readonly TMesoscaleDataset[];
  /** The mesoscale dataset chosen first (the row the workbench was opened from). */
  datasetId?: number | undefined;
  /** The site's default reference to start from (a neighbouring site's is left to the user to pick). */
  preset?: TMcpReference | undefined;
  /** The schema rule every field is checked by. */
  rule: TFieldRule;
}) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  const versionChannels = useVersionChannels(form, stationId);
  useEffect(() => {
    // Unless the user has begun choosing a reference (the target's own fields fill themselves).
    const chosen = form.isFieldsTouched(['referenceKind', 'datasetId', 'referenceId', 'speedKey']);
    if (!preset || preset.kind === 'site' || chosen) return;
    form.setFieldsValue(candidateToValues({ stationId, reference: preset }));
  }, [preset, stationId, form]);
  return (
    <RuleForm<LongTermValues>
      rule={rule}
      form={form}
      layout="vertical"
      name="longTermForm"
      initialValues={{ ...LONG_TERM_DEFAULTS, ...(datasetId ? { datasetId } : {}) }}
      data-testid="lt-form"
    >
      <Divider titlePlacement="start" plain>
        {t('longterm.target')}
      </Divider>
      <Row gutter={16}>
        <VersionChannelCols
          {...versionChannels}
          speedLabel={t('longterm.targetSpeed')}
          directionLabel={t('longterm.targetDirection')}
        />
      </Row>
      <Divider titlePlacement="start" plain>
        {t('longterm.reference')}
      </Divider>
      <LongTermReference form={form} stationId={stationId} datasets={datasets} />
      <Divider titlePlacement="start" plain>
        {t('longterm.options')}
      </Divider>
      <Row gutter={16}>
        <RuleCol span={6} name="period" label={t('longterm.period')}>
          <Select
            options={MCP_PERIOD_KEYS.map((p) => ({ value: p, label: MCP_PERIOD_NAMES[p][language] }))}
          />
        </RuleCol>
        <RuleCol span={6} name="coverage" label={t('longterm.coverage')} required>
          <InputNumber style={{ width: '100%' }} min={0.5} max={1} step={0.05} />
        </RuleCol>
        <RuleCol span={6} name="sectors" label={t('longterm.sectors')}>
          <Select
            options={MCP_SECTOR_CHOICES.map((n) => ({
              value: n,
              label: n === 0 ? t('longterm.sectorsNone') : String(n),
            }))}
          />
        </RuleCol>
        <Col span={6}>
          <Form.Item name="includeSuspicious" valuePropName="checked" label=" ">
            <Checkbox>{t('longterm.includeSuspicious')}</Checkbox>
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <RuleCol span={12} name="methods" label={t('longterm.methodsChoice')} required>
          <Select
            mode="multiple"
            data-testid="lt-method-choice"
            options={MCP_COMPARE_METHOD_KEYS.map((m) => ({ value: m, label: MCP_METHOD_NAMES[m][language] }))}
          />
        </RuleCol>
        <RuleCol span={6} name="longTermSeries" label={t('longterm.longTermSeries')}>
          <Select
            data-testid="lt-series-kind"
            options={MCP_LONG_TERM_SERIES_KINDS.map((k) => ({
              value: k,
              label: MCP_LONG_TERM_SERIES_NAMES[k][language],
            }))}
          />
        </RuleCol>
        <RuleCol
          span={6}
          name="minSectorCount"
          label={t('longterm.minSectorCount')}
          tooltip={t('longterm.minSectorCountHint')}
          required
        >
          <InputNumber style={{ width: '100%' }} min={2} max={10000} step={1} precision={0} />
        </RuleCol>
      </Row>
      <Row gutter={16}>
        <RuleCol span={12} name="campaign" label={t('longterm.campaign')} extra={t('longterm.campaignHint')}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            style={{ width: '100%' }}
            data-testid="lt-campaign"
          />
        </RuleCol>
      </Row>
      <LongTermPeriods />
    </RuleForm>
  );
}

/** Up to MCP_LONG_TERM_PERIODS_MAX date ranges, either end open. */
function LongTermPeriods() {
  const { t } = useTranslation();
  return (
    <Form.Item
      label={t('longterm.longTermPeriods')}
      extra={t('longterm.longTermHint', { max: MCP_LONG_TERM_PERIODS_MAX })}
    >
      <Form.List name="longTermPeriods">
        {(items, { add, remove }) => (
          <Row gutter={[16, 8]}>
            {items.map((item) => (
              <Col span={8} key={item.key}>
                <Row wrap={false} gutter={4}>
                  <Col flex="auto">
                    <RuleItem
                      name={item.name}
                      field={`longTermPeriods.${item.name}`}
                      style={{ marginBottom: 0 }}
                    >
                      <DatePicker.RangePicker allowEmpty={[true, true]} style={{ width: '100%' }} />
                    </RuleItem>
                  </Col>
                  <Col>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(item.name)} />
                  </Col>
                </Row>
              </Col>
            ))}
            {items.length < MCP_LONG_TERM_PERIODS_MAX && (
              <Col span={8}>
                <Button icon={<PlusOutlined />} onClick={() => add(null)} data-testid="lt-add-period">
                  {t('longterm.addPeriod')}
                </Button>
              </Col>
            )}
          </Row>
        )}
      </Form.List>
    </Form.Item>
  );
}
