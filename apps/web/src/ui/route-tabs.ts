import { useMatches } from 'react-router';
import { canAccess, type RouteHandle } from '../access.ts';
import { useSelectedFeatures } from '../browser/login.storage.ts';

/**
 * The tabs of the innermost shell page on the current path (its children in the route table, passed in
 * the route handle by the router) that the user may open, with the shell's name and the active tab. Shell
 * pages read their tabs here instead of importing the route table, so nothing points back up at it.
 */
export function useRouteTabs(pathname: string) {
  const matches = useMatches();
  const features = useSelectedFeatures();
  const shell = [...matches]
    .reverse()
    .map((match) => match.handle as RouteHandle | undefined)
    .find((handle) => handle?.tabs?.length);
  const tabs = (shell?.tabs ?? []).filter((tab) => tab.name && canAccess(tab.access, features));
  const activeKey = tabs.find((tab) => pathname === tab.path || pathname.startsWith(`${tab.path}/`))?.path;
  return { shellName: shell?.name, tabs, activeKey };
}
