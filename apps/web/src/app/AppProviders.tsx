import { NOTIFICATION_DURATION_S, NOTIFICATION_TOP_PX } from '@masthub/shared/constants.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { type ReactNode, useEffect } from 'react';
import { setFeedbackApi } from '../browser/feedback.ts';
import { useMainColor } from '../features/system-info/index.ts';
import { i18next, useAppLanguage } from '../i18n/i18n.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    // The request layer already told the user what went wrong; retrying would repeat the toast.
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});

/**
 * The server answers in the request's language (field titles, option names, status and tag names,
 * reasons): when the language changes, every cached answer is stale, so active screens refetch at once and
 * the rest on their next use — no screen keeps the old language until the user navigates.
 */
i18next.on('languageChanged', () => {
  void queryClient.invalidateQueries();
});

/** SPEC §9: notifications last 3 s, 70 px from the top, at most 3 at once. */
const MESSAGE_CONFIG = { duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_TOP_PX, maxCount: 3 };
const NOTIFICATION_CONFIG = { duration: NOTIFICATION_DURATION_S, top: NOTIFICATION_TOP_PX, maxCount: 3 };

function FeedbackBridge() {
  const app = App.useApp();
  useEffect(() => {
    setFeedbackApi(app);
    return () => setFeedbackApi(undefined);
  }, [app]);
  return null;
}

function ThemedApp({ children }: { children: ReactNode }) {
  const language = useAppLanguage();
  const mainColor = useMainColor();
  useEffect(() => {
    document.documentElement.style.setProperty('--masthub-primary', mainColor);
  }, [mainColor]);
  return (
    <ConfigProvider
      locale={language === 'en-US' ? enUS : zhCN}
      theme={{ token: { colorPrimary: mainColor, borderRadius: 6 } }}
      // Buttons keep their exact text ("登录", not "登 录"), which is also their accessible name.
      button={{ autoInsertSpace: false }}
    >
      <App message={MESSAGE_CONFIG} notification={NOTIFICATION_CONFIG}>
        <FeedbackBridge />
        {children}
      </App>
    </ConfigProvider>
  );
}

/** Server state, theme (main colour from the server), antd and dayjs locale, and toasts. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedApp>{children}</ThemedApp>
    </QueryClientProvider>
  );
}
