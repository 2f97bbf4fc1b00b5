import { ZMessage, ZMessagePageRequest, zPage } from '@masthub/shared';
import { z } from 'zod';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import { defineAction } from '../../platform/http/route-shapes.ts';
import type { MessageService } from './messages.service.ts';

const ZIdList = z
  .string()
  .regex(/^\d+(,\d+)*$/)
  .transform((s) => s.split(',').map(Number));

export function messageRoutes(messages: MessageService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/message/page',
      summary: 'The caller’s messages, newest first',
      tags: ['messages'],
      auth: 'user',
      scope: 'read',
      body: ZMessagePageRequest,
      response: zPage(ZMessage),
      handle: ({ user, body, language }) => messages.page(user, body, language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/message/has_not_read',
      summary: 'How many of the caller’s messages are unread',
      tags: ['messages'],
      auth: 'user',
      scope: 'read',
      response: z.object({ count: z.number().int() }),
      handle: ({ user }) => messages.countUnread(user),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/message/read',
      summary: 'Mark the caller’s messages read (ids comma-separated)',
      tags: ['messages'],
      auth: 'user',
      scope: 'write',
      query: z.object({ ids: ZIdList }),
      response: z.object({ updated: z.number().int() }),
      handle: ({ user, query }) => messages.markRead(user, query.ids),
    }),
    defineAction({
      method: 'GET',
      url: '/web/message/ignore',
      summary: 'Ignore one of the caller’s messages',
      tags: ['messages'],
      auth: 'user',
      scope: 'write',
      query: z.object({ id: z.coerce.number().int().positive() }),
      run: ({ user, query }) => messages.ignore(user, query.id),
    }),
  ];
}
