import { UploadOutlined } from '@ant-design/icons';
import {
  listUtcOptions,
  REFERENCE_SOURCE_KEYS,
  REFERENCE_SOURCE_NAMES,
  type TReferenceSeries,
  type TReferenceSourceKey,
  type TReferenceUploadFields,
  ZReferenceUpdateRequest,
  ZReferenceUploadFields,
} from '@masthub/shared';
import { Button, Form, InputNumber, Row, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useAppLanguage } from '../../i18n/i18n.ts';
import { toShortLanguage } from '../../i18n/languages.ts';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { SchemaFormModal } from '../../ui/list/SchemaFormModal.tsx';
import { SchemaItem } from '../../ui/list/SchemaItem.tsx';
import { useUpdateReference, useUploadReference } from './api.ts';

/** The metadata fields of a reference series, as the form holds them. */
interface TReferenceValues {
  name?: string;
  source?: TReferenceSourceKey;
  latitude?: number | null;
  longitude?: number | null;
  heightM?: number | null;
  utcOffsetMinutes?: number;
}

const orUndefined = <T,>(v: T | null | undefined) => (v === null ? undefined : v);

/** Name, source, coordinates, height and time zone: the fields both dialogs share. */
function MetaFields({ isUpload }: { isUpload: boolean }) {
  const { t } = useTranslation();
  const language = toShortLanguage(useAppLanguage());
  return (
    <>
      <SchemaItem name="name" label={t('longterm.refs.name')} required />
      <Row gutter={16}>
        <SchemaItem
          span={12}
          name="source"
          label={t('longterm.refs.source')}
          required={!isUpload}
          extra={isUpload ? t('longterm.refs.sourceHint') : undefined}
        >
          <Select
            allowClear={isUpload}
            options={REFERENCE_SOURCE_KEYS.map((k) => ({
              value: k,
              label: REFERENCE_SOURCE_NAMES[k][language],
            }))}
          />
        </SchemaItem>
        <SchemaItem
          span={12}
          name="heightM"
          label={t('longterm.refs.height')}
          required={!isUpload}
          extra={isUpload ? t('longterm.refs.heightHint') : undefined}
        >
          <InputNumber style={{ width: '100%' }} min={0} />
        </SchemaItem>
        <SchemaItem span={12} name="latitude" label={t('longterm.refs.latitude')} required>
          <InputNumber style={{ width: '100%' }} min={-90} max={90} />
        </SchemaItem>
        <SchemaItem span={12} name="longitude" label={t('longterm.refs.longitude')} required>
          <InputNumber style={{ width: '100%' }} min={-180} max={180} />
        </SchemaItem>
      </Row>
      <SchemaItem
        name="utcOffsetMinutes"
        label={t('longterm.refs.timeZone')}
        extra={t('longterm.refs.timeZoneHint')}
      >
        <Select
          showSearch
          options={listUtcOptions().map((o) => ({ value: o.offsetMinutes, label: o.label }))}
        />
      </SchemaItem>
    </>
  );
}

/** Uploads a reference series (one text time-series file, stored unchanged) with its home site. */
export function ReferenceUploadModal({
  stationId,
  point,
  open,
  onClose,
}: DialogProps & {
  stationId: number;
  /** The site's coordinates, offered as the reference's. */
  point: { latitude: number; longitude: number } | undefined;
}) {
  const { t } = useTranslation();
  const [file, setFile] = useState<File>();
  const upload = useUploadReference();
  const close = () => {
    setFile(undefined);
    onClose();
  };
  return (
    <SchemaFormModal<TReferenceValues, Record<string, unknown>>
      open={open}
      title={t('longterm.refs.upload')}
      name="referenceUpload"
      initialValues={{ utcOffsetMinutes: 0, latitude: point?.latitude, longitude: point?.longitude }}
      toRequest={(values) => ({
        stationId,
        name: values.name ?? '',
        source: values.source,
        latitude: orUndefined(values.latitude),
        longitude: orUndefined(values.longitude),
        heightM: orUndefined(values.heightM),
        utcOffsetMinutes: values.utcOffsetMinutes ?? 0,
      })}
      schema={ZReferenceUploadFields}
      save={async (request) => {
        if (!file) {
          feedback.error(t('longterm.refs.fileRequired'));
          throw new Error('file required');
        }
        return upload.mutateAsync({
          fields: ZReferenceUploadFields.parse(request) as TReferenceUploadFields,
          file,
        });
      }}
      savedMessage={t('longterm.refs.uploaded')}
      onSaved={close}
      onClose={close}
      width={640}
    >
      {() => (
        <>
          <MetaFields isUpload />
          <Form.Item label={t('longterm.refs.file')} extra={t('longterm.refs.fileHint')} required>
            <Upload
              accept=".csv,.txt,.dat,.wnd,.tsv"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(undefined)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button icon={<UploadOutlined />} data-testid="lt-ref-file">
                {t('longterm.refs.choose')}
              </Button>
            </Upload>
          </Form.Item>
        </>
      )}
    </SchemaFormModal>
  );
}

/** Edits a reference's name, source, coordinates, height and time zone. */
export function ReferenceEditModal({
  reference,
  onClose,
}: {
  reference: TReferenceSeries | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const update = useUpdateReference();
  return (
    <SchemaFormModal<TReferenceValues, Record<string, unknown>>
      open={reference !== undefined}
      title={t('longterm.refs.edit')}
      name="referenceEdit"
      initialValues={{
        name: reference?.name,
        source: reference?.source,
        latitude: reference?.latitude,
        longitude: reference?.longitude,
        heightM: reference?.heightM,
        utcOffsetMinutes: reference?.utcOffsetMinutes,
      }}
      toRequest={(values) => ({
        id: reference?.id,
        name: values.name ?? '',
        source: values.source,
        latitude: orUndefined(values.latitude),
        longitude: orUndefined(values.longitude),
        heightM: orUndefined(values.heightM),
        utcOffsetMinutes: values.utcOffsetMinutes ?? 0,
      })}
      schema={ZReferenceUpdateRequest}
      save={(request) => update.mutateAsync(ZReferenceUpdateRequest.parse(request))}
      savedMessage={t('longterm.refs.saved')}
      onClose={onClose}
      width={640}
    >
      {() => <MetaFields isUpload={false} />}
    </SchemaFormModal>
  );
}
