import {
  ZAccessTokenAdminPageRequest,
  ZAccessTokenAdminRecord,
  ZAccessTokenCreated,
  ZAccessTokenCreateRequest,
  ZAccessTokenRecord,
  ZAccessTokenRevokeRequest,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { AccessTokenService } from './access-tokens.service.ts';

/** Personal access tokens: the user's own (personal centre) and the company's (administrators); login session only. */
export function accessTokenRoutes(tokens: AccessTokenService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/security/sys/user/access_token/list',
      summary:
        'The caller’s personal access tokens: scopes, sites, expiry, last use and address (never the secret)',
      tags: ['access-tokens'],
      auth: 'user',
      scope: 'session-only',
      response: z.array(ZAccessTokenRecord),
      handle: ({ user }) => tokens.listOwn(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/access_token/create',
      summary:
        'Make a personal access token: name, validity (1–365 days), scopes, optionally some of the caller’s ' +
        'sites; the secret is in this reply only',
      tags: ['access-tokens'],
      auth: 'user',
      scope: 'session-only',
      body: ZAccessTokenCreateRequest,
      response: ZAccessTokenCreated,
      handle: ({ user, body }) => tokens.create(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/access_token/revoke',
      summary: 'Revoke one of the caller’s personal access tokens: refused from the next call on',
      tags: ['access-tokens'],
      auth: 'user',
      scope: 'session-only',
      body: ZAccessTokenRevokeRequest,
      run: ({ user, body }) => tokens.revokeOwn(user, body.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/access_token/page',
      summary:
        'The personal access tokens of the users of the caller’s company (every company for a system administrator)',
      tags: ['access-tokens'],
      auth: 'system.user',
      scope: 'session-only',
      body: ZAccessTokenAdminPageRequest,
      response: zPage(ZAccessTokenAdminRecord),
      handle: ({ user, body }) => tokens.page(user, body),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/access_token/revoke',
      summary: 'Revoke a personal access token of a user of the caller’s company whom the caller may manage',
      tags: ['access-tokens'],
      auth: 'system.user',
      scope: 'session-only',
      body: ZAccessTokenRevokeRequest,
      run: ({ user, body }) => tokens.revokeAsAdministrator(user, body.id),
    }),
  ];
}
