import type { TMessage, TPage } from '@masthub/shared';
import { PAGE_SIZE } from '@masthub/shared/constants.ts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

export const messageKeys = {
  all: ['messages'] as const,
  unreadCount: ['messages', 'unread-count'] as const,
  page: (pageNo: number) => ['messages', 'page', pageNo] as const,
};

/** Unread count for the bell; a non-200 shows the server msg (SPEC §8), so this call is not silent. */
export function useUnreadCount(isEnabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unreadCount,
    queryFn: () => http.get<{ count: number }>('/web/message/has_not_read'),
    enabled: isEnabled,
    select: (data) => data.count,
  });
}

export function useMessagePage(pageNo: number, isEnabled: boolean) {
  return useQuery({
    queryKey: messageKeys.page(pageNo),
    queryFn: () => http.post<TPage<TMessage>>('/web/message/page', { pageNo, pageSize: PAGE_SIZE }),
    enabled: isEnabled,
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: readonly number[]) => http.get<unknown>('/web/message/read', { ids }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

export function useIgnoreMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.get<unknown>('/web/message/ignore', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
