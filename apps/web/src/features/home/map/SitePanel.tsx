import { CloseOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Divider, Skeleton, Tag } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormatDateTime } from '../../../ui/use-date-time.ts';
import { useStationOverview } from '../../stations/index.ts';

/** ECharts loads with the first opened panel, not with the map. */
const HomeRoseCharts = lazy(() => import('./rose/HomeRoseCharts.tsx'));

function text(value: string | number | null | undefined): string {
  return value === null || value === undefined || value === '' ? '—' : String(value);
}

/** The home station info panel (GET /web/station/overview) with the way into the site detail. */
export function SitePanel({
  id,
  className,
  onClose,
}: {
  id: number;
  className?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: site, isPending } = useStationOverview(id);
  return (
    <Card
      size="small"
      className={className}
      data-testid="site-panel"
      title={t('home-map.panel.title')}
      extra={
        <Button
          type="text"
          size="small"
          icon={<CloseOutlined />}
          aria-label={t('home-map.panel.close')}
          onClick={onClose}
        />
      }
    >
      {isPending || !site ? (
        <Skeleton active />
      ) : (
        <>
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'code', label: t('home-map.panel.code'), children: site.stationCode },
              { key: 'project', label: t('home-map.panel.project'), children: site.projectName },
              {
                key: 'status',
                label: t('home-map.panel.status'),
                children: <Tag color={site.statusColor}>{site.statusName}</Tag>,
              },
              { key: 'type', label: t('home-map.panel.type'), children: text(site.stationTypeName) },
              { key: 'province', label: t('home-map.panel.province'), children: text(site.province) },
              { key: 'location', label: t('home-map.panel.location'), children: text(site.location) },
              {
                key: 'coordinates',
                label: t('home-map.panel.coordinates'),
                children: `${site.longitude.toFixed(6)}, ${site.latitude.toFixed(6)}`,
              },
              { key: 'altitude', label: t('home-map.panel.altitude'), children: text(site.altitude) },
              { key: 'height', label: t('home-map.panel.height'), children: text(site.pylonHeight) },
              { key: 'owner', label: t('home-map.panel.owner'), children: text(site.ownerPartyName) },
              {
                key: 'startTime',
                label: t('home-map.panel.startTime'),
                children: text(formatDateTime(site.startTime)),
              },
              {
                key: 'dataTime',
                label: t('home-map.panel.dataTime'),
                children: text(formatDateTime(site.dataTime)),
              },
              { key: 'days', label: t('home-map.panel.measuringDays'), children: text(site.measuringDays) },
            ]}
          />
          <Divider style={{ margin: '8px 0 0' }} />
          <Suspense fallback={<Skeleton active paragraph={{ rows: 4 }} />}>
            <HomeRoseCharts key={site.id} stationId={site.id} />
          </Suspense>
          <Link to={`/StationDetail/StationInfo?stationId=${site.id}`}>
            <Button type="primary" block style={{ marginTop: 12 }}>
              {t('home-map.panel.detail')}
            </Button>
          </Link>
        </>
      )}
    </Card>
  );
}
