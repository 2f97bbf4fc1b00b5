import type { TUserRecord } from '@masthub/shared';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import type { TRowAction } from '../../ui/list/row-actions.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useResetPassword, useResetSecondFactor, useUnlockSecondFactor } from './api.ts';

/**
 * The account-security actions of a user row: reset the password (sessions and access tokens revoked),
 * reset the second factor (an enrolment code when the role requires one), unlock it after wrong codes.
 * Never on one's own row (`isSelf`: the server refuses them there too): shown disabled with the reason.
 * `onSecrets` receives a new password or enrolment code to show once.
 */
export function useUserSecurityActions(
  onSecrets: (user: TUserRecord, secrets: { password: string | null; enrolmentCode: string | null }) => void,
): (user: TUserRecord, isSelf: boolean) => TRowAction[] {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const formatDateTime = useFormatDateTime();
  const resetPassword = useResetPassword();
  const resetSecondFactor = useResetSecondFactor();
  const unlockSecondFactor = useUnlockSecondFactor();

  return (user, isSelf) => {
    const names = { name: user.userName, account: user.account };
    const askReset = () => {
      modal.confirm({
        title: t('system.user.password.resetTitle'),
        content: t('system.user.password.resetConfirm', names),
        okText: t('system.user.password.reset'),
        onOk: async () => {
          const reply = await resetPassword.mutateAsync(user.id);
          onSecrets(user, { password: reply.password, enrolmentCode: null });
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
          if (reply.enrolmentCode) onSecrets(user, { password: null, enrolmentCode: reply.enrolmentCode });
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
    return [
      {
        key: 'resetPassword',
        label: t('system.user.password.reset'),
        disabledReason: isSelf ? t('system.user.password.self') : undefined,
        onClick: askReset,
      },
      {
        key: 'resetSecondFactor',
        label: t('system.user.secondFactor.reset'),
        disabledReason: isSelf ? t('system.user.secondFactor.self') : undefined,
        onClick: askResetSecondFactor,
      },
      ...(user.secondFactorLockedUntil
        ? [
            {
              key: 'unlockSecondFactor',
              label: t('system.user.secondFactor.unlock'),
              disabledReason: isSelf ? t('system.user.secondFactor.self') : undefined,
              onClick: askUnlock,
            },
          ]
        : []),
    ];
  };
}
