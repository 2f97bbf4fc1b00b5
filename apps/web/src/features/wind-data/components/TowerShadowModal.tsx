import { type TVersionChannel, ZTowerShadowRequest } from '@masthub/shared';
import { Col, Form, InputNumber, Radio, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol, translatedOptions } from '../../../ui/form/RuleItem.tsx';
import { useChannelConfigs } from '../../station-assets/index.ts';
import { type TowerShadowFormValues, toTowerShadowRequest } from '../requests.utils.ts';
import { channelsOf, suggestTowerShadowPairs } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import {
  hintedLabel,
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';
import { TowerShadowPairs } from './TowerShadowPairs.tsx';

export interface TowerShadowModalProps extends ProcessingDialogProps {
  stationId: number;
  channels: readonly TVersionChannel[];
}

/**
 * 塔影修正 (SPEC §9: 国标法 / 最大值法 / 平均值法): two anemometers per height merged into one series
 * outside each cup's tower-wake sector; the correction angle turns the wake sectors (±15°).
 */
export function TowerShadowModal({ stationId, channels, ...dialog }: TowerShadowModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: TowerShadowFormValues) =>
    toTowerShadowRequest(values, dialog.versionId, dialog.utcCode);
  const { form, rule, frame } = useProcessingForm(ZTowerShadowRequest, toRequest);
  const method = Form.useWatch('method', form) ?? 'gb';
  const vanes = channelsOf(channels, 'wd', 'avg');
  // Boom bearings of the configuration in force, by data key (the form waits for them: initial values).
  const configs = useChannelConfigs(stationId);
  const booms = useMemo(() => {
    const byDataKey = new Map<string, number>();
    for (const channel of configs.data?.inForce?.channels ?? []) {
      if (channel.boomOrientationDeg !== null) {
        byDataKey.set(channel.dataKey.toLowerCase(), channel.boomOrientationDeg);
      }
    }
    return byDataKey;
  }, [configs.data]);
  const suggested = suggestTowerShadowPairs(channels, booms);

  const initialValues: TowerShadowFormValues = {
    method: 'gb',
    correctionAngle: 0,
    wakeHalfWidth: 30,
    directionChannelId: vanes[0]?.id,
    pairs: suggested.length > 0 ? suggested : [{}],
  };

  return (
    <ProcessingModal kind="tower_shadow" {...dialog} {...frame} width={860} isLoading={configs.isPending}>
      {configs.isPending ? (
        <Skeleton active />
      ) : (
        <Form<TowerShadowFormValues>
          form={form}
          name="mwTowerShadowForm"
          layout="vertical"
          initialValues={initialValues}
        >
          <Row gutter={16}>
            <RuleCol xs={24} md={12} name="method" label={t('measure-wind.towerShadow.method')} required>
              <Radio.Group
                optionType="button"
                options={translatedOptions(
                  ['gb', 'max', 'average'] as const,
                  t,
                  'measure-wind.towerShadow.methods',
                )}
              />
            </RuleCol>
            <RuleCol
              xs={12}
              md={6}
              name="correctionAngle"
              {...hintedLabel(t, 'measure-wind.towerShadow', 'correctionAngle')}
              required
            >
              {/* No min/max: an angle out of range gets the SPEC §5 message instead of being clamped. */}
              <InputNumber step={0.5} suffix="°" style={{ width: '100%' }} />
            </RuleCol>
            <RuleCol
              xs={12}
              md={6}
              name="wakeHalfWidth"
              {...hintedLabel(t, 'measure-wind.towerShadow', 'wakeHalfWidth')}
            >
              <InputNumber min={5} max={60} step={1} suffix="°" style={{ width: '100%' }} />
            </RuleCol>
            <RuleCol
              xs={24}
              md={12}
              name="directionChannelId"
              label={t('measure-wind.towerShadow.directionChannel')}
              extra={method === 'gb' ? undefined : t('measure-wind.towerShadow.directionOptional')}
              dependencies={['method']}
              required={method === 'gb'}
            >
              <ChannelSelect channels={vanes} allowClear />
            </RuleCol>
            <Col xs={24} md={12}>
              <RangeFormItem rules={[rule('endTime')]} />
            </Col>
          </Row>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('measure-wind.towerShadow.pairs')}
          </Typography.Title>
          <TowerShadowPairs method={method} channels={channels} />
        </Form>
      )}
    </ProcessingModal>
  );
}
