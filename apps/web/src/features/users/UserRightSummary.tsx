import { ArrowLeftOutlined } from '@ant-design/icons';
import type { TRightConfig } from '@masthub/shared';
import { Button, Card, Descriptions, Flex, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PermissionButton } from '../../app/PermissionButton.tsx';

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
        <Space orientation="vertical" size={4}>
          <Button
            type="link"
            icon={<ArrowLeftOutlined />}
            style={{ paddingInline: 0 }}
            onClick={() => void navigate('/systemManage/UserManage/UserList')}
          >
            {t('system.userRight.backToList')}
          </Button>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('system.userRight.title', { name: config?.userName ?? '' })}
          </Typography.Title>
        </Space>
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
