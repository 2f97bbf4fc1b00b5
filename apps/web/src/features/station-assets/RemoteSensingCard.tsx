import type { TRemoteSensingChannel } from '@masthub/shared';
import { Card, Descriptions, Empty, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { WholeTable } from '../../ui/table/WholeTable.tsx';
import { useRemoteSensingProfile } from './api.ts';

interface THeightRow {
  heightM: number;
  channels: TRemoteSensingChannel[];
}

/**
 * A lidar's or sodar's device and measurement heights, with the channels its data give at each height
 * (issue 31). Not shown for a mast.
 */
export function RemoteSensingCard({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const { data: profile } = useRemoteSensingProfile(stationId);
  if (!profile?.isRemoteSensing) return null;
  const none = <Typography.Text type="secondary">—</Typography.Text>;
  const statistic = (s: string) => t(`stations.remoteSensing.statistics.${s}`, { defaultValue: s });
  const columns: TableColumnsType<THeightRow> = [
    {
      key: 'heightM',
      dataIndex: 'heightM',
      title: t('stations.remoteSensing.height'),
      width: 110,
      render: (h: number) => `${h} m`,
    },
    {
      key: 'channels',
      title: t('stations.remoteSensing.channels'),
      render: (_: unknown, row: THeightRow) =>
        row.channels.length === 0 ? (
          <Typography.Text type="secondary">{t('stations.remoteSensing.noData')}</Typography.Text>
        ) : (
          <Space size={[4, 4]} wrap>
            {row.channels.map((c) => (
              <Tag key={c.channelId} title={c.name}>
                {c.elementName} · {statistic(c.statistic)}
                {c.unit ? ` (${c.unit})` : ''}
              </Tag>
            ))}
          </Space>
        ),
    },
  ];
  return (
    <Card size="small" title={t('stations.remoteSensing.title')} data-testid="remote-sensing-card">
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'type', label: t('stations.remoteSensing.type'), children: profile.stationTypeName },
          { key: 'device', label: t('stations.remoteSensing.device'), children: profile.deviceModel || none },
          {
            key: 'serial',
            label: t('stations.remoteSensing.serial'),
            children: profile.deviceSerial || none,
          },
          {
            key: 'firmware',
            label: t('stations.remoteSensing.firmware'),
            children: profile.deviceFirmware || none,
          },
        ]}
      />
      {profile.heights.length === 0 ? (
        <Empty description={t('stations.remoteSensing.noHeights')} />
      ) : (
        <WholeTable<THeightRow>
          rowKey="heightM"
          columns={columns}
          dataSource={profile.heights}
          data-testid="remote-sensing-heights"
        />
      )}
    </Card>
  );
}
