import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import {
  type TDatasetVersion,
  type TProcessingTask,
  type TVersionChannel,
  ZRepresentativeYearRequest,
} from '@masthub/shared';
import { Button, Col, Form, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../../app/use-zod-rule.ts';
import { useStationSearch } from '../../ingestion/api.ts';
import { useVersionChannels, useVersions } from '../api.ts';
import { channelsOf } from '../measure-wind.utils.ts';
import { type RepresentativeYearFormValues, toRepresentativeYearRequest } from '../requests.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';
import { ProcessingModal } from './ProcessingModal.tsx';

const MAX_PERIODS = 3;

export interface RepresentativeYearModalProps {
  open: boolean;
  stationId: number;
  version: TDatasetVersion;
  channels: readonly TVersionChannel[];
  onClose: () => void;
  onStarted: (task: TProcessingTask) => void;
}

function versionOptions(versions: readonly TDatasetVersion[]) {
  return versions.map((version) => ({
    value: version.id,
    label: (
      <Space size={4}>
        {version.isViewOnly ? <LockOutlined /> : null}
        {version.name}
      </Space>
    ),
    title: version.name,
  }));
}

/**
 * 代表年 (SPEC §5: at most 3 periods, start year before end year): keep the best 12 consecutive months
 * or the average year of up to three periods, optionally corrected to the long term with a reference
 * series (another version, e.g. of a nearby station).
 */
export function RepresentativeYearModal({
  open,
  stationId,
  version,
  channels,
  onClose,
  onStarted,
}: RepresentativeYearModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RepresentativeYearFormValues>();
  const toRequest = (values: RepresentativeYearFormValues) => toRepresentativeYearRequest(values, version.id);
  const rule = useZodRule({
    safeParse: (values: unknown) =>
      ZRepresentativeYearRequest.safeParse(toRequest(values as RepresentativeYearFormValues)),
  });
  const method = Form.useWatch('method', form) ?? 'best';
  const hasReference = Form.useWatch('hasReference', form) ?? false;
  const referenceStationId = Form.useWatch('referenceStationId', form) ?? undefined;
  const referenceVersionId = Form.useWatch('referenceVersionId', form) ?? undefined;
  const [keywords, setKeywords] = useState('');
  const { data: stations = [] } = useStationSearch(keywords, [stationId]);
  const { data: referenceVersions = [] } = useVersions(hasReference ? referenceStationId : undefined);
  const { data: referenceChannels = [] } = useVersionChannels(hasReference ? referenceVersionId : undefined);

  const speeds = channelsOf(channels, 'ws', 'avg');
  const lastYear = version.endTime ? new Date(version.endTime).getUTCFullYear() : new Date().getFullYear();

  return (
    <ProcessingModal
      kind="representative_year"
      open={open}
      form={form}
      toRequest={toRequest}
      onClose={onClose}
      onStarted={onStarted}
      width={720}
    >
      <Form<RepresentativeYearFormValues>
        form={form}
        name="mwRepresentativeYearForm"
        layout="vertical"
        initialValues={{
          method: 'best',
          speedChannelId: speeds[0]?.id,
          periods: [{ startYear: lastYear - 1, endYear: lastYear }],
          hasReference: false,
          referenceStationId: stationId,
        }}
        onValuesChange={(changed: Partial<RepresentativeYearFormValues>) => {
          // A new station or version invalidates the choices below it.
          if ('referenceStationId' in changed) {
            form.setFieldsValue({
              referenceVersionId: undefined,
              referenceSpeedChannelId: undefined,
              referenceDirectionChannelId: undefined,
            });
          } else if ('referenceVersionId' in changed) {
            form.setFieldsValue({
              referenceSpeedChannelId: undefined,
              referenceDirectionChannelId: undefined,
            });
          }
        }}
      >
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="method"
              label={t('measure-wind.representativeYear.method')}
              rules={[rule('method')]}
              required
            >
              <Radio.Group
                optionType="button"
                options={(['best', 'average'] as const).map((value) => ({
                  value,
                  label: t(`measure-wind.representativeYear.methods.${value}`),
                }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="speedChannelId"
              label={t('measure-wind.representativeYear.speedChannel')}
              rules={[rule('speedChannelId')]}
              required
            >
              <ChannelSelect channels={speeds} />
            </Form.Item>
          </Col>
        </Row>
        {method === 'average' ? (
          <Form.Item label={t('measure-wind.representativeYear.periods')} required>
            <Form.List name="periods">
              {(fields, { add, remove }) => (
                <>
                  {fields.map((field, index) => (
                    <Space key={field.key} align="baseline" wrap>
                      <Form.Item
                        name={[field.name, 'startYear']}
                        rules={[rule(`periods.${field.name}.startYear`)]}
                        style={{ marginBottom: 8 }}
                      >
                        <InputNumber
                          min={1950}
                          max={2100}
                          precision={0}
                          placeholder={t('measure-wind.representativeYear.startYear')}
                          aria-label={`${t('measure-wind.representativeYear.startYear')} ${index + 1}`}
                        />
                      </Form.Item>
                      <span>~</span>
                      <Form.Item
                        name={[field.name, 'endYear']}
                        rules={[rule(`periods.${field.name}.endYear`)]}
                        dependencies={[['periods', field.name, 'startYear']]}
                        style={{ marginBottom: 8 }}
                      >
                        <InputNumber
                          min={1950}
                          max={2100}
                          precision={0}
                          placeholder={t('measure-wind.representativeYear.endYear')}
                          aria-label={`${t('measure-wind.representativeYear.endYear')} ${index + 1}`}
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                        aria-label={t('measure-wind.representativeYear.removePeriod')}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined />}
                    disabled={fields.length >= MAX_PERIODS}
                    onClick={() => add({ startYear: lastYear - 1, endYear: lastYear })}
                  >
                    {t('measure-wind.representativeYear.addPeriod', { max: MAX_PERIODS })}
                  </Button>
                </>
              )}
            </Form.List>
          </Form.Item>
        ) : null}
        <Form.Item
          name="hasReference"
          label={t('measure-wind.representativeYear.reference')}
          valuePropName="checked"
          extra={t('measure-wind.representativeYear.referenceHint')}
        >
          <Switch />
        </Form.Item>
        {hasReference ? (
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="referenceStationId"
                label={t('measure-wind.representativeYear.referenceStation')}
                required
              >
                <Select
                  showSearch={{ filterOption: false, onSearch: setKeywords }}
                  options={stations.map((station) => ({
                    value: station.id,
                    label: `${station.stationCode} · ${station.projectName}`,
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="referenceVersionId"
                label={t('measure-wind.representativeYear.referenceVersion')}
                rules={[rule('reference.versionId')]}
                required
              >
                <Select options={versionOptions(referenceVersions)} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="referenceSpeedChannelId"
                label={t('measure-wind.representativeYear.referenceSpeed')}
                rules={[rule('reference.speedChannelId')]}
                required
              >
                <ChannelSelect channels={channelsOf(referenceChannels, 'ws', 'avg')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="referenceDirectionChannelId"
                label={t('measure-wind.representativeYear.referenceDirection')}
                rules={[rule('reference.directionChannelId')]}
                required
              >
                <ChannelSelect channels={channelsOf(referenceChannels, 'wd', 'avg')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="longTermMeanMps"
                label={t('measure-wind.representativeYear.longTermMean')}
                tooltip={t('measure-wind.representativeYear.longTermMeanHint')}
                rules={[rule('reference.longTermMeanMps')]}
              >
                <InputNumber min={0.1} max={50} step={0.1} suffix="m/s" style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </Row>
        ) : null}
      </Form>
    </ProcessingModal>
  );
}
