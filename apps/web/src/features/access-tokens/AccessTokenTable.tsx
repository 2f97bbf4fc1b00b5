import type { TAccessTokenRecord } from '@masthub/shared';
import { Button, Popconfirm, Table, type TableColumnsType, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormatDateTime } from '../../ui/use-date-time.ts';

const STATUS_COLOR = { active: 'green', expired: 'default', revoked: 'red' } as const;

/**
 * Personal access tokens in a table: name and prefix, scopes, sites, expiry, last use and address, status,
 * and a revoke button for live ones. The personal centre and user administration both show it.
 */
export function AccessTokenTable<T extends TAccessTokenRecord>(props: {
  tokens: readonly T[];
  isLoading: boolean;
  onRevoke: (token: T) => Promise<unknown>;
  leadingColumns?: TableColumnsType<T>;
  footer?: ReactNode;
  pagination?: false | { current: number; pageSize: number; total: number; onChange: (page: number) => void };
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const columns: TableColumnsType<T> = [
    ...(props.leadingColumns ?? []),
    {
      title: t('person.accessTokens.name'),
      key: 'name',
      render: (_, token) => (
        <>
          <div>{token.name}</div>
          <Typography.Text type="secondary" code>
            {`${token.prefix}…`}
          </Typography.Text>
        </>
      ),
    },
    {
      title: t('person.accessTokens.scopes'),
      key: 'scopes',
      render: (_, token) =>
        token.scopes.map((scope) => <Tag key={scope}>{t(`person.accessTokens.scope.${scope}`)}</Tag>),
    },
    {
      title: t('person.accessTokens.stations'),
      key: 'stations',
      render: (_, token) =>
        token.stations.length === 0
          ? t('person.accessTokens.allStations')
          : token.stations.map((s) => `${s.stationCode} ${s.projectName}`).join('、'),
    },
    {
      title: t('person.accessTokens.expiresAt'),
      key: 'expiresAt',
      render: (_, token) => formatDateTime(token.expiresAt),
    },
    {
      title: t('person.accessTokens.lastUsed'),
      key: 'lastUsed',
      render: (_, token) =>
        token.lastUsedAt ? (
          <>
            <div>{formatDateTime(token.lastUsedAt)}</div>
            <Typography.Text type="secondary">{token.lastUsedIp}</Typography.Text>
          </>
        ) : (
          t('person.accessTokens.neverUsed')
        ),
    },
    {
      title: t('person.accessTokens.status'),
      key: 'status',
      render: (_, token) => (
        <Tag color={STATUS_COLOR[token.status]} data-testid={`access-token-status-${token.id}`}>
          {t(`person.accessTokens.statusName.${token.status}`)}
        </Tag>
      ),
    },
    {
      title: t('person.accessTokens.actions'),
      key: 'actions',
      render: (_, token) =>
        token.status === 'active' ? (
          <Popconfirm
            title={t('person.accessTokens.revokeConfirm', { name: token.name })}
            okText={t('person.accessTokens.revoke')}
            okButtonProps={{ danger: true }}
            onConfirm={() => props.onRevoke(token)}
          >
            <Button type="link" size="small" danger data-testid={`access-token-revoke-${token.id}`}>
              {t('person.accessTokens.revoke')}
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <Table<T>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={[...props.tokens]}
      loading={props.isLoading}
      pagination={props.pagination ?? false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('person.accessTokens.empty') }}
      data-testid="access-token-table"
      footer={props.footer ? () => props.footer : undefined}
    />
  );
}
