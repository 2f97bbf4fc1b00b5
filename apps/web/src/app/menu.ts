import { canAccess } from '../access.ts';
import type { AppRoute, MenuIcon } from '../routes.tsx';

export interface MenuNode {
  /** The path the item opens (a sub-menu's own path is only its key). */
  key: string;
  /** The route path: every location under it selects this item. */
  scope: string;
  name: string;
  icon: MenuIcon | undefined;
  children: MenuNode[] | undefined;
}

function isVisible(route: AppRoute, selectedFeatures: readonly string[]): boolean {
  return (
    !route.hideInMenu &&
    !route.redirect &&
    route.name !== undefined &&
    canAccess(route.access, selectedFeatures)
  );
}

/**
 * Builds the menu from the route table: hidden, redirect-only and forbidden routes are left out; a route
 * whose children are all hidden is a leaf that opens its index target; an empty sub-menu disappears.
 */
export function buildMenu(routes: readonly AppRoute[], selectedFeatures: readonly string[]): MenuNode[] {
  const nodes: MenuNode[] = [];
  for (const route of routes) {
    if (!isVisible(route, selectedFeatures) || route.name === undefined) continue;
    const children = buildMenu(route.children ?? [], selectedFeatures);
    if (children.length > 0) {
      nodes.push({ key: route.path, scope: route.path, name: route.name, icon: route.icon, children });
    } else if (route.page || route.indexRedirect) {
      nodes.push({
        key: route.indexRedirect ?? route.path,
        scope: route.path,
        name: route.name,
        icon: route.icon,
        children: undefined,
      });
    }
  }
  return nodes;
}

function isUnder(pathname: string, path: string): boolean {
  return pathname === path || pathname.startsWith(`${path}/`);
}

/**
 * The selected leaf and the open sub-menus for a location: the leaf whose path is the longest prefix of the
 * pathname, so detail pages (/report/groupReport/groupDetail/…) keep their list item selected.
 */
export function findMenuSelection(
  pathname: string,
  menu: readonly MenuNode[],
): { selectedKey: string | undefined; openKeys: string[] } {
  let best: { key: string; length: number; parents: string[] } | undefined;
  const visit = (nodes: readonly MenuNode[], parents: string[]) => {
    for (const node of nodes) {
      if (node.children) {
        visit(node.children, [...parents, node.key]);
        continue;
      }
      if (isUnder(pathname, node.scope) && (!best || node.scope.length > best.length)) {
        best = { key: node.key, length: node.scope.length, parents };
      }
    }
  };
  visit(menu, []);
  return { selectedKey: best?.key, openKeys: best?.parents ?? [] };
}
