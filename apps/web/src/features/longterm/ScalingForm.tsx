import { CalculatorOutlined } from '@ant-design/icons';
import {
  SCALING_METHOD_KEYS,
  type TMesoscaleDataset,
  type TScaleRequest,
  type TScaleRequestInput,
  type TScaleResult,
  ZScaleRequest,
} from '@masthub/shared';
import { Button, Col, Form, InputNumber, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RuleForm, translatedOptions } from '../../ui/form/RuleItem.tsx';
import { useRequestRule } from '../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../ui/list/field-errors.ts';
import { FieldCol, NumberCol, useVersionChannels, VersionChannelCols } from '../analysis-form/index.ts';
import { useScaleCalculate, useScaleGenerate } from './api.ts';
import { referenceChannelOptions } from './LongTermReference.tsx';
import { ScalingResult } from './ScalingResult.tsx';

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

/**
 * The mesoscale-scaling method of the long-term drawer (WIND-ANALYSIS §12): one mesoscale dataset scaled to
 * the mast by the chosen method, its result, and a data version made of it.
 */
export function ScalingForm({
  stationId,
  dataset,
}: {
  stationId: number;
  dataset: TMesoscaleDataset | undefined;
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
  const rule = useRequestRule(ZScaleRequest, toRequest);
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

  return (
    <>
      <RuleForm<ScaleValues> rule={rule} form={form} layout="vertical" name="scaleForm">
        <Row gutter={16}>
          <VersionChannelCols
            {...versionChannels}
            speedLabel={t('wsa.scale.mastSpeed')}
            directionLabel={t('wsa.scale.mastDirection')}
          />
          <Col span={6}>
            <Form.Item name="method" label={t('wsa.scale.method')}>
              <Select options={translatedOptions(SCALING_METHOD_KEYS, t, 'wsa.methods')} />
            </Form.Item>
          </Col>
          <FieldCol span={6} name="mesoSpeedKey" label={t('wsa.scale.mesoSpeed')} isRequired>
            <Select options={referenceChannelOptions(dataset, 'ws')} />
          </FieldCol>
          <FieldCol span={6} name="mesoDirectionKey" label={t('wsa.scale.mesoDirection')} isRequired>
            <Select options={referenceChannelOptions(dataset, 'wd')} />
          </FieldCol>
          <NumberCol name="sectorWidth" label={t('reports.data.sectorWidth')} suffix="°" span={6} />
          <FieldCol span={6} name="minCoverage" label={t('wsa.scale.coverage')}>
            <InputNumber style={{ width: '100%' }} step={0.05} />
          </FieldCol>
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
      </RuleForm>
      {result && (
        <ScalingResult
          result={result}
          versionName={versionName}
          onVersionName={setVersionName}
          isGenerating={generate.isPending}
          onGenerate={() => void makeVersion()}
        />
      )}
    </>
  );
}
