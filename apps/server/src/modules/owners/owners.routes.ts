import {
  ZDeleteCheck,
  ZIdQuery,
  ZOwnerPageRequest,
  ZOwnerRecord,
  ZOwnerSaveRequest,
  zPage,
} from '@masthub/shared';
import { z } from 'zod';
import { SERVER_TEXTS } from '../../i18n/index.ts';
import { presentDeleteCheck } from '../../platform/http/delete-check.ts';
import { defineRoute, type TRouteDef } from '../../platform/http/route.ts';
import type { OwnerService } from './owners.service.ts';

export function ownerRoutes(owners: OwnerService): TRouteDef[] {
  return [
    defineRoute({
      method: 'POST',
      url: '/web/owner/page',
      summary: `Page of owner parties (${SERVER_TEXTS['common.ownerParty'].zh}) with their site counts; keywords match name, phone, e-mail`,
      tags: ['owners'],
      auth: 'system.owner',
      body: ZOwnerPageRequest,
      response: zPage(ZOwnerRecord),
      handle: ({ body }) => owners.page(body),
    }),
    defineRoute({
      method: 'POST',
      url: '/web/owner/save_or_update',
      summary: 'Create (no id) or update an owner: name required and unique, phone and e-mail optional',
      tags: ['owners'],
      auth: 'system.owner',
      body: ZOwnerSaveRequest,
      response: z.object({ id: z.number().int() }),
      handle: ({ body }) => owners.save(body),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/owner/delete/check',
      summary: 'Whether an owner can be deleted (not linked to any site), with the reasons',
      tags: ['owners'],
      auth: 'system.owner',
      query: ZIdQuery,
      response: ZDeleteCheck,
      handle: async ({ query, language }) => presentDeleteCheck(await owners.checkDelete(query.id), language),
    }),
    defineRoute({
      method: 'GET',
      url: '/web/owner/delete',
      summary: 'Delete an owner that no site uses',
      tags: ['owners'],
      auth: 'system.owner',
      query: ZIdQuery,
      handle: async ({ query }) => {
        await owners.delete(query.id);
        return null;
      },
    }),
  ];
}
