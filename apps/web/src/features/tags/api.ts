import type {
  TDeleteCheck,
  TTagGroup,
  TTagListQuery,
  TTagRecord,
  TTagSaveRequest,
  TTagStatus,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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

function useInvalidateTags() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: tagKeys.all });
}

export function useSaveTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (body: TTagSaveRequest) => http.post<{ id: number }>('/web/sys/tag/save_or_update', body),
    onSuccess: invalidate,
  });
}

/** Enables or disables tags (POST /web/sys/tag/enable | disable). */
export function useSetTagStatus() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: ({ ids, status }: { ids: readonly number[]; status: TTagStatus }) =>
      http.post<null>(`/web/sys/tag/${status}`, { ids }),
    onSuccess: invalidate,
  });
}

export function checkTagDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/web/sys/tag/delete/check', { id });
}

export function useDeleteTag() {
  const invalidate = useInvalidateTags();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/sys/tag/delete', { id }),
    onSuccess: invalidate,
  });
}
