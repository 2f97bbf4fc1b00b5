import { type TChangePasswordRequest, ZChangePasswordRequest } from '@masthub/shared';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { RequestError } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { changePassword, useEndSession } from '../auth/index.ts';

/** The three fields in order; each is checked again when the one it is compared with changes. */
const PASSWORD_FIELDS: {
  name: keyof TChangePasswordRequest;
  autoComplete: string;
  dependsOn?: keyof TChangePasswordRequest;
}[] = [
  { name: 'oldPassword', autoComplete: 'current-password' },
  { name: 'newPassword', autoComplete: 'new-password', dependsOn: 'oldPassword' },
  { name: 'confirmPassword', autoComplete: 'new-password', dependsOn: 'newPassword' },
];

/** SPEC §5: old, new and confirmation required; rules from the shared schema; log in again afterwards. */
export function ChangePasswordForm() {
  const { t } = useTranslation();
  const [form] = Form.useForm<TChangePasswordRequest>();
  const rule = useZodRule(ZChangePasswordRequest);
  const endSession = useEndSession();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: TChangePasswordRequest) => {
    setIsSubmitting(true);
    try {
      await changePassword(values);
      feedback.success(t('person.password.changed'));
      endSession();
    } catch (error) {
      // The request layer has shown the message; field errors also go next to their fields.
      if (error instanceof RequestError && error.fields.length > 0) {
        form.setFields(
          error.fields
            .filter((field) => field.field in values)
            .map((field) => ({ name: field.field as keyof TChangePasswordRequest, errors: [field.message] })),
        );
      }
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Form<TChangePasswordRequest> form={form} layout="vertical" onFinish={submit} style={{ maxWidth: 440 }}>
      <Alert type="info" showIcon title={t('person.password.hint')} style={{ marginBottom: 24 }} />
      {PASSWORD_FIELDS.map((field) => (
        <Form.Item
          key={field.name}
          name={field.name}
          label={t(`person.password.${field.name}`)}
          rules={[rule(field.name)]}
          dependencies={field.dependsOn ? [field.dependsOn] : undefined}
          required
        >
          <Input.Password autoComplete={field.autoComplete} />
        </Form.Item>
      ))}
      <Form.Item style={{ marginBottom: 0 }}>
        <Button type="primary" htmlType="submit" loading={isSubmitting}>
          {t('person.password.submit')}
        </Button>
      </Form.Item>
    </Form>
  );
}
