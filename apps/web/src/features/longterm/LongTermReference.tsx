import type { TMesoscaleDataset } from '@masthub/shared';
import { Col, Form, type FormInstance, Radio, Row, Select } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RuleCol, translatedOptions } from '../../ui/form/RuleItem.tsx';
import {
  channelOptions,
  topSpeedChannel,
  useDataReportFields,
  useStatisticsVersions,
  versionOptions,
} from '../analysis-form/index.ts';
import { useStationSearch } from '../ingestion/index.ts';
import { useReferenceSeries } from './api.ts';
import { type LongTermValues, REFERENCE_FIELDS } from './longterm.request.ts';

const KINDS = ['mesoscale', 'site', 'reference'] as const;

/** The channels of a mesoscale dataset of one element as select options. */
/** The speed ('ws') or direction ('wd') columns of a mesoscale dataset or a stored series, as options. */
export function referenceChannelOptions(
  source: { channels: readonly { element: string; key: string; name: string }[] } | undefined,
  element: 'ws' | 'wd',
) {
  return (source?.channels ?? [])
    .filter((c) => c.element === element)
    .map((c) => ({ value: c.key, label: c.name }));
}

/**
 * The reference of the workbench: a mesoscale dataset of the site, another site's data version, or a stored
 * reference series the user may see (nearest to the site first).
 */
export function LongTermReference({
  form,
  stationId,
  datasets,
}: {
  form: FormInstance<LongTermValues>;
  stationId: number;
  datasets: readonly TMesoscaleDataset[];
}) {
  const { t } = useTranslation();
  const kind = Form.useWatch('referenceKind', form);
  return (
    <Row gutter={16}>
      <Col span={24}>
        <Form.Item name="referenceKind" label={t('longterm.referenceKind')}>
          <Radio.Group
            optionType="button"
            options={translatedOptions(KINDS, t, 'longterm.kinds')}
            data-testid="lt-reference-kind"
          />
        </Form.Item>
      </Col>
      {kind === 'site' ? (
        <SiteReference form={form} stationId={stationId} />
      ) : kind === 'reference' ? (
        <SeriesReference form={form} stationId={stationId} />
      ) : (
        <MesoscaleReference form={form} datasets={datasets} />
      )}
    </Row>
  );
}

function MesoscaleReference({
  form,
  datasets,
}: {
  form: FormInstance<LongTermValues>;
  datasets: readonly TMesoscaleDataset[];
}) {
  const { t } = useTranslation();
  const datasetId = Form.useWatch('datasetId', form);
  const dataset = datasets.find((d) => d.id === datasetId);
  const parsed = datasets.filter((d) => d.status === 'parsed');
  const firstParsedId = parsed[0]?.id;
  useEffect(() => {
    if (datasetId === undefined && firstParsedId !== undefined)
      form.setFieldValue('datasetId', firstParsedId);
  }, [datasetId, firstParsedId, form]);
  useEffect(() => {
    if (!dataset) return;
    form.setFieldsValue({
      speedKey: referenceChannelOptions(dataset, 'ws').at(-1)?.value,
      directionKey: referenceChannelOptions(dataset, 'wd').at(-1)?.value,
    });
  }, [dataset, form]);
  return (
    <>
      <RuleCol
        span={6}
        name="datasetId"
        field={REFERENCE_FIELDS.datasetId}
        label={t('longterm.dataset')}
        required
      >
        <Select
          options={datasets.filter((d) => d.status === 'parsed').map((d) => ({ value: d.id, label: d.name }))}
          data-testid="lt-dataset"
        />
      </RuleCol>
      <ReferenceChannelCols
        speeds={referenceChannelOptions(dataset, 'ws')}
        directions={referenceChannelOptions(dataset, 'wd')}
      />
    </>
  );
}

/** Another site (or this one) as the reference: its versions and the chosen version's channels. */
function SiteReference({ form, stationId }: { form: FormInstance<LongTermValues>; stationId: number }) {
  const { t } = useTranslation();
  const [keywords, setKeywords] = useState('');
  const refStationId = Form.useWatch('refStationId', form);
  const refVersionId = Form.useWatch('refVersionId', form);
  const stations = useStationSearch(keywords, [refStationId ?? stationId]);
  const { data: versions } = useStatisticsVersions(refStationId);
  const fields = useDataReportFields(refVersionId);
  useEffect(() => {
    if (refVersionId === undefined && versions && versions.length > 0)
      form.setFieldValue('refVersionId', versions[0]!.id);
  }, [versions, refVersionId, form]);
  useEffect(() => {
    if (!fields.data) return;
    form.setFieldsValue({
      refSpeedChannelId: topSpeedChannel(fields.data)?.id,
      refDirectionChannelId: fields.data.directions.at(-1)?.id,
    });
  }, [fields.data, form]);
  return (
    <Col span={18}>
      <Row gutter={16}>
        <Col span={8}>
          <Form.Item name="refStationId" label={t('longterm.refSite')} required>
            <Select
              showSearch={{ filterOption: false, onSearch: setKeywords }}
              onChange={() => form.setFieldsValue({ refVersionId: undefined })}
              options={(stations.data ?? []).map((s) => ({
                value: s.id,
                label: `${s.stationCode} · ${s.projectName}`,
              }))}
              data-testid="lt-ref-station"
            />
          </Form.Item>
        </Col>
        <RuleCol
          span={8}
          name="refVersionId"
          field={REFERENCE_FIELDS.refVersionId}
          label={t('longterm.refVersion')}
          required
        >
          <Select options={versionOptions(versions, t)} />
        </RuleCol>
        <RuleCol
          span={8}
          name="refSpeedChannelId"
          field={REFERENCE_FIELDS.refSpeedChannelId}
          label={t('longterm.speedKey')}
          required
        >
          <Select options={channelOptions(fields.data?.speeds)} />
        </RuleCol>
        <Col span={8}>
          <Form.Item name="refDirectionChannelId" label={t('longterm.directionKey')}>
            <Select allowClear options={channelOptions(fields.data?.directions)} />
          </Form.Item>
        </Col>
      </Row>
    </Col>
  );
}

/** A stored reference series (MERRA-2, ERA5, Vortex, .wnd…) and its speed and direction columns. */
function SeriesReference({ form, stationId }: { form: FormInstance<LongTermValues>; stationId: number }) {
  const { t } = useTranslation();
  const { data } = useReferenceSeries(stationId);
  const referenceId = Form.useWatch('referenceId', form);
  const series = data?.records.find((r) => r.id === referenceId);
  useEffect(() => {
    if (!series) return;
    const keys = new Set(series.channels.map((c) => c.key));
    const current = form.getFieldValue('speedKey') as string | undefined;
    // Keep a column picked for this series (a candidate's); else its default speed and vane.
    if (current && keys.has(current)) return;
    form.setFieldsValue({ speedKey: series.speedKey, directionKey: series.directionKey ?? undefined });
  }, [series, form]);
  return (
    <>
      <RuleCol
        span={6}
        name="referenceId"
        field={REFERENCE_FIELDS.referenceId}
        label={t('longterm.series')}
        required
      >
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          options={(data?.records ?? []).map((r) => ({
            value: r.id,
            label: t('longterm.seriesOption', {
              name: r.name,
              source: r.sourceName,
              height: r.heightM,
              distance: r.distanceKm ?? '–',
            }),
          }))}
          data-testid="lt-series"
        />
      </RuleCol>
      <ReferenceChannelCols
        speeds={referenceChannelOptions(series, 'ws')}
        directions={referenceChannelOptions(series, 'wd')}
      />
    </>
  );
}

/** The reference's speed column (required) and direction column of a mesoscale dataset or a stored series. */
function ReferenceChannelCols({
  speeds,
  directions,
}: {
  speeds: { value: string; label: string }[];
  directions: { value: string; label: string }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <RuleCol
        span={6}
        name="speedKey"
        field={REFERENCE_FIELDS.speedKey}
        label={t('longterm.speedKey')}
        required
      >
        <Select options={speeds} />
      </RuleCol>
      <Col span={6}>
        <Form.Item name="directionKey" label={t('longterm.directionKey')}>
          <Select allowClear options={directions} />
        </Form.Item>
      </Col>
    </>
  );
}
