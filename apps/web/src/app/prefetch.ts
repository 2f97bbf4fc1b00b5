import { mainRoutes } from '../routes.tsx';

let isStarted = false;

/** What a login leads to: the main layout and the home page, whose code asks for its map at once. */
function fetchHome(): void {
  isStarted = true;
  void import('./MainLayout.tsx').catch(() => undefined);
  void mainRoutes
    .find((route) => route.path === '/index')
    ?.page?.()
    .catch(() => undefined);
}

/**
 * Fetches and starts the home screen's code (its map library alone is 1 MB) while the user is on the login
 * page, once that page is idle: after "Log in" the home map then waits for its data only. Once a page
 * load; returns the cancel for an effect's clean-up.
 */
export function prefetchHomeWhenIdle(): () => void {
  if (isStarted) return () => undefined;
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fetchHome, { timeout: 1000 });
    return () => window.cancelIdleCallback(id);
  }
  const timer = window.setTimeout(fetchHome, 300);
  return () => window.clearTimeout(timer);
}
