import { Form, type FormInstance, type FormProps, type FormRule, Modal } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { TSafeParser } from '../../i18n/validation.ts';
import { FormRuleProvider } from '../form/RuleItem.tsx';
import { useRequestRule } from '../form/use-zod-rule.ts';
import { showFieldErrors } from './field-errors.ts';

export interface SchemaFormModalProps<V extends object, R, S = unknown> {
  open: boolean;
  title: string;
  /** The form's name (input ids are `<name>_<field>`). */
  name: string;
  /** Values the form opens with (the dialog mounts its form anew on every opening). */
  initialValues: V;
  /** The form's values as the request the shared schema checks and the server receives. */
  toRequest: (values: V) => R;
  /** The shared zod schema of the request. */
  schema: { safeParse: (input: unknown) => ReturnType<TSafeParser['safeParse']> };
  /** Sends the request; the dialog closes (through `onSaved` when given) when it resolves. */
  save: (request: R) => Promise<S>;
  /** The toast after saving (default: "saved"). */
  savedMessage?: string;
  /** After saving, with the server's reply and the form's values (the caller closes the dialog); default: close. */
  onSaved?: (reply: S, values: V) => void;
  onClose: () => void;
  width?: number;
  okText?: string;
  formProps?: Omit<FormProps<V>, 'form' | 'name' | 'initialValues' | 'layout' | 'preserve'>;
  /** More footer buttons between cancel and save (e.g. "test connection"), given the form. */
  footerExtra?: (form: FormInstance<V>) => ReactNode;
  /** The form field a server field error belongs to, when their names differ (default: the same name). */
  mapField?: (serverField: string) => string;
  /** The form instance, when the caller watches fields (`Form.useWatch`); one is made otherwise. */
  form?: FormInstance<V>;
  /**
   * The fields; `rule(field)` checks a field with the schema over the whole form (`RuleItem`, `RuleCol` and
   * `SchemaItem` use it when given no rule).
   */
  children: (context: { rule: (field: string) => FormRule; form: FormInstance<V> }) => ReactNode;
}

/**
 * The form store outlives a closed dialog (one instance per dialog component) and a field leaving with
 * `preserve={false}` falls back to the *previous* opening's initial values: each opening starts again
 * from its own initial values (a "create" after an "edit" is empty).
 */
function ResetOnOpen({ form }: { form: FormInstance }) {
  useEffect(() => {
    form.resetFields();
  }, [form]);
  return null;
}

/**
 * The form dialog of the administration screens (issue 13): opens with the record's values, validates
 * each field with the shared zod schema (cross-field rules included), saves, says so and closes; field
 * errors the server returns (a name taken…) go next to their fields.
 */
export function SchemaFormModal<V extends object, R, S = unknown>({
  open,
  title,
  name,
  initialValues,
  toRequest,
  schema,
  save,
  savedMessage,
  onSaved,
  onClose,
  width,
  okText,
  formProps,
  form: givenForm,
  footerExtra,
  mapField = (field) => field,
  children,
}: SchemaFormModalProps<V, R, S>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<V>(givenForm);
  const [isSaving, setSaving] = useState(false);
  const rule = useRequestRule(schema, toRequest);

  const submit = async () => {
    const values = await form.validateFields().catch(() => undefined);
    if (!values) return;
    setSaving(true);
    try {
      const reply = await save(toRequest(values));
      feedback.success(savedMessage ?? t('system.common.saved'));
      if (onSaved) onSaved(reply, values);
      else onClose();
    } catch (error) {
      showFieldErrors(form, error, mapField);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={width}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={okText ?? t('system.common.save')}
      confirmLoading={isSaving}
      footer={
        footerExtra
          ? (_, { OkBtn, CancelBtn }) => (
              <>
                <CancelBtn />
                {footerExtra(form)}
                <OkBtn />
              </>
            )
          : undefined
      }
      destroyOnHidden
      mask={{ closable: false }}
    >
      <Form<V>
        form={form}
        name={name}
        layout="vertical"
        preserve={false}
        initialValues={initialValues as FormProps<V>['initialValues']}
        {...formProps}
      >
        <ResetOnOpen form={form} />
        <FormRuleProvider rule={rule}>{children({ rule, form })}</FormRuleProvider>
      </Form>
    </Modal>
  );
}
