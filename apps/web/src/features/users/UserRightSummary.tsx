import type { TRightConfig } from '@masthub/shared';
import { Card, Descriptions, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { BackTitle } from '../../ui/BackTitle.tsx';
import { PermissionButton } from '../../ui/PermissionButton.tsx';

/** The user's card on their rights page: back link, name, role link and account facts. */
export function UserRightSummary({
  config,
  isLoading,
}: {
  config: TRightConfig | undefined;
  isLoading: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const orNotSet = (value: string | null | undefined) => value || t('common.notSet');

  return (
    <Card loading={isLoading}>
      <Flex justify="space-between" align="flex-start" gap={16} wrap>
        <BackTitle
          to="/systemManage/UserManage/UserList"
          backLabel={t('system.userRight.backToList')}
          title={t('system.userRight.title', { name: config?.userName ?? '' })}
        />
        {config?.roleId ? (
          <PermissionButton
            feature="system.role"
            onClick={() => void navigate(`/systemManage/RoleManage/RoleRight?roleId=${config.roleId}`)}
          >
            {t('system.userRight.editRoleRights')}
          </PermissionButton>
        ) : null}
      </Flex>
      {config ? (
        <Descriptions
          style={{ marginTop: 16 }}
          column={{ xs: 1, md: 2, xl: 4 }}
          items={[
            { key: 'account', label: t('system.user.fields.account'), children: config.account },
            { key: 'role', label: t('system.user.fields.role'), children: orNotSet(config.roleName) },
            {
              key: 'company',
              label: t('system.user.fields.company'),
              children: orNotSet(config.companyName),
            },
            {
              key: 'department',
              label: t('system.user.fields.department'),
              children: orNotSet(config.groupName),
            },
            {
              key: 'dataScope',
              label: t('system.role.fields.dataScope'),
              children: t(`system.dataScope.${config.dataScope}`),
            },
            {
              key: 'stationCount',
              label: t('system.userRight.stationCount'),
              children: config.stationCount,
            },
          ]}
        />
      ) : null}
    </Card>
  );
}
