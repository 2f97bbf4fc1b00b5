import { PlayCircleOutlined } from '@ant-design/icons';
import type { TProcessingTask } from '@masthub/shared';
import { Alert, DatePicker, Form, type FormInstance, type FormProps, type FormRule, Modal } from 'antd';
import type { TFunction } from 'i18next';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../../browser/feedback.ts';
import type { TSafeParser } from '../../../i18n/validation.ts';
import { FormRuleProvider, type TFieldRule } from '../../../ui/form/RuleItem.tsx';
import type { DialogProps } from '../../../ui/form/record-form.ts';
import { useRequestRule } from '../../../ui/form/use-zod-rule.ts';
import { showFieldErrors } from '../../../ui/list/field-errors.ts';
import { startProcessing, type TProcessBodies, type TProcessKind } from '../api.ts';

/** What every processing dialog of MeasureWind gets from the page. */
export interface ProcessingDialogProps extends DialogProps {
  versionId: number;
  utcCode: string;
  onStarted: (task: TProcessingTask) => void;
}

/**
 * The form of a processing dialog and its rule: each field checked by the request's shared zod schema;
 * `frame` is what `ProcessingModal` takes from them.
 */
export function useProcessingForm<V>(
  schema: { safeParse: (input: unknown) => ReturnType<TSafeParser['safeParse']> },
  toRequest: (values: V) => unknown,
) {
  const [form] = Form.useForm<V>();
  const rule = useRequestRule(schema, toRequest);
  return { form, rule, frame: { form, toRequest, rule } };
}

export interface ProcessingModalProps<V> {
  kind: TProcessKind;
  open: boolean;
  form: FormInstance<V>;
  /** The form values as the request (the modal's zod rules check the same mapping). */
  toRequest: (values: V) => unknown;
  /** The schema rule every field below is checked by unless given another. */
  rule: TFieldRule;
  onClose: () => void;
  onStarted: (task: TProcessingTask) => void;
  width?: number;
  /** Data the form starts from is still loading: start is disabled. */
  isLoading?: boolean;
  /** With a name, the dialog holds the form (vertical, not kept between openings) and `children` are its items. */
  name?: string;
  initialValues?: Partial<V>;
  children: ReactNode;
}

/**
 * The frame of the processing dialogs (质量控制, 塔影修正, 插补, 垂直外推, 代表年): a description of the
 * method, the form, and "start" which queues the task (a 409 while another task runs is shown by the
 * request layer with the server's message).
 */
export function ProcessingModal<V>({
  kind,
  open,
  form,
  toRequest,
  rule,
  onClose,
  onStarted,
  width = 640,
  isLoading = false,
  name,
  initialValues,
  children,
}: ProcessingModalProps<V>) {
  const { t } = useTranslation();
  const [isSubmitting, setSubmitting] = useState(false);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSubmitting(true);
    try {
      const task = await startProcessing(kind, toRequest(values) as TProcessBodies[typeof kind]);
      feedback.success(t('measure-wind.process.started', { id: task.id }));
      onStarted(task);
      onClose();
    } catch (error) {
      showFieldErrors(form, error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Modal
      open={open}
      width={width}
      title={t(`measure-wind.process.kinds.${kind}`)}
      onCancel={onClose}
      destroyOnHidden
      mask={{ closable: false }}
      okText={t('measure-wind.process.start')}
      okButtonProps={{ icon: <PlayCircleOutlined />, loading: isSubmitting, disabled: isLoading }}
      onOk={() => void submit()}
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title={t(`measure-wind.process.descriptions.${kind}`)}
      />
      <FormRuleProvider rule={rule}>
        {name ? (
          <Form<V>
            form={form}
            name={name}
            layout="vertical"
            preserve={false}
            initialValues={initialValues as FormProps<V>['initialValues']}
          >
            {children}
          </Form>
        ) : (
          children
        )}
      </FormRuleProvider>
    </Modal>
  );
}

/** The time range of a processing form; empty processes the whole record. */
export function RangeFormItem({
  label,
  extra,
  required = false,
  rules,
}: {
  label?: string;
  extra?: string;
  required?: boolean;
  rules?: FormRule[];
}) {
  const { t } = useTranslation();
  return (
    <Form.Item
      name="range"
      label={label ?? t('measure-wind.process.range')}
      extra={extra ?? (required ? undefined : t('measure-wind.process.rangeHint'))}
      required={required}
      rules={rules}
    >
      <DatePicker.RangePicker
        showTime={{ format: 'HH:mm' }}
        format={RANGE_FORMAT}
        allowEmpty={required ? [false, false] : [true, true]}
        style={{ width: '100%' }}
      />
    </Form.Item>
  );
}

export const RANGE_FORMAT = 'YYYY-MM-DD HH:mm';

/** A processing field's label and, as its tooltip, the explanation: `<prefix>.<key>` and `<prefix>.<key>Hint`. */
export function hintedLabel(t: TFunction, prefix: string, key: string) {
  const labelKey: string = `${prefix}.${key}`;
  return { label: t(labelKey), tooltip: t(`${labelKey}Hint`) };
}
