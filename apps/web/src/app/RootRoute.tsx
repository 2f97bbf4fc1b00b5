import { Button, Result, Spin } from 'antd';
import NProgress from 'nprogress';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  isRouteErrorResponse,
  Outlet,
  useLocation,
  useMatches,
  useNavigation,
  useRouteError,
} from 'react-router';
import type { RouteHandle } from '../access.ts';
import { LOGIN_PATH } from '../request/request.ts';
import { NotFoundPage } from './NotFoundPage.tsx';
import { prefetchHomeWhenIdle } from './prefetch.ts';

NProgress.configure({ showSpinner: false });

function useDocumentTitle(): void {
  const { t } = useTranslation();
  const matches = useMatches();
  const name = [...matches].reverse().find((match) => (match.handle as RouteHandle | undefined)?.name)
    ?.handle as RouteHandle | undefined;
  const appName = t('common.app.name');
  const title = name?.name ? `${t(name.name)} · ${appName}` : appName;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Progress bar while a navigation loads, scroll to top after it, and the document title. */
export function RootRoute() {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useDocumentTitle();

  useEffect(() => {
    if (navigation.state === 'idle') NProgress.done();
    else NProgress.start();
  }, [navigation.state]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs on purpose whenever the path changes
  useEffect(() => {
    // The main layout scrolls its own content area; the window scrolls on the login page.
    window.scrollTo(0, 0);
    document.getElementById('masthub-content')?.scrollTo(0, 0);
  }, [pathname]);

  useEffect(() => {
    if (pathname === LOGIN_PATH) return prefetchHomeWhenIdle();
  }, [pathname]);

  return <Outlet />;
}

/** Shown while the first screen's code loads. */
export function RouteLoadingFallback() {
  useEffect(() => {
    NProgress.start();
    return () => {
      NProgress.done();
    };
  }, []);
  return (
    <div className="masthub-fullscreen-center">
      <Spin size="large" />
    </div>
  );
}

/** A screen failed to load (chunk error or the 120 s load timeout) or threw while rendering. */
export function RouteErrorPage() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => {
    NProgress.done();
    console.error('[router] route error', error);
  }, [error]);
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  return (
    <Result
      status="error"
      title={t('common.loadError.title')}
      subTitle={t('common.loadError.subTitle')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.actions.reload')}
        </Button>
      }
    />
  );
}
