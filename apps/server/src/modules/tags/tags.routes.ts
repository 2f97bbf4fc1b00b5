import {
  ZDeleteCheck,
  ZIdQuery,
  ZTagGroup,
  ZTagIdsRequest,
  ZTagListQuery,
  ZTagRecord,
  ZTagSaveRequest,
} from '@masthub/shared';
import { z } from 'zod';
import { presentDeleteCheck } from '../../platform/http/delete-check.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { TagService } from './tags.service.ts';

export function tagRoutes(tags: TagService): TRouteDef[] {
  return [
    defineRoute({
      method: 'GET',
      url: '/web/sys/tag/list',
      summary:
        'Tags with colour, status, group (parentName) and usage count; filters keywords, status, group',
      tags: ['tags'],
      auth: 'user',
      query: ZTagListQuery,
      response: z.array(ZTagRecord),
      handle: ({ user, query }) => tags.list(user, query),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sys/tag/group/list',
      summary: 'Tag groups with their tags',
      tags: ['tags'],
      auth: 'user',
      response: z.array(ZTagGroup),
      handle: ({ user }) => tags.groups(user),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sys/tag/save_or_update',
      summary: 'Create (no id) or update a tag: unique name, #RRGGBB colour, status, group by name',
      tags: ['tags'],
      auth: 'system.tags',
      body: ZTagSaveRequest,
      response: z.object({ id: z.number().int() }),
      handle: ({ body }) => tags.save(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sys/tag/enable',
      summary: 'Enable tags',
      tags: ['tags'],
      auth: 'system.tags',
      body: ZTagIdsRequest,
      handle: async ({ body }) => {
        await tags.setStatus(body, true);
        return null;
      },
    }),
    defineRoute({
      method: 'POST',
      url: '/web/sys/tag/disable',
      summary: 'Disable tags: they stay on their sites but cannot be given to more',
      tags: ['tags'],
      auth: 'system.tags',
      body: ZTagIdsRequest,
      handle: async ({ body }) => {
        await tags.setStatus(body, false);
        return null;
      },
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sys/tag/delete/check',
      summary: 'Whether a tag can be deleted (no site carries it)',
      tags: ['tags'],
      auth: 'system.tags',
      query: ZIdQuery,
      response: ZDeleteCheck,
      handle: async ({ query, language }) => presentDeleteCheck(await tags.checkDelete(query.id), language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/sys/tag/delete',
      summary: 'Delete a tag no site carries',
      tags: ['tags'],
      auth: 'system.tags',
      query: ZIdQuery,
      handle: async ({ query }) => {
        await tags.delete(query.id);
        return null;
      },
    }),
  ];
}
