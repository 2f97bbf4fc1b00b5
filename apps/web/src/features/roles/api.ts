import type {
  TAssignedUsersRequest,
  TDeleteCheck,
  TPage,
  TRolePageRequest,
  TRoleRecord,
  TRoleRights,
  TRoleRightsRequest,
  TRoleSaveRequest,
  TUserRecord,
} from '@masthub/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../request/request.ts';

export const roleKeys = {
  all: ['roles'] as const,
  page: (request: TRolePageRequest) => ['roles', 'page', request] as const,
  rights: (roleId: number) => ['roles', roleId, 'rights'] as const,
  assignedUsers: (request: TAssignedUsersRequest) =>
    ['roles', request.roleId, 'assigned-users', request] as const,
};

export function useRolePage(request: TRolePageRequest) {
  return useQuery({
    queryKey: roleKeys.page(request),
    queryFn: () => http.post<TPage<TRoleRecord>>('/security/sys/role/page', request),
    placeholderData: keepPreviousData,
  });
}

export function useRoleRights(roleId: number | undefined) {
  return useQuery({
    queryKey: roleKeys.rights(roleId ?? 0),
    queryFn: () => http.get<TRoleRights>('/security/sys/role/rights', { id: roleId }),
    enabled: roleId !== undefined,
  });
}

export function useAssignedUsers(request: TAssignedUsersRequest, isEnabled: boolean) {
  return useQuery({
    queryKey: roleKeys.assignedUsers(request),
    queryFn: () => http.post<TPage<TUserRecord>>('/security/sys/role/assigned_users', request),
    placeholderData: keepPreviousData,
    enabled: isEnabled,
  });
}

function useInvalidateIdentity() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: roleKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['users'] }),
    ]);
}

export function useSaveRole() {
  const invalidate = useInvalidateIdentity();
  return useMutation({
    mutationFn: (body: TRoleSaveRequest) =>
      http.post<{ id: number }>('/security/sys/role/save_or_update', body),
    onSuccess: invalidate,
  });
}

export function checkRoleDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/security/sys/role/delete/check', { id });
}

export function useDeleteRole() {
  const invalidate = useInvalidateIdentity();
  return useMutation({
    mutationFn: (id: number) => http.get<null>('/security/sys/role/delete', { id }),
    onSuccess: invalidate,
  });
}

export function useSaveRoleRights() {
  const invalidate = useInvalidateIdentity();
  return useMutation({
    mutationFn: (body: TRoleRightsRequest) => http.post<null>('/security/sys/role/rights', body),
    onSuccess: invalidate,
  });
}
