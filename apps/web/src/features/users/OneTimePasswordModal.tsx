import { CopyOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyWithFeedback } from '../../ui/clipboard.ts';

interface OneTimePasswordModalProps {
  /** The account the secrets belong to. */
  account: string;
  /** A generated password, or null. */
  password: string | null;
  /** A two-factor enrolment code, or null. Both null closes the modal. */
  enrolmentCode?: string | null;
  onClose: () => void;
}

/** One secret shown once, with a copy button. */
function OneTimeSecret(props: { warning: string; label: string; value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert type="warning" showIcon title={props.warning} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>{props.label}</Typography.Paragraph>
      <Flex align="center" gap={12} style={{ marginBottom: 16 }}>
        <Typography.Text code style={{ fontSize: 18 }} data-testid={props.testId}>
          {props.value}
        </Typography.Text>
        <Button icon={<CopyOutlined />} onClick={() => void copyWithFeedback(props.value)}>
          {t('system.common.copy')}
        </Button>
      </Flex>
    </>
  );
}

/**
 * A generated password and a two-factor enrolment code are shown once (the server keeps only their
 * hashes): copy them now or reset again.
 */
export function OneTimePasswordModal({
  account,
  password,
  enrolmentCode = null,
  onClose,
}: OneTimePasswordModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={password !== null || enrolmentCode !== null}
      title={t(password === null ? 'system.user.password.enrolmentTitle' : 'system.user.password.title')}
      onCancel={onClose}
      mask={{ closable: false }}
      footer={
        <Button type="primary" onClick={onClose}>
          {t('system.common.done')}
        </Button>
      }
    >
      {password !== null ? (
        <OneTimeSecret
          warning={t('system.user.password.once')}
          label={t('system.user.password.forAccount', { account })}
          value={password}
          testId="one-time-password"
        />
      ) : null}
      {enrolmentCode !== null ? (
        <OneTimeSecret
          warning={t('system.user.password.enrolmentOnce')}
          label={t('system.user.password.enrolmentForAccount', { account })}
          value={enrolmentCode}
          testId="one-time-enrolment-code"
        />
      ) : null}
    </Modal>
  );
}
