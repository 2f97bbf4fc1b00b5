import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { type TLoginChallenge, type TLoginRequest, ZLoginRequest } from '@masthub/shared';
import { Alert, Button, Card, Form, Input, Typography, theme } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { feedback } from '../../browser/feedback.ts';
import { DOWNLOAD_LINK_PREFIX } from '../../browser/return-to.ts';
import { readItem, removeItem, STORAGE_KEYS } from '../../browser/storage.ts';
import { RequestError, takePendingNotice } from '../../request/request.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { LanguageSwitch } from '../../ui/LanguageSwitch.tsx';
import { logIn } from './api.ts';
import styles from './LoginPage.module.css';
import { RecoveryCodes } from './RecoveryCodes.tsx';
import { SecondFactorStep } from './SecondFactorStep.tsx';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const [form] = Form.useForm<TLoginRequest>();
  const rule = useZodRule(ZLoginRequest);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The 401 toast was lost in the reload that brought the user here: show it once.
  const [notice] = useState(takePendingNotice);

  // After the right password: the second-factor step; after setting a key up: its recovery codes.
  const [challenge, setChallenge] = useState<TLoginChallenge | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  const enterApp = async () => {
    feedback.success(t('auth.login.success'));
    // Back to a delivered download link opened before the login, else home.
    const returnTo = readItem(STORAGE_KEYS.returnTo, 'session');
    removeItem(STORAGE_KEYS.returnTo, 'session');
    await navigate(returnTo?.startsWith(DOWNLOAD_LINK_PREFIX) ? returnTo : '/index', { replace: true });
  };

  const submit = async (values: TLoginRequest) => {
    setIsSubmitting(true);
    setError(null);
    try {
      const result = await logIn({ account: values.account.trim(), password: values.password });
      if ('secondFactor' in result) {
        setChallenge(result);
        return;
      }
      await enterApp();
    } catch (caught) {
      setError(caught instanceof RequestError ? caught.message : t('auth.login.failed'));
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <div
      className={styles.page}
      style={{ background: `linear-gradient(135deg, ${token.colorPrimary} 0%, #0b3d2e 100%)` }}
    >
      <div className={styles.language}>
        <LanguageSwitch style={{ color: '#fff' }} />
      </div>
      <div className={styles.intro}>
        <Typography.Title level={2} style={{ color: '#fff', marginBottom: 12 }}>
          {t('common.app.name')}
        </Typography.Title>
        <Typography.Paragraph className={styles.slogan}>{t('common.app.slogan')}</Typography.Paragraph>
      </div>
      <Card className={styles.card}>
        <Typography.Title level={4} style={{ marginTop: 0, marginBottom: 24 }}>
          {t(
            recoveryCodes
              ? 'auth.secondFactor.recoveryTitle'
              : challenge
                ? 'auth.secondFactor.title'
                : 'auth.login.title',
          )}
        </Typography.Title>
        {recoveryCodes ? (
          <>
            <RecoveryCodes codes={recoveryCodes} />
            <Button
              type="primary"
              block
              size="large"
              style={{ marginTop: 24 }}
              onClick={() => void enterApp()}
            >
              {t('auth.secondFactor.savedContinue')}
            </Button>
          </>
        ) : challenge ? (
          <SecondFactorStep
            challenge={challenge}
            onDone={(codes) => {
              if (codes) setRecoveryCodes(codes);
              else void enterApp();
            }}
            onBack={() => setChallenge(null)}
          />
        ) : (
          <>
            {notice && !error ? (
              <Alert className={styles.alert} type="warning" showIcon title={notice} />
            ) : null}
            {error ? (
              <Alert className={styles.alert} type="error" showIcon title={error} role="alert" />
            ) : null}
            <Form<TLoginRequest>
              form={form}
              layout="vertical"
              requiredMark={false}
              onFinish={submit}
              size="large"
            >
              <Form.Item name="account" label={t('auth.login.account')} rules={[rule('account')]}>
                <Input
                  prefix={<UserOutlined />}
                  placeholder={t('auth.login.accountPlaceholder')}
                  autoComplete="username"
                  autoFocus
                />
              </Form.Item>
              <Form.Item name="password" label={t('auth.login.password')} rules={[rule('password')]}>
                <Input.Password
                  prefix={<LockOutlined />}
                  placeholder={t('auth.login.passwordPlaceholder')}
                  autoComplete="current-password"
                />
              </Form.Item>
              <Form.Item style={{ marginBottom: 0 }}>
                <Button type="primary" htmlType="submit" block loading={isSubmitting}>
                  {t('auth.login.submit')}
                </Button>
              </Form.Item>
            </Form>
          </>
        )}
      </Card>
    </div>
  );
}
