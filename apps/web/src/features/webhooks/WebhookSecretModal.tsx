import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../ui/clipboard.ts';

/** A webhook's signing secret, shown this once (after creation or rotation), with how to check it. */
export function WebhookSecretModal({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={secret !== null}
      title={t('system.webhook.secret.title')}
      onCancel={onClose}
      footer={
        <Button type="primary" onClick={onClose} data-testid="webhook-secret-done">
          {t('system.webhook.secret.done')}
        </Button>
      }
      mask={{ closable: false }}
      destroyOnHidden
    >
      <Flex vertical gap={12}>
        <Alert type="warning" showIcon title={t('system.webhook.secret.once')} />
        <Typography.Text code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
          {secret}
        </Typography.Text>
        <div>
          <Button onClick={() => secret && void copyWithFeedback(secret)}>
            {t('system.webhook.secret.copy')}
          </Button>
        </div>
        <Typography.Text type="secondary">{t('system.webhook.secret.usage')}</Typography.Text>
      </Flex>
    </Modal>
  );
}
