import type { TDataReportFields } from '@masthub/shared';
import { Col, Form, type FormInstance, InputNumber, Select } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol, useFieldRule } from '../../ui/form/RuleItem.tsx';
import { useDataReportFields, useStatisticsVersions } from './api.ts';
import { channelOptions, versionOptions } from './version-options.ts';

/**
 * A site's versions and the chosen version's channels for an analysis form whose fields are `versionId`,
 * `speedChannelId` and `directionChannelId` (energy yield, mesoscale scaling): the first version is
 * chosen, then the main anemometer at the top height and the top vane.
 */
export function useVersionChannels(form: FormInstance, stationId: number | undefined) {
  const versionId: number | undefined = Form.useWatch('versionId', form);
  const { data: versions } = useStatisticsVersions(stationId);
  const fields = useDataReportFields(versionId);
  useEffect(() => {
    if (versionId === undefined && versions && versions.length > 0)
      form.setFieldValue('versionId', versions[0]!.id);
  }, [versions, versionId, form]);
  useEffect(() => {
    const data = fields.data;
    if (!data) return;
    form.setFieldsValue({
      speedChannelId: topSpeedChannel(data)?.id,
      directionChannelId: data.directions.at(-1)?.id,
    });
  }, [fields.data, form]);
  return { versions, fields };
}

/** The first (main) anemometer at the top height; a second boom at that height comes after it. */
export function topSpeedChannel(data: TDataReportFields) {
  const topHeight = data.speeds.at(-1)?.heightM;
  return data.speeds.find((s) => s.heightM === topHeight);
}

/** The version, speed channel and direction channel columns of an analysis form (span 6 each). */
export function VersionChannelCols({
  versions,
  fields,
  speedLabel,
  directionLabel,
  isDirectionChecked = false,
}: ReturnType<typeof useVersionChannels> & {
  speedLabel: string;
  directionLabel: string;
  /** Whether the direction runs through the schema's rule too. */
  isDirectionChecked?: boolean;
}) {
  const rule = useFieldRule();
  const { t } = useTranslation();
  return (
    <>
      <RuleCol span={6} name="versionId" label={t('statistics.filters.version')} required>
        <Select options={versionOptions(versions, t)} />
      </RuleCol>
      <RuleCol span={6} name="speedChannelId" label={speedLabel} required>
        <Select options={channelOptions(fields.data?.speeds)} />
      </RuleCol>
      <Col span={6}>
        <Form.Item
          name="directionChannelId"
          label={directionLabel}
          {...(isDirectionChecked ? { rules: [rule('directionChannelId')] } : {})}
        >
          <Select allowClear options={channelOptions(fields.data?.directions)} />
        </Form.Item>
      </Col>
    </>
  );
}

/** A required number column of an analysis form: a height (m) or the sector width (°). */
export function NumberCol({
  name,
  label,
  suffix,
  span,
}: {
  name: string;
  label: string;
  suffix: string;
  span: number;
}) {
  const rule = useFieldRule();
  return (
    <Col span={span}>
      <Form.Item name={name} label={label} rules={[rule(name)]} required>
        <InputNumber style={{ width: '100%' }} suffix={suffix} />
      </Form.Item>
    </Col>
  );
}

/** A column with one field of an analysis form, checked by the shared schema's rule for it. */
export function FieldCol({
  span,
  name,
  label,
  isRequired = false,
  children,
}: {
  span: number;
  name: string;
  label: string;
  isRequired?: boolean;
  children: ReactNode;
}) {
  const rule = useFieldRule();
  return (
    <Col span={span}>
      <Form.Item name={name} label={label} rules={[rule(name)]} required={isRequired || undefined}>
        {children}
      </Form.Item>
    </Col>
  );
}
