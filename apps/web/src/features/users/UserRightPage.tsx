import { Card, Col, Empty, Row, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LinkResult } from '../../ui/LinkResult.tsx';
import { FeatureStatusTree } from '../access/index.ts';
import { AssignStationsModal } from './AssignStationsModal.tsx';
import { useRightConfig } from './api.ts';
import { TransferOwnershipModal } from './TransferOwnershipModal.tsx';
import { UserRightSummary } from './UserRightSummary.tsx';
import { UserStationsCard } from './UserStationsCard.tsx';
import { parseIdParam } from './users.utils.ts';

/** What one user may do (SPEC §2 UserRight): role features, and the sites they reach and how. */
export function UserRightPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const userId = parseIdParam(params.get('userId'));
  const [selected, setSelected] = useState<number[]>([]);
  const [isAssigning, setIsAssigning] = useState(false);
  const [transferIds, setTransferIds] = useState<number[] | undefined>();
  const { data: config, isLoading, isError } = useRightConfig(userId);

  if (userId === undefined || isError) {
    return (
      <LinkResult
        status="warning"
        title={t('system.userRight.noUser')}
        to="/systemManage/UserManage/UserList"
        linkLabel={t('system.userRight.backToList')}
      />
    );
  }

  const user = config ? { id: config.userId, account: config.account, userName: config.userName } : undefined;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <UserRightSummary config={config} isLoading={isLoading} />
      <Row gutter={16}>
        <Col xs={24} xl={8}>
          <Card title={t('system.userRight.features')} loading={isLoading}>
            <Typography.Paragraph type="secondary">
              {config?.isAdmin ? t('system.userRight.adminHint') : t('system.userRight.featuresHint')}
            </Typography.Paragraph>
            {config ? <FeatureStatusTree features={config.features} /> : <Empty />}
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <UserStationsCard
            userId={userId}
            selected={selected}
            onSelect={setSelected}
            onAssign={() => setIsAssigning(true)}
            onTransfer={setTransferIds}
          />
        </Col>
      </Row>
      <AssignStationsModal open={isAssigning} user={user} onClose={() => setIsAssigning(false)} />
      <TransferOwnershipModal
        open={transferIds !== undefined}
        user={user}
        stationIds={transferIds}
        onClose={() => setTransferIds(undefined)}
        onDone={() => setSelected([])}
      />
    </Space>
  );
}
