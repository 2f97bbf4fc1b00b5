import {
  ZProfile,
  ZProfileUpdateRequest,
  ZResetPasswordReply,
  ZResetPasswordRequest,
  ZResetSecondFactorReply,
  ZResetSecondFactorRequest,
  ZRightConfig,
  ZRightConfigQuery,
  ZTableField,
  ZUnlockSecondFactorRequest,
  ZUserListItem,
  ZUserListRequest,
  ZUserPageRequest,
  ZUserRecord,
  ZUserSaveReply,
  ZUserSaveRequest,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction, deleteByIdRoute } from '../../platform/http/route-shapes.ts';
import type { UserAdminService } from './user-admin.service.ts';
import { listUserFields } from './user-fields.ts';

export function userRoutes(users: UserAdminService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/security/sys/user/fields',
      summary: 'The user-list columns: key, localised title, width, fixed side',
      tags: ['users'],
      auth: 'system.user',
      scope: 'read',
      response: z.array(ZTableField),
      handle: async ({ language }) => listUserFields(language),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/page',
      summary: 'Page of users, searchable by account, name, role, company and department',
      tags: ['users'],
      auth: 'system.user',
      scope: 'read',
      body: ZUserPageRequest,
      response: zPage(ZUserRecord),
      handle: ({ body, language }) => users.page(body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/list',
      summary:
        'Users for pickers (transfer target, report creator…), at most 500; without system.user only the caller’s company',
      tags: ['users'],
      auth: 'user',
      scope: 'read',
      body: ZUserListRequest,
      response: z.array(ZUserListItem),
      handle: ({ user, body, language }) => users.list(user, body, language),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/save_or_update',
      summary: 'Create a user (without id) or update one; a generated password is returned once',
      tags: ['users'],
      auth: 'system.user',
      scope: 'write',
      body: ZUserSaveRequest,
      response: ZUserSaveReply,
      handle: ({ user, body }) => users.save(user, body),
    }),
    deleteByIdRoute({
      url: '/security/sys/user/delete',
      summary:
        'Delete a user (soft) and revoke their login sessions and personal access tokens; owned sites must be transferred first',
      tags: ['users'],
      auth: 'system.user',
      remove: (id, user) => users.delete(user, id),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/reset_password',
      summary:
        'Give another user a new random password (returned once) and revoke their login sessions and personal ' +
        'access tokens; refused for the caller (the personal centre changes one’s own, with the old password)',
      tags: ['users'],
      auth: 'system.user',
      scope: 'write',
      body: ZResetPasswordRequest,
      response: ZResetPasswordReply,
      handle: ({ user, body }) => users.resetPassword(user, body.id),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/reset_second_factor',
      summary:
        'Remove another user’s second factor (lost phone): key, recovery codes, lock, remembered browsers, login ' +
        'sessions; when their role requires one, the one-time enrolment code their next login asks for is ' +
        'returned once; logged in the login log; refused for the caller',
      tags: ['users'],
      auth: 'system.user',
      scope: 'write',
      body: ZResetSecondFactorRequest,
      response: ZResetSecondFactorReply,
      handle: ({ user, body, request }) => users.resetSecondFactor(user, body.id, request.ip),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/unlock_second_factor',
      summary:
        'Lift the lock wrong codes put on another user’s second factor (key and recovery codes stay); logged in ' +
        'the login log; refused for the caller',
      tags: ['users'],
      auth: 'system.user',
      scope: 'write',
      body: ZUnlockSecondFactorRequest,
      run: ({ user, body, request }) => users.unlockSecondFactor(user, body.id, request.ip),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/user/profile',
      summary: 'The caller’s own profile for the personal centre',
      tags: ['users'],
      auth: 'user',
      scope: 'read',
      response: ZProfile,
      handle: ({ user, language }) => users.profile(user, language),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/user/update_profile',
      summary: 'The caller changes their own name, phone and e-mail',
      tags: ['users'],
      auth: 'user',
      scope: 'write',
      body: ZProfileUpdateRequest,
      run: ({ user, body }) => users.updateProfile(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/permission/user_permission',
      summary:
        'A user’s rightConfig (features, data scope, site count): the caller’s, or any with system.user',
      tags: ['security'],
      auth: 'user',
      scope: 'read',
      query: ZRightConfigQuery,
      response: ZRightConfig,
      handle: ({ user, query, language }) => users.rightConfig(user, query.userId, language),
    }),
  ];
}
