import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type TVersionChannel, ZTowerShadowRequest } from '@masthub/shared';
import { Button, Card, Col, Form, InputNumber, Radio, Row, Skeleton, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useChannelConfigs } from '../../station-detail/api.ts';
import { channelsOf, suggestTowerShadowPairs } from '../measure-wind.utils.ts';
import { type TowerShadowFormValues, toTowerShadowRequest } from '../requests.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import {
  type ProcessingDialogProps,
  ProcessingModal,
  RangeFormItem,
  useProcessingForm,
} from './ProcessingModal.tsx';

const MAX_PAIRS = 20;

export interface TowerShadowModalProps extends ProcessingDialogProps {
  stationId: number;
  channels: readonly TVersionChannel[];
}

/**
 * 塔影修正 (SPEC §9: 国标法 / 最大值法 / 平均值法): two anemometers per height merged into one series
 * outside each cup's tower-wake sector; the correction angle turns the wake sectors (±15°).
 */
export function TowerShadowModal({
  open,
  stationId,
  versionId,
  channels,
  utcCode,
  onClose,
  onStarted,
}: TowerShadowModalProps) {
  const { t } = useTranslation();
  const toRequest = (values: TowerShadowFormValues) => toTowerShadowRequest(values, versionId, utcCode);
  const { form, rule } = useProcessingForm(ZTowerShadowRequest, toRequest);
  const method = Form.useWatch('method', form) ?? 'gb';
  const speedAverages = channelsOf(channels, 'ws', 'avg');
  const speedSds = channelsOf(channels, 'ws', 'sd');
  const speedMaxima = channelsOf(channels, 'ws', 'max');
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
    <ProcessingModal
      kind="tower_shadow"
      open={open}
      form={form}
      toRequest={toRequest}
      onClose={onClose}
      onStarted={onStarted}
      width={860}
      isLoading={configs.isPending}
    >
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
            <Col xs={24} md={12}>
              <Form.Item
                name="method"
                label={t('measure-wind.towerShadow.method')}
                rules={[rule('method')]}
                required
              >
                <Radio.Group
                  optionType="button"
                  options={(['gb', 'max', 'average'] as const).map((value) => ({
                    value,
                    label: t(`measure-wind.towerShadow.methods.${value}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="correctionAngle"
                label={t('measure-wind.towerShadow.correctionAngle')}
                tooltip={t('measure-wind.towerShadow.correctionAngleHint')}
                rules={[rule('correctionAngle')]}
                required
              >
                {/* No min/max: an angle out of range gets the SPEC §5 message instead of being clamped. */}
                <InputNumber step={0.5} suffix="°" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="wakeHalfWidth"
                label={t('measure-wind.towerShadow.wakeHalfWidth')}
                tooltip={t('measure-wind.towerShadow.wakeHalfWidthHint')}
                rules={[rule('wakeHalfWidth')]}
              >
                <InputNumber min={5} max={60} step={1} suffix="°" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="directionChannelId"
                label={t('measure-wind.towerShadow.directionChannel')}
                extra={method === 'gb' ? undefined : t('measure-wind.towerShadow.directionOptional')}
                rules={[rule('directionChannelId')]}
                dependencies={['method']}
                required={method === 'gb'}
              >
                <ChannelSelect channels={vanes} allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <RangeFormItem rules={[rule('endTime')]} />
            </Col>
          </Row>
          <Typography.Title level={5} style={{ marginTop: 0 }}>
            {t('measure-wind.towerShadow.pairs')}
          </Typography.Title>
          <Form.List name="pairs">
            {(fields, { add, remove }) => (
              <>
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    style={{ marginBottom: 8 }}
                    title={t('measure-wind.towerShadow.pairTitle', { index: index + 1 })}
                    extra={
                      <Button
                        type="text"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                        aria-label={t('measure-wind.towerShadow.removePair')}
                      />
                    }
                  >
                    <Row gutter={8}>
                      {(['A', 'B'] as const).map((side) => (
                        <Col key={side} xs={24} md={12}>
                          <Row gutter={8}>
                            <Col span={14}>
                              <Form.Item
                                name={[field.name, `avg${side}`]}
                                label={t('measure-wind.towerShadow.avg', { side })}
                                rules={[rule(`pairs.${field.name}.avg${side}`)]}
                                required
                              >
                                <ChannelSelect channels={speedAverages} />
                              </Form.Item>
                            </Col>
                            <Col span={10}>
                              <Form.Item
                                name={[field.name, `boom${side}`]}
                                label={t('measure-wind.towerShadow.boom', { side })}
                                tooltip={t('measure-wind.towerShadow.boomHint')}
                                rules={[rule(`pairs.${field.name}.boom${side}`)]}
                                dependencies={['method']}
                                required={method === 'gb'}
                              >
                                <InputNumber
                                  min={0}
                                  max={360}
                                  step={1}
                                  suffix="°"
                                  style={{ width: '100%' }}
                                />
                              </Form.Item>
                            </Col>
                            <Col span={12}>
                              <Form.Item
                                name={[field.name, `sd${side}`]}
                                label={t('measure-wind.towerShadow.sd', { side })}
                              >
                                <ChannelSelect channels={speedSds} allowClear />
                              </Form.Item>
                            </Col>
                            <Col span={12}>
                              <Form.Item
                                name={[field.name, `max${side}`]}
                                label={t('measure-wind.towerShadow.max', { side })}
                              >
                                <ChannelSelect channels={speedMaxima} allowClear />
                              </Form.Item>
                            </Col>
                          </Row>
                        </Col>
                      ))}
                    </Row>
                  </Card>
                ))}
                <Button
                  type="dashed"
                  block
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_PAIRS}
                  onClick={() => add({})}
                >
                  {t('measure-wind.towerShadow.addPair')}
                </Button>
              </>
            )}
          </Form.List>
        </Form>
      )}
    </ProcessingModal>
  );
}
