import { SCREEN_LOAD_TIMEOUT_MS } from '@masthub/shared/constants.ts';
import { createBrowserRouter, type LoaderFunctionArgs, type RouteObject, redirect } from 'react-router';
import type { RouteHandle } from '../access.ts';
import { feedback } from '../browser/feedback.ts';
import { readLogin } from '../browser/login.storage.ts';
import { DOWNLOAD_LINK_PREFIX } from '../browser/return-to.ts';
import { STORAGE_KEYS, writeItem } from '../browser/storage.ts';
import { i18next, i18nReady, setAppLanguage } from '../i18n/i18n.ts';
import { languageFromPath } from '../i18n/languages.ts';
import { LOGIN_PATH } from '../request/request.ts';
import { type AppRoute, mainRoutes, type PageLoader, publicRoutes } from '../routes.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { RootRoute, RouteErrorPage, RouteLoadingFallback } from './RootRoute.tsx';
import { withTimeout } from './with-timeout.ts';

function lazyPage(loader: PageLoader) {
  return async () => ({
    Component: await withTimeout(loader(), SCREEN_LOAD_TIMEOUT_MS, 'screen load timed out'),
  });
}

/** Keeps the query (`/stationDetail?stationId=7` → `/StationDetail/StationInfo?stationId=7`). */
function redirectTo(target: string) {
  return ({ request }: LoaderFunctionArgs) => redirect(`${target}${new URL(request.url).search}`);
}

/** Redirect routes never render; an explicit empty component keeps react-router from warning about it. */
function RedirectOnly() {
  return null;
}

/** Turns one entry of the route table into a react-router route. */
export function toRouteObject(route: AppRoute): RouteObject {
  if (route.redirect) {
    return {
      id: route.path,
      path: route.path,
      caseSensitive: route.caseSensitive,
      loader: redirectTo(route.redirect),
      Component: RedirectOnly,
    };
  }
  const children: RouteObject[] = [];
  if (route.indexRedirect) {
    children.push({ index: true, loader: redirectTo(route.indexRedirect), Component: RedirectOnly });
  }
  for (const child of route.children ?? []) children.push(toRouteObject(child));
  const handle: RouteHandle = {
    name: route.name,
    access: route.access,
    ...(route.page && route.children?.length
      ? {
          tabs: route.children
            .filter((child) => !child.redirect)
            .map((child) => ({ path: child.path, name: child.name, access: child.access })),
        }
      : {}),
  };
  return {
    id: route.path,
    path: route.path,
    caseSensitive: route.caseSensitive,
    handle,
    ...(route.page ? { lazy: lazyPage(route.page) } : {}),
    ...(children.length > 0 ? { children } : {}),
  };
}

/** The path of the last finished navigation; undefined before the first one (the app's start). */
let previousPath: string | undefined;

/**
 * Navigation guard of SPEC §2: without stored login info every route but /login leads to /login, with the
 * tip 'please log in first' unless the user is coming from /login. A first segment naming a language sets it.
 */
async function guardLoader({ request }: LoaderFunctionArgs) {
  // Its toast needs the texts (the first navigation runs before they are in).
  await i18nReady;
  const url = new URL(request.url);
  const target = url.pathname;
  // `/en/…`, `/zh/…`: a link that chooses the language (remembered like the switch), then the page.
  const chosen = languageFromPath(target);
  if (chosen) {
    await setAppLanguage(chosen.language);
    return redirect(`${chosen.rest}${url.search}`);
  }
  if (target !== LOGIN_PATH && !readLogin()) {
    // A download link from an e-mail opens again after the login (it works for the applicant only).
    if (target.startsWith(DOWNLOAD_LINK_PREFIX))
      writeItem(STORAGE_KEYS.returnTo, `${target}${url.search}`, 'session');
    if (previousPath !== LOGIN_PATH) feedback.warning(i18next.t('auth.guard.loginFirst'));
    return redirect(LOGIN_PATH);
  }
  return null;
}

export function createAppRouter() {
  const router = createBrowserRouter([
    {
      id: 'root',
      Component: RootRoute,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: RouteLoadingFallback,
      loader: guardLoader,
      // The guard runs on every navigation, not only when the root's params change.
      shouldRevalidate: () => true,
      children: [
        ...publicRoutes.map(toRouteObject),
        {
          id: '/',
          path: '/',
          lazy: lazyPage(() => import('./MainLayout.tsx').then((m) => m.MainLayout)),
          children: [
            { index: true, loader: redirectTo('/index'), Component: RedirectOnly },
            ...mainRoutes.map(toRouteObject),
            { id: '*', path: '*', Component: NotFoundPage },
          ],
        },
      ],
    },
  ]);
  router.subscribe((state) => {
    if (state.navigation.state === 'idle') previousPath = state.location.pathname;
  });
  previousPath = undefined;
  return router;
}
