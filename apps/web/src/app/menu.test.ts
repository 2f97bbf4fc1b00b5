import { FEATURE_GROUPS } from '@masthub/shared';
import { describe, expect, it } from 'vitest';
import { mainRoutes } from '../routes.tsx';
import { buildMenu, findMenuSelection, type MenuNode } from './menu.ts';

const everything = [...FEATURE_GROUPS.system, ...FEATURE_GROUPS.stationDetail];

function keys(nodes: readonly MenuNode[]): string[] {
  return nodes.flatMap((node) => [node.key, ...keys(node.children ?? [])]);
}

describe('buildMenu(routes, selectedFeatures)', () => {
  it('covers every SPEC §2 area for a user with every feature', () => {
    const menu = buildMenu(mainRoutes, everything);
    expect(menu.map((node) => node.key)).toEqual([
      '/index',
      '/stationManage',
      '/siteAssets',
      '/report',
      '/systemManage',
      '/hub',
    ]);
    expect(keys(menu)).toEqual([
      '/index',
      '/stationManage',
      '/siteAssets',
      '/siteAssets/sensorRegister',
      '/siteAssets/calibrationDue',
      '/report',
      '/report/groupReport',
      '/report/windSourceAssement',
      '/systemManage',
      '/systemManage/UserManage/UserList',
      '/systemManage/RoleManage/RoleList',
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
      '/systemManage/webhook',
      '/hub',
    ]);
  });

  it('hides items whose feature is missing and drops an empty sub-menu', () => {
    const some = buildMenu(mainRoutes, ['system.tags']);
    expect(keys(some)).toContain('/systemManage/TagsManagement');
    expect(keys(some)).not.toContain('/systemManage/UserManage/UserList');
    const none = buildMenu(mainRoutes, []);
    expect(keys(none)).not.toContain('/systemManage');
    expect(keys(none)).toContain('/report/groupReport');
  });
});

describe('findMenuSelection(pathname, menu)', () => {
  const menu = buildMenu(mainRoutes, everything);

  it('selects the item of the current page and opens its sub-menu', () => {
    expect(findMenuSelection('/systemManage/OwnerManage', menu)).toEqual({
      selectedKey: '/systemManage/OwnerManage',
      openKeys: ['/systemManage'],
    });
  });

  it('keeps the list item selected on its hidden detail pages', () => {
    expect(findMenuSelection('/systemManage/RoleManage/AssignedUser', menu).selectedKey).toBe(
      '/systemManage/RoleManage/RoleList',
    );
    expect(findMenuSelection('/report/groupReport/groupDetail/reportList', menu)).toEqual({
      selectedKey: '/report/groupReport',
      openKeys: ['/report'],
    });
  });

  it('selects nothing for pages outside the menu', () => {
    expect(findMenuSelection('/personCenter', menu).selectedKey).toBeUndefined();
  });
});
