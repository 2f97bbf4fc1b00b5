import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Flex, Result, Skeleton, Space, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useNavigate } from 'react-router';
import { useRouteTabs } from '../../ui/route-tabs.ts';
import { useFormatDateTime } from '../../ui/use-date-time.ts';
import { useStationId } from '../../ui/use-station-id.ts';
import { StationStatusTag, StationTagList, useRegions, useStationOverview } from '../stations/index.ts';
import { provinceNamesOf, siteLocationText } from './site-location.ts';

function StationHeader({ stationId }: { stationId: number }) {
  const { t } = useTranslation();
  const formatDateTime = useFormatDateTime();
  const { data: overview, isPending, isError } = useStationOverview(stationId);
  // The region list names the province in both languages, so a location that names it is not repeated.
  const { data: regions = [] } = useRegions();
  if (isPending) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (isError || !overview) {
    return <Result status="warning" title={t('stations.detail.notFound')} />;
  }
  const value = (text: string | number | null | undefined) =>
    text === null || text === undefined || text === '' ? t('stations.detail.none') : String(text);
  return (
    <Flex vertical gap={8} data-testid="station-header">
      <Space size={12} align="center" wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="station-title">
          {overview.stationCode} · {overview.projectName}
        </Typography.Title>
        <StationStatusTag status={overview.status} name={overview.statusName} />
        <StationTagList tags={overview.tags} />
      </Space>
      <Descriptions
        size="small"
        column={{ xs: 1, sm: 2, lg: 4 }}
        items={[
          { key: 'type', label: t('stations.detail.type'), children: value(overview.stationTypeName) },
          {
            key: 'location',
            label: t('stations.detail.location'),
            children: value(
              siteLocationText(
                overview.province,
                overview.location,
                provinceNamesOf(overview.regionCode, regions),
              ),
            ),
          },
          {
            key: 'coordinates',
            label: t('stations.detail.coordinates'),
            children: `${overview.longitude}, ${overview.latitude}`,
          },
          {
            key: 'height',
            label: t('stations.detail.heights'),
            children: t('stations.detail.heightsValue', {
              altitude: value(overview.altitude),
              height: value(overview.pylonHeight),
            }),
          },
          { key: 'owner', label: t('stations.detail.owner'), children: value(overview.ownerPartyName) },
          {
            key: 'manufacturer',
            label: t('stations.detail.manufacturer'),
            children: value(overview.manufacturerIdName),
          },
          {
            key: 'dataTime',
            label: t('stations.detail.dataTime'),
            children: value(formatDateTime(overview.dataTime)),
          },
          {
            key: 'measuringDays',
            label: t('stations.detail.measuringDays'),
            children:
              overview.measuringDays === null
                ? t('stations.detail.none')
                : t('stations.detail.days', { count: overview.measuringDays }),
          },
        ]}
      />
    </Flex>
  );
}

/**
 * The site-detail shell (SPEC §2 /StationDetail/*): the site's header from the overview call and the tabs
 * of the route table; `stationId` stays in the URL from tab to tab.
 */
export function StationDetailLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const stationId = useStationId();
  const { tabs, activeKey } = useRouteTabs(pathname);

  if (stationId === undefined) {
    return (
      <Card>
        <Result
          status="info"
          title={t('stations.detail.chooseSite')}
          extra={
            <Link to="/stationManage">
              <Button type="primary">{t('stations.detail.backToList')}</Button>
            </Link>
          }
        />
      </Card>
    );
  }

  return (
    <Flex vertical gap={16}>
      <Card size="small">
        <Flex gap={12} align="flex-start">
          <Link to="/stationManage" aria-label={t('stations.detail.backToList')}>
            <Button type="text" icon={<ArrowLeftOutlined />} />
          </Link>
          <div style={{ flex: 1, minWidth: 0 }}>
            <StationHeader stationId={stationId} />
          </div>
        </Flex>
      </Card>
      <Card size="small">
        <Tabs
          activeKey={activeKey}
          onChange={(key) => void navigate(`${key}${search}`)}
          items={tabs.map((tab) => ({ key: tab.path, label: t(tab.name ?? '') }))}
        />
        <Outlet />
      </Card>
    </Flex>
  );
}
