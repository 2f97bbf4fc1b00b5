import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { readLogin } from '../browser/login.storage.ts';
import { messageKeys } from '../features/messages/index.ts';
import { useAppLanguage } from '../i18n/i18n.ts';
import { toShortLanguage } from '../i18n/languages.ts';
import { realtimeClient } from '../realtime/realtime-client.ts';
import { notificationKind } from '../realtime/socket.utils.ts';
import { queriesChangedBy } from './changed-queries.ts';

/**
 * Runs the push channel while the main layout is mounted: each pushed message becomes a notification
 * (title = message, description = description, the icon of its messageType) and the unread count is
 * refreshed (SPEC §4); each `changed` frame marks the queries showing what changed stale, so the screens
 * on view ask again (issue 41 §2). A repair notification, clicked, opens the fault report log. The server writes
 * pushed messages in the channel's language, so the channel opens again when the language changes.
 */
export function useRealtimeChannel(navigate?: (path: string) => void): void {
  const { notification } = App.useApp();
  const queryClient = useQueryClient();
  // The channel lives as long as the layout; a new navigate function must not restart it.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  const language = toShortLanguage(useAppLanguage());
  useEffect(() => {
    realtimeClient.start({
      getSession: () => {
        const login = readLogin();
        return login ? { userId: login.userId, token: login.token } : null;
      },
      getLanguage: () => language,
      onMessage: (message) => {
        // A site-repair notification opens the fault report log (SPEC §2 repairList).
        const target = message.type === 'repair' ? '/systemManage/repairList' : undefined;
        notification[notificationKind(message.messageType)]({
          title: message.message,
          description: message.description || undefined,
          ...(target ? { onClick: () => navigateRef.current?.(target), style: { cursor: 'pointer' } } : {}),
        });
        void queryClient.invalidateQueries({ queryKey: messageKeys.all });
      },
      onChange: (change) => {
        for (const queryKey of queriesChangedBy(change)) void queryClient.invalidateQueries({ queryKey });
      },
    });
    return () => realtimeClient.stop();
  }, [notification, queryClient, language]);
}
