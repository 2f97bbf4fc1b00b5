import { KeyOutlined } from '@ant-design/icons';
import { type TSecondFactorSetup, ZSecondFactorChallengeRequest } from '@masthub/shared';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { beginSetupAtLogin } from './api.ts';

interface EnrolmentCodeFormProps {
  challenge: string;
  /** The code was right: the key to scan, and the code (sent again when the key is turned on). */
  onKey: (setup: TSecondFactorSetup, enrolmentCode: string) => void;
  onBack: () => void;
}

/**
 * The first step of the set-up a role forces at login: the one-time enrolment code the administrator
 * handed over. The password alone does not let anyone enrol an authenticator for the account.
 */
export function EnrolmentCodeForm({ challenge, onKey, onBack }: EnrolmentCodeFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ enrolmentCode: string }>();
  const rule = useZodRule(ZSecondFactorChallengeRequest);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async ({ enrolmentCode }: { enrolmentCode: string }) => {
    setIsSubmitting(true);
    setError(null);
    try {
      const code = enrolmentCode.trim();
      onKey(await beginSetupAtLogin({ challenge, enrolmentCode: code }), code);
    } catch (caught) {
      setError(caught instanceof RequestError ? caught.message : t('auth.login.failed'));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="info" showIcon title={t('auth.secondFactor.setupRequired')} />
      <Typography.Paragraph style={{ marginBottom: 0 }}>
        {t('auth.secondFactor.enrolmentHint')}
      </Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      <Form<{ enrolmentCode: string }>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        size="large"
        initialValues={{ enrolmentCode: '' }}
      >
        <Form.Item
          name="enrolmentCode"
          label={t('auth.secondFactor.enrolmentCode')}
          rules={[rule('enrolmentCode')]}
        >
          <Input
            prefix={<KeyOutlined />}
            placeholder={t('auth.secondFactor.enrolmentCodePlaceholder')}
            autoComplete="off"
            autoFocus
          />
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
            {t('auth.secondFactor.continue')}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={onBack}>
          {t('auth.secondFactor.back')}
        </Button>
      </Form>
    </Flex>
  );
}
