import { ZTagGroup, ZTagIdsRequest, ZTagListQuery, ZTagRecord, ZTagSaveRequest } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction, deleteRoutes, saveRoute } from '../../platform/http/route-shapes.ts';
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
      scope: 'read',
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
      scope: 'read',
      response: z.array(ZTagGroup),
      handle: ({ user }) => tags.groups(user),
    }),
    saveRoute({
      url: '/web/sys/tag/save_or_update',
      summary: 'Create (no id) or update a tag: unique name, #RRGGBB colour, status, group by name',
      tags: ['tags'],
      auth: 'system.tags',
      body: ZTagSaveRequest,
      save: (body) => tags.save(body),
    }),
    defineAction({
      method: 'POST',
      url: '/web/sys/tag/enable',
      summary: 'Enable tags',
      tags: ['tags'],
      auth: 'system.tags',
      scope: 'write',
      body: ZTagIdsRequest,
      run: ({ body }) => tags.setStatus(body, true),
    }),
    defineAction({
      method: 'POST',
      url: '/web/sys/tag/disable',
      summary: 'Disable tags: they stay on their sites but cannot be given to more',
      tags: ['tags'],
      auth: 'system.tags',
      scope: 'write',
      body: ZTagIdsRequest,
      run: ({ body }) => tags.setStatus(body, false),
    }),
    ...deleteRoutes({
      base: '/web/sys/tag',
      tags: ['tags'],
      auth: 'system.tags',
      summaries: {
        check: 'Whether a tag can be deleted (no site carries it)',
        remove: 'Delete a tag no site carries',
      },
      check: (id) => tags.checkDelete(id),
      remove: (id) => tags.delete(id),
    }),
  ];
}
