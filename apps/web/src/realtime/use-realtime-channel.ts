import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect } from 'react';
import { readLogin } from '../features/auth/login.storage.ts';
import { messageKeys } from '../features/messages/api.ts';
import { getAppLanguage } from '../i18n/i18n.ts';
import { toShortLanguage } from '../i18n/languages.ts';
import { realtimeClient } from './realtime-client.ts';

/**
 * Runs the push channel while the main layout is mounted: each pushed message becomes a notification
 * (title = message, description = description) and the unread count is refreshed (SPEC §4).
 */
export function useRealtimeChannel(): void {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  useEffect(() => {
    realtimeClient.start({
      getSession: () => {
        const login = readLogin();
        return login ? { userId: login.userId, token: login.token } : null;
      },
      getLanguage: () => toShortLanguage(getAppLanguage()),
      onMessage: (message) => {
        notification.info({ title: message.message, description: message.description || undefined });
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
    });
    return () => realtimeClient.stop();
  }, [notification, queryClient]);
}
