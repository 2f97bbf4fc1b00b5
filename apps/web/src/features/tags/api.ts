import type {
  TDeleteCheck,
  TTagGroup,
  TTagListQuery,
  TTagRecord,
  TTagSaveRequest,
  TTagStatus,
} from '@masthub/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { createDeleteHook, createPostHook, useInvalidatingMutation } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const tagKeys = {
  all: ['tags'] as const,
  list: (query: TTagListQuery) => ['tags', 'list', query] as const,
  groups: ['tags', 'groups'] as const,
};

export function useTagList(query: TTagListQuery) {
  return useQuery({
    queryKey: tagKeys.list(query),
    queryFn: () => http.get<TTagRecord[]>('/web/sys/tag/list', { ...query }),
    placeholderData: keepPreviousData,
  });
}

/** Tag groups with their tags (the group filter and the group suggestions of the form). */
export function useTagGroups() {
  return useQuery({
    queryKey: tagKeys.groups,
    queryFn: () => http.get<TTagGroup[]>('/web/sys/tag/group/list'),
  });
}

export const useSaveTag = createPostHook<TTagSaveRequest, { id: number }>('/web/sys/tag/save_or_update', [
  tagKeys.all,
]);

/** Enables or disables tags (POST /web/sys/tag/enable | disable). */
export function useSetTagStatus() {
  return useInvalidatingMutation(
    ({ ids, status }: { ids: readonly number[]; status: TTagStatus }) =>
      http.post<null>(`/web/sys/tag/${status}`, { ids }),
    [tagKeys.all],
  );
}

export function checkTagDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/web/sys/tag/delete/check', { id });
}

export const useDeleteTag = createDeleteHook('/web/sys/tag/delete', [tagKeys.all]);
