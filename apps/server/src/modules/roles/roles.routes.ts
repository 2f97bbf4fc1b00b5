import {
  ZAssignedUsersRequest,
  ZDropDownOption,
  ZDropDownQuery,
  ZIdQuery,
  ZRoleDetail,
  ZRolePageRequest,
  ZRoleRecord,
  ZRoleRights,
  ZRoleRightsRequest,
  ZRoleSaveRequest,
  ZUserRecord,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import {
  defineAction,
  deleteByIdRoute,
  deleteCheckRoute,
  saveRoute,
} from '../../platform/http/route-shapes.ts';
import type { RoleService } from './roles.service.ts';

export function roleRoutes(roles: RoleService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/role/page',
      summary: 'Page of roles with user and feature counts',
      tags: ['roles'],
      auth: 'system.role',
      body: ZRolePageRequest,
      response: zPage(ZRoleRecord),
      handle: ({ body }) => roles.page(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/role/detail',
      summary: 'A role with its features, data scope and site ids',
      tags: ['roles'],
      auth: 'system.role',
      query: ZIdQuery,
      response: ZRoleDetail,
      handle: ({ query }) => roles.detail(query.id),
    }),
    saveRoute({
      url: '/security/sys/role/save_or_update',
      summary: 'Create a role (without id) or rename / describe one',
      tags: ['roles'],
      auth: 'system.role',
      body: ZRoleSaveRequest,
      save: (body, user) => roles.save(user, body),
    }),
    deleteByIdRoute({
      url: '/security/sys/role/delete',
      summary: 'Delete a role no user holds (never the administrator role)',
      tags: ['roles'],
      auth: 'system.role',
      remove: (id, user) => roles.delete(user, id),
    }),
    deleteCheckRoute({
      url: '/security/sys/role/delete/check',
      summary: 'Whether a role can be deleted, and why not',
      tags: ['roles'],
      auth: 'system.role',
      check: (id) => roles.checkDelete(id),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/role/rights',
      summary: 'A role’s function permissions and data permissions',
      tags: ['roles'],
      auth: 'system.role',
      query: ZIdQuery,
      response: ZRoleRights,
      handle: ({ query }) => roles.rights(query.id),
    }),
    defineAction({
      method: 'POST',
      url: '/security/sys/role/rights',
      summary: 'Replace a role’s features, data scope (all | list) and site list',
      tags: ['roles'],
      auth: 'system.role',
      body: ZRoleRightsRequest,
      run: ({ user, body }) => roles.saveRights(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/role/assigned_users',
      summary: 'Page of the users holding a role',
      tags: ['roles'],
      auth: 'system.role',
      body: ZAssignedUsersRequest,
      response: zPage(ZUserRecord),
      handle: ({ body }) => roles.assignedUsers(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/role/drop_down_search',
      summary: 'Roles whose name contains the keywords (at most 50)',
      tags: ['roles'],
      auth: 'user',
      query: ZDropDownQuery,
      response: z.array(ZDropDownOption),
      handle: ({ query }) => roles.search(query.keywords),
    }),
  ];
}
