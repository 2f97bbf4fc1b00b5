import type { TUserRecord } from '@masthub/shared';
import { Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import {
  AccessTokenTable,
  useAdminAccessTokens,
  useRevokeAccessTokenAsAdmin,
} from '../access-tokens/index.ts';

const PAGE_SIZE = 10;

/** An administrator's view of one user's personal access tokens (issue 32), with revoke. */
export function UserAccessTokensModal(props: { user: TUserRecord | undefined; onClose: () => void }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const userId = props.user?.id ?? 0;
  const tokens = useAdminAccessTokens({ pageNo, pageSize: PAGE_SIZE, userId }, props.user !== undefined);
  const revoke = useRevokeAccessTokenAsAdmin();
  return (
    <Modal
      open={props.user !== undefined}
      title={t('system.user.accessTokens.title', { name: props.user?.userName ?? '' })}
      onCancel={props.onClose}
      footer={null}
      width={1000}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('system.user.accessTokens.intro')}</Typography.Paragraph>
      <AccessTokenTable
        tokens={tokens.data?.records ?? []}
        isLoading={tokens.isLoading}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: tokens.data?.total ?? 0,
          onChange: setPageNo,
        }}
        onRevoke={async (token) => {
          await revoke.mutateAsync(token.id);
          feedback.success(t('system.user.accessTokens.revoked'));
        }}
      />
    </Modal>
  );
}
