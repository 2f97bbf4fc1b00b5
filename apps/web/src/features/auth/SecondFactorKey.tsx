import type { TSecondFactorSetup } from '@masthub/shared';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A new authenticator key: the QR code to scan and the same key as text for apps without a camera. */
export function SecondFactorKey({ setup }: { setup: TSecondFactorSetup }) {
  const { t } = useTranslation();
  return (
    <Flex gap={16} align="center" wrap>
      <img
        src={setup.qrCode}
        alt={t('auth.secondFactor.qrAlt')}
        width={168}
        height={168}
        style={{ background: '#fff', border: '1px solid #f0f0f0' }}
      />
      <Flex vertical gap={4} style={{ minWidth: 0, flex: 1 }}>
        <Typography.Text type="secondary">{t('auth.secondFactor.manualKey')}</Typography.Text>
        <Typography.Text code copyable style={{ wordBreak: 'break-all' }} data-testid="second-factor-secret">
          {setup.secret}
        </Typography.Text>
        <Typography.Text type="secondary">
          {t('auth.secondFactor.accountLabel', { issuer: setup.issuer, account: setup.account })}
        </Typography.Text>
      </Flex>
    </Flex>
  );
}
