import type {
  TAssignedUsersRequest,
  TDeleteCheck,
  TRolePageRequest,
  TRoleRecord,
  TRoleRights,
  TRoleRightsRequest,
  TRoleSaveRequest,
  TUserRecord,
} from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { createDeleteHook, createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const roleKeys = {
  all: ['roles'] as const,
  page: (request: TRolePageRequest) => ['roles', 'page', request] as const,
  rights: (roleId: number) => ['roles', roleId, 'rights'] as const,
  assignedUsers: (request: TAssignedUsersRequest) =>
    ['roles', request.roleId, 'assigned-users', request] as const,
};

export function useRolePage(request: TRolePageRequest) {
  return usePageQuery<TRoleRecord>(roleKeys.page(request), '/security/sys/role/page', request);
}

export function useRoleRights(roleId: number | undefined) {
  return useQuery({
    queryKey: roleKeys.rights(roleId ?? 0),
    queryFn: () => http.get<TRoleRights>('/security/sys/role/rights', { id: roleId }),
    enabled: roleId !== undefined,
  });
}

export function useAssignedUsers(request: TAssignedUsersRequest, isEnabled: boolean) {
  return usePageQuery<TUserRecord>(
    roleKeys.assignedUsers(request),
    '/security/sys/role/assigned_users',
    request,
    isEnabled,
  );
}

/** Roles and users name each other: a change to one shows in both lists. */
const IDENTITY_QUERIES = [roleKeys.all, ['users']];

export const useSaveRole = createPostHook<TRoleSaveRequest, { id: number }>(
  '/security/sys/role/save_or_update',
  IDENTITY_QUERIES,
);

export function checkRoleDelete(id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>('/security/sys/role/delete/check', { id });
}

export const useDeleteRole = createDeleteHook('/security/sys/role/delete', IDENTITY_QUERIES);

export const useSaveRoleRights = createPostHook<TRoleRightsRequest, null>(
  '/security/sys/role/rights',
  IDENTITY_QUERIES,
);
