import type {
  TAuthorizeStationRequest,
  TCompanyNode,
  TDeleteCheck,
  TDropDownOption,
  TResetPasswordReply,
  TResetSecondFactorReply,
  TRightConfig,
  TStationAccessRecord,
  TStationUserPageRequest,
  TTableField,
  TUserListItem,
  TUserListRequest,
  TUserPageRequest,
  TUserRecord,
  TUserSaveInput,
  TUserSaveReply,
} from '@masthub/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  createIdPostHook,
  createPostHook,
  useInvalidatingMutation,
  usePageQuery,
} from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const userKeys = {
  all: ['users'] as const,
  fields: ['users', 'fields'] as const,
  page: (request: TUserPageRequest) => ['users', 'page', request] as const,
  list: (request: TUserListRequest) => ['users', 'list', request] as const,
  rightConfig: (userId: number) => ['users', userId, 'right-config'] as const,
  stations: (request: TStationUserPageRequest) => ['users', request.userId, 'stations', request] as const,
};

export const organisationKeys = {
  all: ['organisations'] as const,
  tree: ['organisations', 'tree'] as const,
  companies: (keywords: string) => ['organisations', 'companies', keywords] as const,
  groups: (companyId: number | undefined) => ['organisations', 'groups', companyId ?? 'all'] as const,
};

/** The user-list columns (server-driven, SPEC §3). */
export function useUserFields() {
  return useQuery({
    queryKey: userKeys.fields,
    queryFn: () => http.get<TTableField[]>('/security/sys/user/fields'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useUserPage(request: TUserPageRequest) {
  return usePageQuery<TUserRecord>(userKeys.page(request), '/security/sys/user/page', request);
}

/** Users for pickers (transfer target), at most 500. */
export function useUserOptions(request: TUserListRequest, isEnabled = true) {
  return useQuery({
    queryKey: userKeys.list(request),
    queryFn: () => http.post<TUserListItem[]>('/security/sys/user/list', request),
    enabled: isEnabled,
  });
}

export function useRightConfig(userId: number | undefined) {
  return useQuery({
    queryKey: userKeys.rightConfig(userId ?? 0),
    queryFn: () => http.get<TRightConfig>('/security/sys/permission/user_permission', { userId }),
    enabled: userId !== undefined,
  });
}

export function useStationUserPage(request: TStationUserPageRequest, isEnabled = true) {
  return usePageQuery<TStationAccessRecord>(
    userKeys.stations(request),
    '/security/sys/user/station_user_page',
    request,
    isEnabled,
  );
}

export const useSaveUser = createPostHook<TUserSaveInput, TUserSaveReply>(
  '/security/sys/user/save_or_update',
  [userKeys.all, organisationKeys.all, ['roles']],
);

/** The refusal (owned sites, self, built-in admin) is handled by the caller: the call is silent. */
export function useDeleteUser() {
  return useInvalidatingMutation(
    (id: number) => http.get<null>('/security/sys/user/delete', { id }, { silent: true }),
    [userKeys.all, organisationKeys.all, ['roles']],
  );
}

/** A new password for another user; their sessions and personal access tokens are revoked. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (id: number) => http.post<TResetPasswordReply>('/security/sys/user/reset_password', { id }),
  });
}

/**
 * An administrator removes another user's second factor (a lost phone); logged in the login log. The
 * enrolment code comes back once when the user's role requires a second factor.
 */
export const useResetSecondFactor = createIdPostHook<TResetSecondFactorReply>(
  '/security/sys/user/reset_second_factor',
  [userKeys.all],
);

/** An administrator lifts the lock wrong codes put on another user's second factor. */
export const useUnlockSecondFactor = createIdPostHook<null>('/security/sys/user/unlock_second_factor', [
  userKeys.all,
]);

export const useAuthorizeStations = createPostHook<TAuthorizeStationRequest, { changed: number }>(
  '/security/sys/permission/user_authorize_station',
  [userKeys.all],
);

export interface TransferInput {
  fromUserId: number;
  toUserId: number;
  /** Omitted: every site the user owns. */
  stationIds?: readonly number[];
}

export function useTransferAuthority() {
  return useInvalidatingMutation(
    ({ fromUserId, toUserId, stationIds }: TransferInput) =>
      http.get<{ transferred: number; stationIds: number[] }>('/security/sys/user/transfer_authority', {
        fromUserId,
        toUserId,
        stationIds: stationIds && stationIds.length > 0 ? stationIds : undefined,
      }),
    [userKeys.all],
  );
}

// Companies and departments (managed from the user list).

export function useOrganisationTree() {
  return useQuery({
    queryKey: organisationKeys.tree,
    queryFn: () => http.post<TCompanyNode[]>('/security/sys/group/list', {}),
  });
}

export function useCompanyOptions() {
  return useQuery({
    queryKey: organisationKeys.companies(''),
    queryFn: () => http.get<TDropDownOption[]>('/security/sys/company/drop_down_search'),
  });
}

export function useGroupOptions(companyId: number | undefined) {
  return useQuery({
    queryKey: organisationKeys.groups(companyId),
    queryFn: () => http.get<TDropDownOption[]>('/security/sys/group/drop_down_search', { companyId }),
    enabled: companyId !== undefined,
  });
}

export function useRoleOptions() {
  return useQuery({
    queryKey: ['roles', 'options'],
    queryFn: () => http.get<TDropDownOption[]>('/security/sys/role/drop_down_search'),
  });
}

export type OrgKind = 'company' | 'group';

export interface OrgSaveInput {
  kind: OrgKind;
  /** Present when renaming. */
  id?: number;
  /** A new department's company. */
  companyId?: number;
  name: string;
}

export function useSaveOrganisation() {
  return useInvalidatingMutation(
    ({ kind, id, companyId, name }: OrgSaveInput) => {
      if (kind === 'company') {
        return id === undefined
          ? http.post<unknown>('/security/sys/company/save', { name })
          : http.post<unknown>('/security/sys/company/update', { id, name });
      }
      return id === undefined
        ? http.post<unknown>('/security/sys/group/save', { companyId, name })
        : http.post<unknown>('/security/sys/group/update', { id, name });
    },
    [organisationKeys.all, userKeys.all],
  );
}

export function checkOrganisationDelete(kind: OrgKind, id: number): Promise<TDeleteCheck> {
  return http.get<TDeleteCheck>(`/security/sys/${kind}/delete/check`, { id });
}

export function useDeleteOrganisation() {
  return useInvalidatingMutation(
    ({ kind, id }: { kind: OrgKind; id: number }) => http.post<null>(`/security/sys/${kind}/delete`, { id }),
    [organisationKeys.all, userKeys.all],
  );
}
