import {
  ApartmentOutlined,
  BarChartOutlined,
  EnvironmentOutlined,
  HomeOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Breadcrumb, Button, Flex, Grid, Layout, Menu, type MenuProps, theme } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { findMissingFeature, type RouteHandle } from '../access.ts';
import { useSelectedFeatures } from '../browser/login.storage.ts';
import { MessageBell } from '../features/messages/index.ts';
import { type MenuIcon, mainRoutes } from '../routes.tsx';
import { LanguageSwitch } from '../ui/LanguageSwitch.tsx';
import { ForbiddenResult } from './ForbiddenResult.tsx';
import styles from './MainLayout.module.css';
import { buildMenu, findMenuSelection, type MenuNode } from './menu.ts';
import { UserMenu } from './UserMenu.tsx';
import { useRealtimeChannel } from './use-realtime-channel.ts';

const ICONS: Record<MenuIcon, ReactNode> = {
  home: <HomeOutlined />,
  station: <EnvironmentOutlined />,
  report: <BarChartOutlined />,
  system: <SettingOutlined />,
  hub: <ApartmentOutlined />,
};

type MenuItems = NonNullable<MenuProps['items']>;

function toMenuItems(nodes: readonly MenuNode[], translate: (key: string) => string): MenuItems {
  return nodes.map((node) => ({
    key: node.key,
    icon: node.icon ? ICONS[node.icon] : undefined,
    label: translate(node.name),
    children: node.children ? toMenuItems(node.children, translate) : undefined,
  }));
}

function useBreadcrumb() {
  const { t } = useTranslation();
  const matches = useMatches();
  return matches
    .filter((match) => (match.handle as RouteHandle | undefined)?.name)
    .map((match) => ({ key: match.id, title: t((match.handle as RouteHandle).name ?? '') }));
}

/** The authenticated shell: side menu of every SPEC §2 area, header, access gate and push channel. */
export function MainLayout() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const features = useSelectedFeatures();
  // Below lg the menu folds to its icons; on a phone (below md) it folds away and opens over the page.
  const screens = Grid.useBreakpoint();
  const isPhone = screens.md === false;
  const [isCollapsed, setIsCollapsed] = useState(
    () => typeof window !== 'undefined' && window.matchMedia?.('(max-width: 991.98px)').matches === true,
  );
  useRealtimeChannel(navigate);

  const menu = useMemo(() => buildMenu(mainRoutes, features), [features]);
  const items = useMemo(() => toMenuItems(menu, t), [menu, t]);
  const selection = findMenuSelection(pathname, menu);
  const [openKeys, setOpenKeys] = useState<string[]>(selection.openKeys);
  const missingFeature = findMissingFeature(
    matches.map((match) => match.handle as RouteHandle | undefined),
    features,
  );
  const breadcrumb = useBreadcrumb();

  return (
    <Layout className={styles.root}>
      <Layout.Sider
        className={styles.sider}
        width={232}
        collapsible
        collapsed={isCollapsed}
        collapsedWidth={isPhone ? 0 : 80}
        breakpoint="lg"
        onBreakpoint={setIsCollapsed}
        trigger={null}
        data-testid="main-sider"
        theme="light"
        style={{
          borderInlineEnd: `1px solid ${token.colorBorderSecondary}`,
          // On a phone the open menu lies over the page instead of squeezing it.
          ...(isPhone ? { position: 'fixed', insetBlock: 0, insetInlineStart: 0, zIndex: 1000 } : {}),
        }}
      >
        <Link to="/index" className={styles.logo} title={t('common.app.name')}>
          <span className={styles.logoMark} style={{ background: token.colorPrimary }}>
            {t('common.app.shortName').slice(0, 1)}
          </span>
          {isCollapsed ? null : (
            <span className={styles.logoText}>
              <span className={styles.logoName}>{t('common.app.shortName')}</span>
              <span className={styles.logoSubtitle}>{t('common.app.subtitle')}</span>
            </span>
          )}
        </Link>
        <Menu
          mode="inline"
          items={items}
          selectedKeys={selection.selectedKey ? [selection.selectedKey] : []}
          openKeys={isCollapsed ? undefined : [...new Set([...openKeys, ...selection.openKeys])]}
          onOpenChange={setOpenKeys}
          onClick={({ key }) => {
            if (isPhone) setIsCollapsed(true);
            void navigate(key);
          }}
          style={{ borderInlineEnd: 'none' }}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          className={styles.header}
          style={{ background: token.colorBgContainer, paddingInline: '8px 16px' }}
        >
          <Flex align="center" gap={12}>
            <Button
              type="text"
              icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
              aria-label={isCollapsed ? t('layout.header.expand') : t('layout.header.collapse')}
              onClick={() => setIsCollapsed((value) => !value)}
            />
            <Breadcrumb items={breadcrumb} />
          </Flex>
          <Flex align="center" gap={4}>
            <MessageBell />
            <LanguageSwitch />
            <UserMenu />
          </Flex>
        </Layout.Header>
        <Layout.Content id="masthub-content" className={styles.content}>
          {missingFeature ? <ForbiddenResult /> : <Outlet />}
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
