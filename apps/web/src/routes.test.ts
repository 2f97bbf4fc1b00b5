import { describe, expect, it } from 'vitest';
import { flattenRoutes, mainRoutes, publicRoutes } from './routes.tsx';

/** Every route of SPEC §2 (the /StationDetail tabs and system pages spelled out). */
const SPEC_PATHS = [
  '/zh',
  '/en',
  '/index',
  '/personCenter',
  '/stationManage',
  '/stationDetail',
  '/StationDetail/StationInfo',
  '/StationDetail/ChannelConfiguration',
  '/StationDetail/Alarm',
  '/StationDetail/MeasureWind',
  '/StationDetail/StasticAnalysis',
  '/StationDetail/ElectricComputer',
  '/report',
  '/report/groupReport',
  '/report/groupReport/groupDetail',
  '/report/groupReport/groupDetail/groupDetailPage',
  '/report/groupReport/groupDetail/reportList',
  '/report/windSourceAssement',
  '/systemManage',
  '/systemManage/UserManage/UserList',
  '/systemManage/UserManage/UserRight',
  '/systemManage/RoleManage/RoleList',
  '/systemManage/RoleManage/AssignedUser',
  '/systemManage/RoleManage/RoleRight',
  '/systemManage/OwnerManage',
  '/systemManage/RuleManage',
  '/systemManage/DataFetchManage',
  '/systemManage/TimedTask',
  '/systemManage/TagsManagement',
  '/systemManage/ManufacturerManage',
  '/systemManage/applyManage',
  '/systemManage/stationLog',
  '/systemManage/repairList',
  '/systemManage/loginLog',
  '/hub',
  '/login',
];

describe('route table', () => {
  const routes = flattenRoutes();
  const paths = new Set(routes.map((route) => route.path));

  it('has every route of SPEC §2', () => {
    for (const path of SPEC_PATHS) expect(paths.has(path), path).toBe(true);
  });

  it('redirects as SPEC §2 says', () => {
    const redirects = Object.fromEntries(
      routes.map((route) => [route.path, route.redirect ?? route.indexRedirect]).filter(([, to]) => to),
    );
    expect(redirects).toMatchObject({
      '/zh': '/index',
      '/en': '/index',
      '/stationDetail': '/StationDetail/StationInfo',
      '/report/groupReport/groupDetail': '/report/groupReport/groupDetail/groupDetailPage',
      '/systemManage': '/systemManage/RoleManage/RoleList',
    });
  });

  it('points every redirect at a route that shows a page', () => {
    for (const route of routes) {
      const target = route.redirect ?? route.indexRedirect;
      if (!target) continue;
      expect(
        routes.find((candidate) => candidate.path === target)?.page,
        `${route.path} → ${target}`,
      ).toBeDefined();
    }
  });

  it('nests children under their parent path and never repeats a path', () => {
    const check = (parent: string, children: typeof mainRoutes) => {
      for (const child of children) {
        expect(child.path.startsWith(`${parent}/`), child.path).toBe(true);
        check(child.path, child.children ?? []);
      }
    };
    for (const route of [...publicRoutes, ...mainRoutes]) check(route.path, route.children ?? []);
    expect(paths.size).toBe(routes.length);
  });
});
