import type { TUserRecord } from '@masthub/shared';
import { App, Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../app/feedback.ts';
import { useFormatDateTime } from '../../app/use-date-time.ts';
import { useResetPassword, useResetSecondFactor, useUnlockSecondFactor } from './api.ts';

interface UserSecurityActionsProps {
  user: TUserRecord;
  /** The row is the logged-in user: their own password and second factor change in the personal centre. */
  isSelf: boolean;
  /** A new password or enrolment code to show once. */
  onSecrets: (secrets: { password: string | null; enrolmentCode: string | null }) => void;
}

/**
 * The account-security actions of a user row: reset the password (sessions and access tokens revoked),
 * reset the second factor (an enrolment code when the role requires one), unlock it after wrong codes.
 * Never on one's own row: the server refuses them there too.
 */
export function UserSecurityActions({ user, isSelf, onSecrets }: UserSecurityActionsProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const resetPassword = useResetPassword();
  const resetSecondFactor = useResetSecondFactor();
  const unlockSecondFactor = useUnlockSecondFactor();
  const names = { name: user.userName, account: user.account };

  const askReset = () => {
    modal.confirm({
      title: t('system.user.password.resetTitle'),
      content: t('system.user.password.resetConfirm', names),
      okText: t('system.user.password.reset'),
      onOk: async () => {
        const reply = await resetPassword.mutateAsync(user.id);
        onSecrets({ password: reply.password, enrolmentCode: null });
      },
    });
  };

  const askResetSecondFactor = () => {
    modal.confirm({
      title: t('system.user.secondFactor.resetTitle'),
      content: t('system.user.secondFactor.resetConfirm', names),
      okText: t('system.user.secondFactor.reset'),
      onOk: async () => {
        const reply = await resetSecondFactor.mutateAsync(user.id);
        feedback.success(
          t(reply.wasEnabled ? 'system.user.secondFactor.done' : 'system.user.secondFactor.wasOff'),
        );
        if (reply.enrolmentCode) onSecrets({ password: null, enrolmentCode: reply.enrolmentCode });
      },
    });
  };

  const askUnlock = () => {
    modal.confirm({
      title: t('system.user.secondFactor.unlockTitle'),
      content: t('system.user.secondFactor.unlockConfirm', {
        ...names,
        until: formatDateTime(user.secondFactorLockedUntil),
      }),
      okText: t('system.user.secondFactor.unlock'),
      onOk: async () => {
        await unlockSecondFactor.mutateAsync(user.id);
        feedback.success(t('system.user.secondFactor.unlocked'));
      },
    });
  };

  const action = (label: ReactNode, selfHint: string, run: () => void) =>
    isSelf ? (
      <Tooltip title={selfHint}>
        <Button type="link" size="small" disabled>
          {label}
        </Button>
      </Tooltip>
    ) : (
      <Button type="link" size="small" onClick={run}>
        {label}
      </Button>
    );

  return (
    <>
      {action(t('system.user.password.reset'), t('system.user.password.self'), askReset)}
      {action(t('system.user.secondFactor.reset'), t('system.user.secondFactor.self'), askResetSecondFactor)}
      {user.secondFactorLockedUntil
        ? action(t('system.user.secondFactor.unlock'), t('system.user.secondFactor.self'), askUnlock)
        : null}
    </>
  );
}
