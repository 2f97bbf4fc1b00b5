import type { TAccessTokenCreated } from '@masthub/shared';
import { Alert, Button, Card, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { feedback } from '../../browser/feedback.ts';
import { copyWithFeedback } from '../../ui/clipboard.ts';
import { AccessTokenTable } from './AccessTokenTable.tsx';
import { useOwnAccessTokens, useRevokeOwnAccessToken } from './api.ts';
import { CreateAccessTokenModal } from './CreateAccessTokenModal.tsx';

/**
 * Personal access tokens in the personal centre (issue 32): make one for scripts (`Authorization: Bearer`),
 * see its secret once and copy it, see when and from where each was last used, revoke it.
 */
export function AccessTokensCard() {
  const { t } = useTranslation();
  const tokens = useOwnAccessTokens();
  const revoke = useRevokeOwnAccessToken();
  const [isCreating, setIsCreating] = useState(false);
  const [created, setCreated] = useState<TAccessTokenCreated | null>(null);

  return (
    <Card
      title={t('person.accessTokens.title')}
      style={{ marginTop: 24 }}
      extra={
        <Button type="primary" onClick={() => setIsCreating(true)} data-testid="access-token-new">
          {t('person.accessTokens.create')}
        </Button>
      }
      data-testid="access-tokens-card"
    >
      <Typography.Paragraph type="secondary">{t('person.accessTokens.intro')}</Typography.Paragraph>
      <AccessTokenTable
        tokens={tokens.data ?? []}
        isLoading={tokens.isLoading}
        onRevoke={async (token) => {
          await revoke.mutateAsync(token.id);
          feedback.success(t('person.accessTokens.revoked'));
        }}
      />
      <CreateAccessTokenModal
        open={isCreating}
        onClose={() => setIsCreating(false)}
        onCreated={(token) => {
          setIsCreating(false);
          setCreated(token);
        }}
      />
      <Modal
        open={created !== null}
        title={t('person.accessTokens.createdTitle', { name: created?.name ?? '' })}
        onCancel={() => setCreated(null)}
        footer={
          <Button type="primary" onClick={() => setCreated(null)} data-testid="access-token-secret-done">
            {t('person.accessTokens.done')}
          </Button>
        }
        mask={{ closable: false }}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Alert type="warning" showIcon title={t('person.accessTokens.once')} />
          <Typography.Text
            code
            copyable={false}
            style={{ wordBreak: 'break-all' }}
            data-testid="access-token-secret"
          >
            {created?.secret}
          </Typography.Text>
          <div>
            <Button
              onClick={() => created && void copyWithFeedback(created.secret)}
              data-testid="access-token-copy"
            >
              {t('person.accessTokens.copy')}
            </Button>
          </div>
          <Typography.Text type="secondary">{t('person.accessTokens.usage')}</Typography.Text>
        </Flex>
      </Modal>
    </Card>
  );
}
