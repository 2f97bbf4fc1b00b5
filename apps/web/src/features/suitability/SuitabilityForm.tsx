import {
  SUITABILITY_EXTREME_CHOICES,
  SUITABILITY_PERIODS_PER_YEAR,
  type TDatasetVersion,
  type TVersionChannel,
} from '@masthub/shared';
import { Button, Col, Form, type FormInstance, Input, InputNumber, Radio, Row, Select, Slider } from 'antd';
import { useTranslation } from 'react-i18next';
import { translatedOptions } from '../../ui/form/RuleItem.tsx';
import { channelLabel, QualityOptions, versionOptions } from '../analysis-form/index.ts';
import { channelsOf, type SuitabilityFormValues, type TChannelKind } from './suitability.request.ts';

interface Props {
  form: FormInstance<SuitabilityFormValues>;
  /** The defaults of the options (density source, check range, TI definition, extreme method, periods). */
  initialValues: Partial<SuitabilityFormValues>;
  versions: readonly TDatasetVersion[] | undefined;
  /** The site's long-term versions offered as the basis (the newest preselected). */
  longTermVersions: readonly { id: number; name: string }[];
  channels: readonly TVersionChannel[];
  speed: TVersionChannel | undefined;
  isRunning: boolean;
  canExport: boolean;
  isExporting: boolean;
  onRun: () => void;
  onExport: () => void;
}

/** The site suitability form: version and basis, hub height, channels, density, check range, extremes. */
export function SuitabilityForm(props: Props) {
  const { t } = useTranslation();
  const { form, channels, speed } = props;
  const densitySource = Form.useWatch('densitySource', form);
  const options = (kind: TChannelKind) =>
    channelsOf(channels, kind, kind === 'speed' ? undefined : speed).map((c) => ({
      value: c.id,
      label: channelLabel({ ...c, heightTag: c.heightM === null ? '' : `${c.heightM}m` }),
    }));
  const optionalChannel = (name: keyof SuitabilityFormValues, kind: TChannelKind) => (
    <Col span={6}>
      <Form.Item name={name} label={t(`suitability.form.${kind}`)}>
        <Select allowClear options={options(kind)} placeholder={t('suitability.form.none')} />
      </Form.Item>
    </Col>
  );
  return (
    <Form
      form={form}
      name="suitForm"
      layout="vertical"
      initialValues={props.initialValues}
      data-testid="suit-form"
    >
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item name="versionId" label={t('suitability.form.version')} rules={[{ required: true }]}>
            <Select options={versionOptions(props.versions, t)} data-testid="suit-version" />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item
            name="longTermVersionId"
            label={t('suitability.form.longTerm')}
            tooltip={t('suitability.form.longTermHelp')}
          >
            <Select
              data-testid="suit-longterm"
              options={[
                { value: 0, label: t('suitability.form.noLongTerm') },
                ...props.longTermVersions.map((v) => ({ value: v.id, label: v.name })),
              ]}
            />
          </Form.Item>
        </Col>
        <Col span={4}>
          <Form.Item name="hubHeight" label={t('suitability.form.hubHeight')} rules={[{ required: true }]}>
            <InputNumber min={1} max={500} precision={0} suffix="m" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col span={8}>
          <Form.Item name="speedChannelId" label={t('suitability.form.speed')} rules={[{ required: true }]}>
            <Select options={options('speed')} data-testid="suit-speed" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        {optionalChannel('directionChannelId', 'vane')}
        {optionalChannel('sdChannelId', 'sd')}
        {optionalChannel('gustChannelId', 'gust')}
        {optionalChannel('verticalChannelId', 'vertical')}
      </Row>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name="shearChannelIds"
            label={t('suitability.form.shear')}
            tooltip={t('suitability.form.shearHelp')}
          >
            <Select mode="multiple" allowClear maxCount={8} options={options('speed')} />
          </Form.Item>
        </Col>
        <Col span={6}>
          <Form.Item name="densitySource" label={t('suitability.form.density')}>
            <Radio.Group
              options={[
                { value: 'measured', label: t('suitability.form.densityMeasured') },
                { value: 'altitude', label: t('suitability.form.densityAltitude') },
              ]}
            />
          </Form.Item>
        </Col>
        {densitySource === 'altitude' ? (
          <Col span={6}>
            <Form.Item name="altitudeM" label={t('suitability.form.altitude')}>
              <InputNumber min={-500} max={9000} suffix="m" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        ) : (
          <>
            {optionalChannel('temperatureChannelId', 'temperature')}
            {optionalChannel('pressureChannelId', 'pressure')}
          </>
        )}
      </Row>
      <Row gutter={16}>
        <Col span={6}>
          <Form.Item
            name="checkRange"
            label={t('suitability.form.checkRange')}
            tooltip={t('suitability.form.checkRangeHelp')}
          >
            <Slider range min={1} max={40} marks={{ 10: '10', 25: '25' }} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="turbulenceDefinition" label={t('suitability.form.tiDefinition')}>
            <Select
              options={(['sigma', 'ti'] as const).map((d) => ({
                value: d,
                label: t(`suitability.tiDefinitions.${d}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item name="extremeMethod" label={t('suitability.form.extremeMethod')}>
            <Select options={translatedOptions(SUITABILITY_EXTREME_CHOICES, t, 'suitability.methods')} />
          </Form.Item>
        </Col>
        <Col span={3}>
          <Form.Item name="periodsPerYear" label={t('suitability.form.periodsPerYear')}>
            <Select options={SUITABILITY_PERIODS_PER_YEAR.map((p) => ({ value: p, label: String(p) }))} />
          </Form.Item>
        </Col>
        <Col span={5}>
          <Form.Item
            name="annualMaxima"
            label={t('suitability.form.annualMaxima')}
            tooltip={t('suitability.form.annualMaximaHelp')}
          >
            <Input placeholder="22.1, 25.3, 19.8 …" />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <QualityOptions />
      </Row>
      <Row gutter={8}>
        <Col>
          <Button type="primary" loading={props.isRunning} onClick={props.onRun} data-testid="suit-run">
            {t('suitability.run')}
          </Button>
        </Col>
        <Col>
          <Button
            disabled={!props.canExport}
            loading={props.isExporting}
            onClick={props.onExport}
            data-testid="suit-export"
          >
            {t('suitability.export')}
          </Button>
        </Col>
      </Row>
    </Form>
  );
}
