import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../app/clipboard.ts';

interface OneTimePasswordModalProps {
  /** The account the password belongs to. */
  account: string;
  /** Null closes the modal. */
  password: string | null;
  onClose: () => void;
}

/** A generated password is shown once (the server keeps only its hash): copy it now or reset again. */
export function OneTimePasswordModal({ account, password, onClose }: OneTimePasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={password !== null}
      title={t('system.user.password.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.common.done')}
        </Button>
      }
    >
      <Alert type="warning" showIcon title={t('system.user.password.once')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{t('system.user.password.forAccount', { account })}</Typography.Paragraph>
      <Flex align="center" gap={12}>
        <Typography.Text code style={{ fontSize: 18 }} data-testid="one-time-password">
          {password}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void copyWithFeedback(password ?? '')}>
          {t('system.common.copy')}
        </Button>
      </Flex>
    </Modal>
  );
}
