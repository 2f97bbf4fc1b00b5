import {
  ZAuthorizeStationReply,
  ZAuthorizeStationRequest,
  ZStationAccessRecord,
  ZStationOption,
  ZStationOptionsRequest,
  ZStationUserPageRequest,
  ZTransferAuthorityQuery,
  ZTransferAuthorityReply,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { StationGrantService } from './station-grants.service.ts';

export function accessRoutes(grants: StationGrantService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/security/sys/permission/user_authorize_station',
      summary: 'Add or remove a user’s direct site assignments (role access and ownership cannot be removed)',
      tags: ['access'],
      auth: 'system.user',
      scope: 'write',
      body: ZAuthorizeStationRequest,
      response: ZAuthorizeStationReply,
      handle: ({ user, body }) => grants.authorize(user, body),
    }),
    defineRoute({
      method: 'GET',
      url: '/security/sys/user/transfer_authority',
      summary: 'Transfer ownership of a user’s sites (all, or the given stationIds) to another user',
      tags: ['access'],
      auth: 'system.user',
      scope: 'write',
      query: ZTransferAuthorityQuery,
      response: ZTransferAuthorityReply,
      handle: ({ user, query }) => grants.transfer(user, query),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/user/station_user_page',
      summary: 'Page of the sites a user reaches (with role / assigned / owner) or could be assigned',
      tags: ['access'],
      auth: 'system.user',
      scope: 'read',
      body: ZStationUserPageRequest,
      response: zPage(ZStationAccessRecord),
      handle: ({ user, body }) => grants.pageForUser(user, body),
    }),
    defineRoute({
      method: 'POST',
      url: '/security/sys/permission/station_options',
      summary: 'Sites the caller may see whose code or project contains the keywords, for pickers',
      tags: ['access'],
      auth: 'user',
      scope: 'read',
      body: ZStationOptionsRequest,
      response: z.array(ZStationOption),
      handle: ({ user, body }) => grants.listOptions(user, body),
    }),
  ];
}
