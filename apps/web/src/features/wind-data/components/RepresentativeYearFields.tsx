import { DeleteOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import type { TDatasetVersion, TVersionChannel } from '@masthub/shared';
import { Button, Col, Form, type FormInstance, InputNumber, Row, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol, RuleItem } from '../../../ui/form/RuleItem.tsx';
import { useStationSearch } from '../../ingestion/index.ts';
import { useVersionChannels, useVersions } from '../api.ts';
import type { RepresentativeYearFormValues } from '../requests.utils.ts';
import { channelsOf } from '../wind-data.utils.ts';
import { ChannelSelect } from './ChannelSelect.tsx';

const MAX_PERIODS = 3;

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

/** A new reference station or version invalidates the choices below it. */
export function clearBelowChangedReference(
  form: FormInstance<RepresentativeYearFormValues>,
  changed: Partial<RepresentativeYearFormValues>,
) {
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
}

/** The stations, versions and channels a reference series can be chosen from (loaded once it is asked for). */
export function useReferenceChoices(form: FormInstance<RepresentativeYearFormValues>, stationId: number) {
  const hasReference = Form.useWatch('hasReference', form) ?? false;
  const referenceStationId = Form.useWatch('referenceStationId', form) ?? undefined;
  const referenceVersionId = Form.useWatch('referenceVersionId', form) ?? undefined;
  const [keywords, setKeywords] = useState('');
  const { data: stations = [] } = useStationSearch(keywords, [stationId]);
  const { data: versions = [] } = useVersions(hasReference ? referenceStationId : undefined);
  const { data: channels = [] } = useVersionChannels(hasReference ? referenceVersionId : undefined);
  return { hasReference, stations, onSearch: setKeywords, versions, channels };
}

/** The average year's periods (start and end year), one to three. */
export function PeriodsList({ lastYear }: { lastYear: number }) {
  const { t } = useTranslation();
  const year = (index: number, end: 'startYear' | 'endYear') => (
    <InputNumber
      min={1950}
      max={2100}
      precision={0}
      placeholder={t(`measure-wind.representativeYear.${end}`)}
      aria-label={`${t(`measure-wind.representativeYear.${end}`)} ${index + 1}`}
    />
  );
  return (
    <Form.Item label={t('measure-wind.representativeYear.periods')} required>
      <Form.List name="periods">
        {(fields, { add, remove }) => (
          <>
            {fields.map((field, index) => (
              <Space key={field.key} align="baseline" wrap>
                <RuleItem
                  name={[field.name, 'startYear']}
                  field={`periods.${field.name}.startYear`}
                  style={{ marginBottom: 8 }}
                >
                  {year(index, 'startYear')}
                </RuleItem>
                <span>~</span>
                <RuleItem
                  name={[field.name, 'endYear']}
                  field={`periods.${field.name}.endYear`}
                  dependencies={[['periods', field.name, 'startYear']]}
                  style={{ marginBottom: 8 }}
                >
                  {year(index, 'endYear')}
                </RuleItem>
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
  );
}

/** The reference series of a long-term correction: station, version, its speed and direction, long-term mean. */
export function ReferenceFields({
  stations,
  onSearch,
  versions,
  channels,
}: {
  stations: readonly { id: number; stationCode: string; projectName: string }[];
  onSearch: (keywords: string) => void;
  versions: readonly TDatasetVersion[];
  channels: readonly TVersionChannel[];
}) {
  const { t } = useTranslation();
  const label = (key: string) => t(`measure-wind.representativeYear.${key}`);
  // The required choices of the reference, each checked as `reference.<field>` of the request.
  const choices = [
    {
      name: 'referenceVersionId',
      labelKey: 'referenceVersion',
      field: 'versionId',
      md: 12,
      control: <Select options={versionOptions(versions)} />,
    },
    {
      name: 'referenceSpeedChannelId',
      labelKey: 'referenceSpeed',
      field: 'speedChannelId',
      md: 8,
      control: <ChannelSelect channels={channelsOf(channels, 'ws', 'avg')} />,
    },
    {
      name: 'referenceDirectionChannelId',
      labelKey: 'referenceDirection',
      field: 'directionChannelId',
      md: 8,
      control: <ChannelSelect channels={channelsOf(channels, 'wd', 'avg')} />,
    },
  ];

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item name="referenceStationId" label={label('referenceStation')} required>
          <Select
            showSearch={{ filterOption: false, onSearch }}
            options={stations.map((station) => ({
              value: station.id,
              label: `${station.stationCode} · ${station.projectName}`,
            }))}
          />
        </Form.Item>
      </Col>
      {choices.map((choice) => (
        <RuleCol
          key={choice.name}
          xs={24}
          md={choice.md}
          name={choice.name}
          label={label(choice.labelKey)}
          field={`reference.${choice.field}`}
          required
        >
          {choice.control}
        </RuleCol>
      ))}
      <RuleCol
        xs={24}
        md={8}
        name="longTermMeanMps"
        label={label('longTermMean')}
        tooltip={label('longTermMeanHint')}
        field="reference.longTermMeanMps"
      >
        <InputNumber min={0.1} max={50} step={0.1} suffix="m/s" style={{ width: '100%' }} />
      </RuleCol>
    </Row>
  );
}
