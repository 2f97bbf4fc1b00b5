import type { TDeleteCheck, TOwnerPageRequest, TOwnerRecord, TOwnerSaveRequest } from '@masthub/shared';
import { createDeleteHook, createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const ownerKeys = {
  all: ['owners'] as const,
  page: (request: TOwnerPageRequest) => ['owners', 'page', request] as const,
};

export function useOwnerPage(request: TOwnerPageRequest) {
  return usePageQuery<TOwnerRecord>(ownerKeys.page(request), '/web/owner/page', request);
}

export const useSaveOwner = createPostHook<TOwnerSaveRequest, { id: number }>('/web/owner/save_or_update', [
  ownerKeys.all,
]);

export function checkOwnerDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/web/owner/delete/check', { id });
}

export const useDeleteOwner = createDeleteHook('/web/owner/delete', [ownerKeys.all]);
