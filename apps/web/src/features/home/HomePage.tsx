import {
  ApartmentOutlined,
  BarChartOutlined,
  EnvironmentOutlined,
  SettingOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { Card, Col, Flex, Row, Skeleton, Typography, theme } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLogin } from '../../browser/login.storage.ts';
import { compactFilter, fetchMapSites, homeMapKeys } from './api.ts';
import styles from './HomePage.module.css';

/**
 * The map and its libraries (maplibre, supercluster, base data) load in their own chunk, asked for as soon
 * as this page's code runs (before the page renders; on the login page, while the user types: app/router).
 */
const homeMap = import('./map/HomeMap.tsx');
// Settled by React.lazy when the map renders; this only keeps a failure of a page that never renders quiet.
homeMap.catch(() => undefined);
const HomeMap = lazy(() => homeMap);

interface AreaLink {
  to: string;
  name: string;
  description: string;
  icon: ReactNode;
}

const AREAS: AreaLink[] = [
  {
    to: '/stationManage',
    name: 'menu.stationManage',
    description: 'home.areas.stationManage',
    icon: <EnvironmentOutlined />,
  },
  { to: '/report', name: 'menu.report', description: 'home.areas.report', icon: <BarChartOutlined /> },
  {
    to: '/systemManage',
    name: 'menu.systemManage',
    description: 'home.areas.systemManage',
    icon: <SettingOutlined />,
  },
  {
    to: '/personCenter',
    name: 'menu.personCenter',
    description: 'home.areas.personCenter',
    icon: <UserOutlined />,
  },
  { to: '/hub', name: 'menu.hub', description: 'home.areas.hub', icon: <ApartmentOutlined /> },
];

/** Landing page: a greeting, the site map (SPEC §2 home map) and the main areas. */
export function HomePage() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const login = useLogin();
  const queryClient = useQueryClient();
  // The map's sites load while its code (MapLibre and the base data) is still downloading.
  useEffect(() => {
    const filter = compactFilter({});
    queryClient
      .query({
        queryKey: homeMapKeys.sites(filter),
        queryFn: () => fetchMapSites(filter),
        staleTime: 60_000,
      })
      .catch(() => {
        // A prefetch: the map asks again and shows why if it fails.
      });
  }, [queryClient]);
  return (
    <Flex vertical gap={24}>
      <Card>
        <Typography.Title level={3} style={{ marginTop: 0 }}>
          {t('home.welcome', { name: login?.userName || login?.account || '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('home.intro')}</Typography.Text>
      </Card>
      <Card title={t('home.map.title')}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 12 }} />}>
          <HomeMap />
        </Suspense>
      </Card>
      <section aria-label={t('home.areas.title')}>
        <Typography.Title level={5}>{t('home.areas.title')}</Typography.Title>
        <Row gutter={[16, 16]}>
          {AREAS.map((area) => (
            <Col key={area.to} xs={24} sm={12} xl={8}>
              <Link to={area.to} className={styles.link}>
                <Card hoverable className={styles.card}>
                  <Flex gap={16} align="center">
                    <span
                      className={styles.icon}
                      style={{ color: token.colorPrimary, background: token.colorPrimaryBg }}
                    >
                      {area.icon}
                    </span>
                    <Flex vertical>
                      <Typography.Text strong>{t(area.name)}</Typography.Text>
                      <Typography.Text type="secondary">{t(area.description)}</Typography.Text>
                    </Flex>
                  </Flex>
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      </section>
    </Flex>
  );
}
