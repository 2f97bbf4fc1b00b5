import { SafetyOutlined } from '@ant-design/icons';
import {
  type TLoginChallenge,
  type TSecondFactorSetup,
  ZSecondFactorLoginEnableRequest,
  ZSecondFactorLoginRequest,
} from '@masthub/shared';
import { Alert, Button, Checkbox, Flex, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RequestError } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { enableAtLogin, logInWithCode } from './api.ts';
import { EnrolmentCodeForm } from './EnrolmentCodeForm.tsx';
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
 * role requires a second factor the user has none of — the enrolment code from the administrator, then
 * scanning a new key and confirming its first code.
 */
export function SecondFactorStep(props: SecondFactorStepProps) {
  const [enrolment, setEnrolment] = useState<{ setup: TSecondFactorSetup; code: string } | null>(null);
  if (props.challenge.secondFactor === 'setup' && !enrolment) {
    return (
      <EnrolmentCodeForm
        challenge={props.challenge.challenge}
        onKey={(setup, code) => setEnrolment({ setup, code })}
        onBack={props.onBack}
      />
    );
  }
  return <CodeStep {...props} enrolment={enrolment} />;
}

/** The code of the user's key, or the first code of the key just scanned (`enrolment`). */
function CodeStep({
  challenge,
  onDone,
  onBack,
  enrolment,
}: SecondFactorStepProps & { enrolment: { setup: TSecondFactorSetup; code: string } | null }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<CodeValues>();
  const setup = enrolment?.setup ?? null;
  const isSetup = setup !== null;
  const rule = useZodRule(isSetup ? ZSecondFactorLoginEnableRequest : ZSecondFactorLoginRequest);
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const submit = async (values: CodeValues) => {
    setIsSubmitting(true);
    setError(null);
    try {
      const body = {
        challenge: challenge.challenge,
        code: values.code.trim(),
        rememberDevice: values.rememberDevice === true,
      };
      if (enrolment) {
        const reply = await enableAtLogin({ ...body, enrolmentCode: enrolment.code });
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
      {setup ? (
        <>
          <Alert type="info" showIcon title={t('auth.secondFactor.setupRequired')} />
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('auth.secondFactor.scanHint')}
          </Typography.Paragraph>
          <SecondFactorKey setup={setup} />
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
          <Checkbox>{t('auth.secondFactor.remember', { count: challenge.rememberDays })}</Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button type="primary" htmlType="submit" block loading={isSubmitting}>
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
