import type {
  TDeleteCheck,
  TOwnerPageRequest,
  TOwnerRecord,
  TOwnerSaveRequest,
  TPage,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

export const ownerKeys = {
  all: ['owners'] as const,
  page: (request: TOwnerPageRequest) => ['owners', 'page', request] as const,
};

export function useOwnerPage(request: TOwnerPageRequest) {
  return useQuery({
    queryKey: ownerKeys.page(request),
    queryFn: () => http.post<TPage<TOwnerRecord>>('/web/owner/page', request),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateOwners() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ownerKeys.all });
}

export function useSaveOwner() {
  const invalidate = useInvalidateOwners();
  return useMutation({
    mutationFn: (body: TOwnerSaveRequest) => http.post<{ id: number }>('/web/owner/save_or_update', body),
    onSuccess: invalidate,
  });
}

export function checkOwnerDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/web/owner/delete/check', { id });
}

export function useDeleteOwner() {
  const invalidate = useInvalidateOwners();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/web/owner/delete', { id }),
    onSuccess: invalidate,
  });
}
