import type { FeatureKey } from '@masthub/shared';
import type { ComponentType } from 'react';

/** A lazily loaded screen: resolves to the page component (named exports, see each feature folder). */
export type PageLoader = () => Promise<ComponentType>;

export type MenuIcon = 'home' | 'station' | 'report' | 'system' | 'hub';

/**
 * One entry of the route table (STYLE §9). Paths are absolute. A route either shows a page, redirects,
 * or only groups its children (a menu sub-menu).
 */
export interface AppRoute {
  path: string;
  /** i18n key of the menu item, page title and breadcrumb. */
  name?: string;
  /** Function permission (SPEC §6) the user needs; checked by access.ts. */
  access?: FeatureKey;
  page?: PageLoader;
  /** Absolute target: the route only redirects. */
  redirect?: string;
  /** The index child of this route redirects here. */
  indexRedirect?: string;
  children?: AppRoute[];
  hideInMenu?: boolean;
  icon?: MenuIcon;
  /** Distinguishes /stationDetail (a redirect) from /StationDetail (the detail shell). */
  caseSensitive?: boolean;
}

const tabsShell: PageLoader = () => import('./ui/RouteTabsLayout.tsx').then((m) => m.RouteTabsLayout);

/** Routes outside the main layout. */
export const publicRoutes: AppRoute[] = [
  {
    path: '/login',
    name: 'menu.login',
    page: () => import('./features/auth/LoginPage.tsx').then((m) => m.LoginPage),
  },
  { path: '/zh', redirect: '/index' },
  { path: '/en', redirect: '/index' },
];

/** Routes inside the main layout at `/`, which itself redirects to /index. These also build the menu. */
export const mainRoutes: AppRoute[] = [
  {
    path: '/index',
    name: 'menu.home',
    icon: 'home',
    page: () => import('./features/home/HomePage.tsx').then((m) => m.HomePage),
  },
  {
    path: '/personCenter',
    name: 'menu.personCenter',
    hideInMenu: true,
    page: () => import('./features/person-center/PersonCenterPage.tsx').then((m) => m.PersonCenterPage),
  },
  {
    path: '/stationManage',
    name: 'menu.stationManage',
    icon: 'station',
    page: () => import('./features/stations/StationListPage.tsx').then((m) => m.StationListPage),
  },
  {
    // Issue 44: what a site is equipped with, across sites (the sensor register, calibrations due).
    path: '/siteAssets',
    name: 'menu.siteAssets',
    icon: 'station',
    indexRedirect: '/siteAssets/sensorRegister',
    children: [
      {
        path: '/siteAssets/sensorRegister',
        name: 'menu.sensorRegister',
        page: () => import('./features/sensors/SensorRegisterPage.tsx').then((m) => m.SensorRegisterPage),
      },
      {
        // The fleet's sensors due for calibration (issue 44 §2).
        path: '/siteAssets/calibrationDue',
        name: 'menu.calibrationDue',
        page: () => import('./features/sensors/CalibrationDuePage.tsx').then((m) => m.CalibrationDuePage),
      },
    ],
  },
  { path: '/stationDetail', redirect: '/StationDetail/StationInfo', caseSensitive: true },
  {
    path: '/StationDetail',
    name: 'menu.stationDetail',
    hideInMenu: true,
    caseSensitive: true,
    page: () =>
      import('./features/station-detail/StationDetailLayout.tsx').then((m) => m.StationDetailLayout),
    indexRedirect: '/StationDetail/StationInfo',
    children: [
      {
        path: '/StationDetail/StationInfo',
        name: 'menu.stationInfo',
        page: () => import('./features/station-detail/StationInfoPage.tsx').then((m) => m.StationInfoPage),
      },
      {
        path: '/StationDetail/ChannelConfiguration',
        name: 'menu.channelConfiguration',
        page: () =>
          import('./features/station-assets/ChannelConfigurationPage.tsx').then(
            (m) => m.ChannelConfigurationPage,
          ),
      },
      {
        path: '/StationDetail/Alarm',
        name: 'menu.alarm',
        access: 'alarm.view',
        page: () => import('./features/alarms/AlarmPage.tsx').then((m) => m.AlarmPage),
      },
      {
        path: '/StationDetail/MeasureWind',
        name: 'menu.measureWind',
        page: () => import('./features/wind-data/WindDataPage.tsx').then((m) => m.WindDataPage),
      },
      {
        path: '/StationDetail/StasticAnalysis',
        name: 'menu.statisticAnalysis',
        page: () => import('./features/statistics/StatisticsPage.tsx').then((m) => m.StatisticsPage),
      },
      {
        path: '/StationDetail/ElectricComputer',
        name: 'menu.electricComputer',
        page: () => import('./features/energy/EnergyYieldPage.tsx').then((m) => m.EnergyYieldPage),
      },
      {
        path: '/StationDetail/SiteSuitability',
        name: 'menu.siteSuitability',
        page: () =>
          import('./features/suitability/SiteSuitabilityPage.tsx').then((m) => m.SiteSuitabilityPage),
      },
      {
        path: '/StationDetail/LidarVsMast',
        name: 'menu.lidarVsMast',
        page: () => import('./features/lidar/LidarVsMastPage.tsx').then((m) => m.LidarVsMastPage),
      },
    ],
  },
  {
    path: '/report',
    name: 'menu.report',
    icon: 'report',
    indexRedirect: '/report/groupReport',
    children: [
      {
        path: '/report/groupReport',
        name: 'menu.groupReport',
        page: () => import('./features/reports/GroupReportPage.tsx').then((m) => m.GroupReportPage),
      },
      {
        path: '/report/groupReport/groupDetail',
        name: 'menu.groupDetail',
        hideInMenu: true,
        page: tabsShell,
        indexRedirect: '/report/groupReport/groupDetail/groupDetailPage',
        children: [
          {
            path: '/report/groupReport/groupDetail/groupDetailPage',
            name: 'menu.groupDetailPage',
            page: () => import('./features/reports/ReportListPage.tsx').then((m) => m.GroupDetailPage),
          },
          {
            path: '/report/groupReport/groupDetail/reportList',
            name: 'menu.reportList',
            page: () => import('./features/reports/ReportListPage.tsx').then((m) => m.ReportListPage),
          },
        ],
      },
      {
        path: '/report/windSourceAssement',
        name: 'menu.windSourceAssessment',
        page: () => import('./features/longterm/LongTermPage.tsx').then((m) => m.LongTermPage),
      },
    ],
  },
  {
    path: '/systemManage',
    name: 'menu.systemManage',
    icon: 'system',
    indexRedirect: '/systemManage/RoleManage/RoleList',
    children: [
      {
        path: '/systemManage/UserManage',
        name: 'menu.userManage',
        access: 'system.user',
        indexRedirect: '/systemManage/UserManage/UserList',
        children: [
          {
            path: '/systemManage/UserManage/UserList',
            name: 'menu.userList',
            hideInMenu: true,
            page: () => import('./features/users/UserListPage.tsx').then((m) => m.UserListPage),
          },
          {
            path: '/systemManage/UserManage/UserRight',
            name: 'menu.userRight',
            hideInMenu: true,
            page: () => import('./features/users/UserRightPage.tsx').then((m) => m.UserRightPage),
          },
        ],
      },
      {
        path: '/systemManage/RoleManage',
        name: 'menu.roleManage',
        access: 'system.role',
        indexRedirect: '/systemManage/RoleManage/RoleList',
        children: [
          {
            path: '/systemManage/RoleManage/RoleList',
            name: 'menu.roleList',
            hideInMenu: true,
            page: () => import('./features/roles/RoleListPage.tsx').then((m) => m.RoleListPage),
          },
          {
            path: '/systemManage/RoleManage/AssignedUser',
            name: 'menu.assignedUser',
            hideInMenu: true,
            page: () => import('./features/roles/AssignedUserPage.tsx').then((m) => m.AssignedUserPage),
          },
          {
            path: '/systemManage/RoleManage/RoleRight',
            name: 'menu.roleRight',
            hideInMenu: true,
            page: () => import('./features/roles/RoleRightPage.tsx').then((m) => m.RoleRightPage),
          },
        ],
      },
      {
        path: '/systemManage/OwnerManage',
        name: 'menu.ownerManage',
        access: 'system.owner',
        page: () => import('./features/owners/OwnerManagePage.tsx').then((m) => m.OwnerManagePage),
      },
      {
        path: '/systemManage/RuleManage',
        name: 'menu.ruleManage',
        access: 'system.rule',
        page: () => import('./features/rules/RulesPage.tsx').then((m) => m.RulesPage),
      },
      {
        path: '/systemManage/DataFetchManage',
        name: 'menu.dataFetchManage',
        access: 'system.dataFetch',
        page: () => import('./features/ingestion/DataSourcesPage.tsx').then((m) => m.DataSourcesPage),
      },
      {
        path: '/systemManage/TimedTask',
        name: 'menu.timedTask',
        access: 'system.timedTask',
        page: () => import('./features/repairs/TimedTaskPage.tsx').then((m) => m.TimedTaskPage),
      },
      {
        path: '/systemManage/TagsManagement',
        name: 'menu.tagsManagement',
        access: 'system.tags',
        page: () => import('./features/tags/TagsManagementPage.tsx').then((m) => m.TagsManagementPage),
      },
      {
        path: '/systemManage/ManufacturerManage',
        name: 'menu.manufacturerManage',
        access: 'system.manufacturer',
        page: () =>
          import('./features/manufacturers/ManufacturerManagePage.tsx').then((m) => m.ManufacturerManagePage),
      },
      {
        path: '/systemManage/applyManage',
        name: 'menu.applyManage',
        access: 'system.apply',
        page: () => import('./features/apply/ApplyManagePage.tsx').then((m) => m.ApplyManagePage),
      },
      {
        path: '/systemManage/stationLog',
        name: 'menu.stationLog',
        access: 'system.stationLog',
        page: () => import('./features/station-log/StationLogPage.tsx').then((m) => m.StationLogPage),
      },
      {
        path: '/systemManage/repairList',
        name: 'menu.repairList',
        access: 'system.repairList',
        page: () => import('./features/repairs/RepairListPage.tsx').then((m) => m.RepairListPage),
      },
      {
        path: '/systemManage/loginLog',
        name: 'menu.loginLog',
        access: 'system.loginLog',
        page: () => import('./features/login-log/LoginLogPage.tsx').then((m) => m.LoginLogPage),
      },
      {
        path: '/systemManage/webhook',
        name: 'menu.webhook',
        access: 'system.webhook',
        page: () => import('./features/webhooks/WebhookListPage.tsx').then((m) => m.WebhookListPage),
      },
    ],
  },
  {
    path: '/hub',
    name: 'menu.hub',
    icon: 'hub',
    page: () => import('./features/hub/HubPage.tsx').then((m) => m.HubPage),
  },
  {
    // The page a delivered download link opens (issue 17); the login comes back to it.
    path: '/download/:id',
    name: 'menu.download',
    hideInMenu: true,
    page: () => import('./features/apply/DownloadLinkPage.tsx').then((m) => m.DownloadLinkPage),
  },
];

/** Every route of the table, depth first (for lookups and tests). */
export function flattenRoutes(routes: readonly AppRoute[] = [...publicRoutes, ...mainRoutes]): AppRoute[] {
  return routes.flatMap((route) => [route, ...flattenRoutes(route.children ?? [])]);
}
