import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches, useNavigate } from 'react-router';
import { canAccess } from '../../access.ts';
import { findRoute } from '../../routes.tsx';
import { useSelectedFeatures } from '../auth/login.storage.ts';

/**
 * A shell whose tabs are its children in the route table (site detail, group detail): the tab bar
 * navigates, the active tab's page renders below.
 */
export function RouteTabsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const matches = useMatches();
  const features = useSelectedFeatures();
  const shell = [...matches]
    .reverse()
    .map((match) => findRoute(match.id))
    .find((route) => route?.page && route.children?.length);
  const tabs = (shell?.children ?? []).filter((child) => child.name && canAccess(child.access, features));
  const activeKey = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))?.path;
  return (
    <Card>
      {shell?.name ? (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t(shell.name)}
        </Typography.Title>
      ) : null}
      <Tabs
        activeKey={activeKey}
        onChange={(key) => void navigate(key)}
        items={tabs.map((tab) => ({ key: tab.path, label: t(tab.name ?? '') }))}
      />
      <Outlet />
    </Card>
  );
}
