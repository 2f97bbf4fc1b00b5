import { SafetyOutlined } from '@ant-design/icons';
import {
  type TLoginChallenge,
  type TSecondFactorSetup,
  ZSecondFactorLoginEnableRequest,
  ZSecondFactorLoginRequest,
} from '@masthub/shared';
import { Alert, Button, Checkbox, Flex, Form, Input, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZodRule } from '../../app/use-zod-rule.ts';
import { RequestError } from '../../request/request.ts';
import { beginSetupAtLogin, enableAtLogin, logInWithCode } from './api.ts';
import { SecondFactorKey } from './SecondFactorKey.tsx';

interface CodeValues {
  code: string;
  rememberDevice: boolean;
}

interface SecondFactorStepProps {
  challenge: TLoginChallenge;
  /** The session is open; `recoveryCodes` when a key was just set up (to be shown once). */
  onDone: (recoveryCodes?: string[]) => void;
  /** Back to account and password (the challenge expired, or another account). */
  onBack: () => void;
}

/**
 * The login step after the right password: the authenticator code (or a recovery code), or — when the
 * role requires a second factor the user has none of — scanning a new key and confirming its first code.
 */
export function SecondFactorStep({ challenge, onDone, onBack }: SecondFactorStepProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const isSetup = challenge.secondFactor === 'setup';
  const rule = useZodRule(isSetup ? ZSecondFactorLoginEnableRequest : ZSecondFactorLoginRequest);
  const [setup, setSetup] = useState<TSecondFactorSetup | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  useEffect(() => {
    if (!isSetup) return;
    let isCurrent = true;
    beginSetupAtLogin(challenge.challenge)
      .then((key) => {
        if (isCurrent) setSetup(key);
      })
      .catch((caught: unknown) => {
        if (isCurrent) setError(caught instanceof RequestError ? caught.message : t('auth.login.failed'));
      });
    return () => {
      isCurrent = false;
    };
  }, [challenge.challenge, isSetup, t]);

  const submit = async (values: CodeValues) => {
    setIsSubmitting(true);
    setError(null);
    try {
      const body = {
        challenge: challenge.challenge,
        code: values.code.trim(),
        rememberDevice: values.rememberDevice === true,
      };
      if (isSetup) {
        const reply = await enableAtLogin(body);
        onDone(reply.recoveryCodes);
      } else {
        await logInWithCode(body);
        onDone();
      }
    } catch (caught) {
      setError(caught instanceof RequestError ? caught.message : t('auth.login.failed'));
      form.setFieldValue('code', '');
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Flex vertical gap={16}>
      {isSetup ? (
        <>
          <Alert type="info" showIcon title={t('auth.secondFactor.setupRequired')} />
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('auth.secondFactor.scanHint')}
          </Typography.Paragraph>
          {setup ? <SecondFactorKey setup={setup} /> : error ? null : <Spin />}
        </>
      ) : (
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          {t('auth.secondFactor.enterCode')}
        </Typography.Paragraph>
      )}
      {error ? <Alert type="error" showIcon title={error} role="alert" /> : null}
      <Form<CodeValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={submit}
        size="large"
        initialValues={{ code: '', rememberDevice: false }}
      >
        <Form.Item
          name="code"
          label={t(isSetup ? 'auth.secondFactor.firstCode' : 'auth.secondFactor.code')}
          rules={[rule('code')]}
        >
          <Input
            prefix={<SafetyOutlined />}
            placeholder={t(
              isSetup ? 'auth.secondFactor.firstCodePlaceholder' : 'auth.secondFactor.codePlaceholder',
            )}
            autoComplete="one-time-code"
            inputMode={isSetup ? 'numeric' : 'text'}
            autoFocus
          />
        </Form.Item>
        <Form.Item name="rememberDevice" valuePropName="checked">
          <Checkbox>{t('auth.secondFactor.remember', { days: challenge.rememberDays })}</Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={isSubmitting} disabled={isSetup && !setup}>
            {t(isSetup ? 'auth.secondFactor.enableAndLogIn' : 'auth.secondFactor.verify')}
          </Button>
        </Form.Item>
        <Button type="link" block onClick={onBack}>
          {t('auth.secondFactor.back')}
        </Button>
      </Form>
    </Flex>
  );
}
