import { ZChangePasswordRequest, ZLoginReply, ZLoginRequest } from '@masthub/shared';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { IdentityService } from './identity.service.ts';

export function identityRoutes(identity: IdentityService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/login',
      summary: 'Log in with account and password; returns the token and the user’s features',
      tags: ['security'],
      auth: 'public',
      body: ZLoginRequest,
      response: ZLoginReply,
      handle: ({ body, request }) =>
        identity.login({
          account: body.account,
          password: body.password,
          ip: request.ip,
          userAgent: request.headers['user-agent'] ?? null,
          deviceToken: body.deviceToken,
        }),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/logout',
      summary: 'Log out: revokes the calling token',
      tags: ['security'],
      auth: 'user',
      handle: async ({ user }) => {
        await identity.logout(user);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/change_password',
      summary: 'Change the caller’s password; every token of the user is revoked (log in again)',
      tags: ['security'],
      auth: 'user',
      body: ZChangePasswordRequest,
      handle: async ({ user, body }) => {
        await identity.changePassword(user, body);
        return null;
      },
    }),
  ];
}
