import type {
  TAccessTokenAdminPageRequest,
  TAccessTokenAdminRecord,
  TAccessTokenCreated,
  TAccessTokenCreateRequest,
  TAccessTokenRecord,
} from '@masthub/shared';
import { useQuery } from '@tanstack/react-query';
import { createIdPostHook, createPostHook, usePageQuery } from '../../request/queries.ts';
import { http } from '../../request/request.ts';

export const accessTokenKeys = {
  all: ['access-tokens'] as const,
  own: ['access-tokens', 'own'] as const,
  admin: (request: object) => ['access-tokens', 'admin', request] as const,
};

/** The caller's personal access tokens (never their secrets). */
export function useOwnAccessTokens() {
  return useQuery({
    queryKey: accessTokenKeys.own,
    queryFn: () => http.get<TAccessTokenRecord[]>('/security/sys/user/access_token/list'),
  });
}

/** Makes a token; the reply carries the secret, shown once. */
export const useCreateAccessToken = createPostHook<TAccessTokenCreateRequest, TAccessTokenCreated>(
  '/security/sys/user/access_token/create',
  [accessTokenKeys.all],
);

export const useRevokeOwnAccessToken = createIdPostHook<null>('/security/sys/user/access_token/revoke', [
  accessTokenKeys.all,
]);

/** Administrators: the tokens of their company's users (one user's with `userId`). */
export function useAdminAccessTokens(request: TAccessTokenAdminPageRequest, isEnabled = true) {
  return usePageQuery<TAccessTokenAdminRecord>(
    accessTokenKeys.admin(request),
    '/security/sys/access_token/page',
    request,
    isEnabled,
  );
}

export const useRevokeAccessTokenAsAdmin = createIdPostHook<null>('/security/sys/access_token/revoke', [
  accessTokenKeys.all,
]);
