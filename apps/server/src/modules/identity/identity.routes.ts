import {
  ZChangePasswordRequest,
  ZLoginReply,
  ZLoginRequest,
  ZLoginResult,
  ZRecoveryCodes,
  ZSecondFactorChallengeRequest,
  ZSecondFactorDisableRequest,
  ZSecondFactorEnableRequest,
  ZSecondFactorLoginEnableReply,
  ZSecondFactorLoginEnableRequest,
  ZSecondFactorLoginRequest,
  ZSecondFactorSetup,
  ZSecondFactorStatus,
} from '@masthub/shared';
import type { FastifyRequest } from 'fastify';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { IdentityService } from './identity.service.ts';
import type { SecondFactorService } from './second-factor.service.ts';

function clientOf(request: FastifyRequest) {
  return { ip: request.ip, userAgent: request.headers['user-agent'] ?? null };
}

export function identityRoutes(identity: IdentityService, secondFactors: SecondFactorService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/login',
      summary:
        'Log in with account and password; returns the token and the user’s features, or a challenge when a ' +
        'second factor is needed (secondFactor: verify — enter the code; setup — the role requires one)',
      tags: ['security'],
      auth: 'public',
      scope: 'public',
      body: ZLoginRequest,
      response: ZLoginResult,
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
      url: '/security/sys/user/login/second_factor',
      summary:
        'Second login step: the authenticator code or a recovery code for a verify challenge; wrong codes ' +
        'count toward the login limits and, in the database, toward a lock of the codes (423; a recovery code ' +
        'still works); a code is accepted once; rememberDevice skips the code in this browser',
      tags: ['security'],
      auth: 'public',
      scope: 'public',
      body: ZSecondFactorLoginRequest,
      response: ZLoginReply,
      handle: ({ body, request }) => identity.loginWithSecondFactor({ ...body, ...clientOf(request) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/login/second_factor/setup',
      summary:
        'A new authenticator key (otpauth URI, QR code) for a setup challenge (the role requires one), given the ' +
        'one-time enrolment code an administrator handed over; a wrong code counts like a wrong login code',
      tags: ['security'],
      auth: 'public',
      scope: 'public',
      body: ZSecondFactorChallengeRequest,
      response: ZSecondFactorSetup,
      handle: ({ body, request }) => identity.beginSetupAtLogin({ ...body, ...clientOf(request) }),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/login/second_factor/enable',
      summary:
        'Confirms the key of a setup challenge with its first code and the enrolment code (spent now): opens ' +
        'the session and returns the recovery codes once',
      tags: ['security'],
      auth: 'public',
      scope: 'public',
      body: ZSecondFactorLoginEnableRequest,
      response: ZSecondFactorLoginEnableReply,
      handle: ({ body, request }) => identity.enableAtLogin({ ...body, ...clientOf(request) }),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/user/second_factor',
      summary: 'The caller’s two-factor login: on or off, required by the role, recovery codes left',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      response: ZSecondFactorStatus,
      handle: ({ user }) => secondFactors.status(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/second_factor/setup',
      summary: 'A new authenticator key for the caller (otpauth URI, QR code), confirmed by …/enable',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      response: ZSecondFactorSetup,
      handle: ({ user }) => secondFactors.beginSetup(user.id, user.account),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/second_factor/enable',
      summary: 'Turns two-factor login on with the first code of the new key; the recovery codes, shown once',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      body: ZSecondFactorEnableRequest,
      response: ZRecoveryCodes,
      handle: async ({ user, body, request }) => ({
        recoveryCodes: await secondFactors.confirmSetup(user, body.code, clientOf(request)),
      }),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/second_factor/disable',
      summary:
        'Turns the caller’s two-factor login off with a current or recovery code, unless the role requires it',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      body: ZSecondFactorDisableRequest,
      run: ({ user, body, request }) => secondFactors.disable(user, body.code, clientOf(request)),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/logout',
      summary: 'Log out: revokes the calling token',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      run: ({ user }) => identity.logout(user),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/change_password',
      summary:
        'Change the caller’s password; every login session and personal access token of the user is revoked ' +
        '(log in again, make new tokens)',
      tags: ['security'],
      auth: 'user',
      scope: 'session-only',
      // Account security: with a login session only, never with a personal access token.
      body: ZChangePasswordRequest,
      run: ({ user, body }) => identity.changePassword(user, body),
    }),
  ];
}
