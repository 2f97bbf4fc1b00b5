import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useRouteTabs } from './route-tabs.ts';

/**
 * A shell whose tabs are its children in the route table (site detail, group detail): the tab bar
 * navigates, the active tab's page renders below.
 */
export function RouteTabsLayout() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { shellName, tabs, activeKey } = useRouteTabs(pathname);
  return (
    <Card>
      {shellName ? (
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          {t(shellName)}
        </Typography.Title>
      ) : null}
      <Tabs
        activeKey={activeKey}
        // The query (the group's id) stays with the tabs.
        onChange={(key) => void navigate(`${key}${search}`)}
        items={tabs.map((tab) => ({ key: tab.path, label: t(tab.name ?? '') }))}
      />
      <Outlet />
    </Card>
  );
}
