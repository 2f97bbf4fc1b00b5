import { type TFormField, type TStationRecord, ZStationSaveRequest } from '@masthub/shared';
import type { FormRule } from 'antd';
import { Col, Form, Modal, Row } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError, readUtcCode } from '../../request/request.ts';
import type { DialogProps } from '../../ui/form/record-form.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { checkStationCode, useSaveStation, useStationFields } from './api.ts';
import { dateItemProps, FieldControl } from './FieldControl.tsx';
import {
  copyValues,
  defaultValues,
  isEmptyValue,
  type PlainValues,
  recordToValues,
  valuesToSaveRequest,
} from './station-form.ts';

export type StationFormMode = 'create' | 'edit' | 'saveAs';

interface StationFormModalProps extends DialogProps {
  mode: StationFormMode;
  /** The site to edit or copy. */
  station?: TStationRecord;
  onSaved?: (id: number) => void;
}

const WIDE_TYPES = new Set<TFormField['type']>(['textarea', 'emails', 'tags', 'dateRange']);

/**
 * Add, edit or save-as a site with the server's edit form (GET /web/station/fields → edit): the server
 * says which fields exist and which are required; ZStationSaveRequest checks form and ranges.
 */
export function StationFormModal({ open, mode, station, onClose, onSaved }: StationFormModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlainValues>();
  const { data: fieldSet } = useStationFields();
  const fields = useMemo(() => fieldSet?.edit ?? [], [fieldSet]);
  const id = mode === 'edit' ? station?.id : undefined;
  const save = useSaveStation();
  const zodRule = useZodRule({
    safeParse: (values: unknown) =>
      ZStationSaveRequest.safeParse(valuesToSaveRequest(fields, values as PlainValues, id, readUtcCode())),
  });

  // The form mounts on each opening (destroyOnHidden), so its initial values are computed per opening.
  const initialValues = useMemo(() => {
    if (!open || fields.length === 0) return undefined;
    if (station && mode !== 'create') {
      const values = recordToValues(fields, station, readUtcCode());
      return mode === 'saveAs' ? copyValues(values) : values;
    }
    return defaultValues(fields);
  }, [open, mode, station, fields]);

  const requiredRule = (field: TFormField): FormRule => ({
    validator: async (_, value) => {
      if (field.required && isEmptyValue(value)) {
        throw new Error(t('stations.form.required', { field: field.title }));
      }
    },
  });

  const codeRule: FormRule = {
    validator: async (_, value) => {
      if (typeof value !== 'string' || !/^\d{1,6}$/.test(value.trim())) return;
      const reply = await checkStationCode(value.trim(), id).catch(() => undefined);
      if (reply?.exists) throw new Error(t('stations.form.codeTaken', { code: reply.stationCode }));
    },
  };

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    try {
      const request = valuesToSaveRequest(fields, values, id, readUtcCode());
      const reply = await save.mutateAsync(
        mode === 'saveAs' && station ? { ...request, copyFromId: station.id } : request,
      );
      feedback.success(
        t(mode === 'edit' ? 'stations.form.saved' : 'stations.form.created', { code: reply.stationCode }),
      );
      onSaved?.(reply.id);
      onClose();
    } catch (error) {
      // The request layer showed the message; field errors (code taken, missing required) go to their fields.
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(error.fields.map((item) => ({ name: item.field, errors: [item.message] })));
      }
    }
  };

  const title =
    mode === 'create'
      ? t('stations.form.createTitle')
      : mode === 'saveAs'
        ? t('stations.form.saveAsTitle', { code: station?.stationCode ?? '' })
        : t('stations.form.editTitle', { code: station?.stationCode ?? '' });

  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('stations.actions.save')}
      confirmLoading={save.isPending}
      width={880}
      styles={{ body: { maxHeight: '68vh', overflowY: 'auto', overflowX: 'hidden' } }}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {initialValues ? (
        <Form<PlainValues>
          form={form}
          name="stationForm"
          layout="vertical"
          preserve={false}
          initialValues={initialValues}
        >
          <Row gutter={16}>
            {fields.map((field) => (
              <Col
                key={field.key}
                span={field.type === 'dateRange' ? 12 : WIDE_TYPES.has(field.type) ? 24 : 8}
              >
                <Form.Item
                  name={field.key}
                  label={field.title}
                  required={field.required}
                  // One message per field: "X is required" stops the schema rule from repeating it.
                  validateFirst
                  rules={[
                    requiredRule(field),
                    zodRule(field.key),
                    ...(field.key === 'stationCode' ? [codeRule] : []),
                  ]}
                  validateDebounce={field.key === 'stationCode' ? 400 : undefined}
                  {...dateItemProps(field)}
                >
                  <FieldControl field={field} mode="edit" />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Form>
      ) : null}
    </Modal>
  );
}
