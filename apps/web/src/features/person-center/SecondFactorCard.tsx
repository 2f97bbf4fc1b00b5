import {
  type TSecondFactorDisableRequest,
  type TSecondFactorEnableRequest,
  type TSecondFactorSetup,
  ZSecondFactorDisableRequest,
  ZSecondFactorEnableRequest,
} from '@masthub/shared';
import { Alert, Button, Card, Flex, Form, Input, Modal, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { useZodRule } from '../../ui/form/use-zod-rule.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { RecoveryCodes, SecondFactorKey } from '../auth/index.ts';
import {
  useBeginSecondFactor,
  useDisableSecondFactor,
  useEnableSecondFactor,
  useSecondFactorStatus,
} from './api.ts';

/**
 * Two-factor login in the personal centre: turn it on (scan a key, confirm its first code, keep the
 * recovery codes shown once) or off with a current or recovery code — unless the role requires it.
 */
export function SecondFactorCard() {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const status = useSecondFactorStatus();
  const begin = useBeginSecondFactor();
  const enable = useEnableSecondFactor();
  const disable = useDisableSecondFactor();
  const enableRule = useZodRule(ZSecondFactorEnableRequest);
  const disableRule = useZodRule(ZSecondFactorDisableRequest);
  const [setup, setSetup] = useState<TSecondFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isTurningOff, setIsTurningOff] = useState(false);
  const [enableForm] = Form.useForm<TSecondFactorEnableRequest>();
  const [disableForm] = Form.useForm<TSecondFactorDisableRequest>();

  const confirm = async (values: TSecondFactorEnableRequest) => {
    try {
      const reply = await enable.mutateAsync({ code: values.code.trim() });
      setSetup(null);
      setRecoveryCodes(reply.recoveryCodes);
      feedback.success(t('person.secondFactor.turnedOn'));
    } catch {
      // The request layer said why; a fresh code is needed.
      enableForm.setFieldValue('code', '');
    }
  };

  const turnOff = async (values: TSecondFactorDisableRequest) => {
    try {
      await disable.mutateAsync({ code: values.code.trim() });
      setIsTurningOff(false);
      disableForm.resetFields();
      feedback.success(t('person.secondFactor.turnedOff'));
    } catch {
      disableForm.setFieldValue('code', '');
    }
  };

  const data = status.data;
  return (
    <Card
      title={t('person.secondFactor.title')}
      style={{ marginTop: 24 }}
      extra={data?.isRequired ? <Tag color="purple">{t('person.secondFactor.required')}</Tag> : null}
    >
      {!data ? (
        <Spin />
      ) : recoveryCodes ? (
        <Flex vertical gap={16}>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('auth.secondFactor.recoveryTitle')}
          </Typography.Title>
          <RecoveryCodes codes={recoveryCodes} />
          <div>
            <Button type="primary" onClick={() => setRecoveryCodes(null)}>
              {t('person.secondFactor.done')}
            </Button>
          </div>
        </Flex>
      ) : data.isEnabled ? (
        <Flex vertical gap={12}>
          <Alert
            type="success"
            showIcon
            title={t('person.secondFactor.on', { time: formatDateTime(data.enabledAt) })}
            description={t('person.secondFactor.codesLeft', { count: data.recoveryCodesLeft })}
          />
          {data.isRequired ? (
            <Typography.Text type="secondary">{t('person.secondFactor.requiredHint')}</Typography.Text>
          ) : (
            <div>
              <Button danger onClick={() => setIsTurningOff(true)}>
                {t('person.secondFactor.turnOff')}
              </Button>
            </div>
          )}
        </Flex>
      ) : setup ? (
        <Flex vertical gap={16} style={{ maxWidth: 520 }}>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t('auth.secondFactor.scanHint')}
          </Typography.Paragraph>
          <SecondFactorKey setup={setup} />
          <Form<TSecondFactorEnableRequest> form={enableForm} layout="vertical" onFinish={confirm}>
            <Form.Item
              name="code"
              label={t('auth.secondFactor.firstCode')}
              rules={[enableRule('code')]}
              required
            >
              <Input
                autoComplete="one-time-code"
                inputMode="numeric"
                placeholder={t('auth.secondFactor.firstCodePlaceholder')}
                style={{ maxWidth: 220 }}
              />
            </Form.Item>
            <Space>
              <Button type="primary" htmlType="submit" loading={enable.isPending}>
                {t('person.secondFactor.confirm')}
              </Button>
              <Button onClick={() => setSetup(null)}>{t('person.secondFactor.cancel')}</Button>
            </Space>
          </Form>
        </Flex>
      ) : (
        <Flex vertical gap={12}>
          {data.isRequired ? (
            <Alert type="warning" showIcon title={t('auth.secondFactor.setupRequired')} />
          ) : (
            <Typography.Text>{t('person.secondFactor.off')}</Typography.Text>
          )}
          <div>
            <Button
              type="primary"
              loading={begin.isPending}
              onClick={() => void begin.mutateAsync().then(setSetup, () => undefined)}
            >
              {t('person.secondFactor.turnOn')}
            </Button>
          </div>
        </Flex>
      )}
      <Modal
        open={isTurningOff}
        title={t('person.secondFactor.turnOffTitle')}
        okText={t('person.secondFactor.turnOff')}
        okButtonProps={{ danger: true, loading: disable.isPending }}
        onOk={() => disableForm.submit()}
        onCancel={() => setIsTurningOff(false)}
        destroyOnHidden
      >
        <Form<TSecondFactorDisableRequest> form={disableForm} layout="vertical" onFinish={turnOff}>
          <Typography.Paragraph>{t('person.secondFactor.turnOffHint')}</Typography.Paragraph>
          <Form.Item name="code" label={t('auth.secondFactor.code')} rules={[disableRule('code')]} required>
            <Input autoComplete="one-time-code" placeholder={t('auth.secondFactor.codePlaceholder')} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
